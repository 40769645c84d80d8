-- Second factor and visible sessions (issue 30, "factores"; docs/security.md).
--
-- A session records how it was started (metodo), the last strong proof made in it (a passkey or a
-- certificate: factor_fuerte, factor_fuerte_at, read by the step-up rule of 15 minutes), the device
-- (user agent, shown in /perfil) and when it was last used (each token refresh). `version` counts
-- changes of the account's rights: a token carries the version it was issued with, and the server
-- refuses it (401, the portal refreshes and gets the new rights) once the session's version moved on.
alter table servicios.sesiones
  add column metodo text not null default 'pin' constraint sesiones_metodo check (metodo in ('pin', 'certificado', 'passkey')),
  add column factor_fuerte text constraint sesiones_factor_fuerte check (factor_fuerte in ('certificado', 'passkey')),
  add column factor_fuerte_at timestamptz,
  add column user_agent text,
  add column last_used_at timestamptz not null default now(),
  add column version integer not null default 1;

-- Passkeys (WebAuthn credentials) of an account: named by their owner, listed and removable in /perfil.
create table servicios.llaves_acceso (
  id uuid primary key default gen_random_uuid(),
  usuario_id uuid not null references servicios.usuarios(id) on delete cascade,
  -- the credential id the authenticator chose, base64url
  credential_id text not null constraint llaves_acceso_credencial_unica unique,
  public_key bytea not null,
  contador bigint not null default 0,
  transportes text[] not null default '{}',
  nombre text not null constraint llaves_acceso_nombre check (length(nombre) between 1 and 60),
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index llaves_acceso_usuario on servicios.llaves_acceso (usuario_id);

-- WebAuthn challenges: each used once, within 5 minutes. Kept in the database so any instance
-- checks the answer to a challenge another one issued.
create table servicios.retos_webauthn (
  id uuid primary key default gen_random_uuid(),
  reto text not null,
  proposito text not null constraint retos_webauthn_proposito check (proposito in ('alta', 'acceso', 'confirmar')),
  usuario_id uuid references servicios.usuarios(id) on delete cascade,
  expires_at timestamptz not null
);
create index retos_webauthn_expira on servicios.retos_webauthn (expires_at);
create index retos_webauthn_reto on servicios.retos_webauthn (reto);
create index retos_webauthn_usuario on servicios.retos_webauthn (usuario_id);

-- Rights changed: the live sessions of the accounts concerned get a new version, so their tokens
-- stop working within seconds on every instance (server/auth/sesion-viva.ts), not at the next refresh.
-- They run as their owner: the admin changes public.personal as role authenticated, which cannot
-- touch schema servicios.
create function servicios.derechos_cambiados_documento(p_tipo text, p_numero text) returns void
language sql security definer set search_path = servicios, pg_temp as $$
  update servicios.sesiones s set version = s.version + 1
    from servicios.usuarios u
   where s.usuario_id = u.id and s.revoked_at is null and s.expires_at > now()
     and u.tipo_documento = p_tipo and u.numero_documento = upper(p_numero)
$$;

create function servicios.personal_derechos_cambiados() returns trigger
language plpgsql security definer set search_path = servicios, pg_temp as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.numero_documento is not null then
    perform servicios.derechos_cambiados_documento(old.tipo_documento, old.numero_documento);
  end if;
  if tg_op in ('UPDATE', 'INSERT') and new.numero_documento is not null
     and (tg_op = 'INSERT' or new.numero_documento is distinct from old.numero_documento or new.tipo_documento is distinct from old.tipo_documento) then
    perform servicios.derechos_cambiados_documento(new.tipo_documento, new.numero_documento);
  end if;
  return null;
end $$;

create trigger personal_derechos_cambiados
  after insert or delete or update of is_active, notaria_id, tipo_documento, numero_documento on public.personal
  for each row execute function servicios.personal_derechos_cambiados();

create function servicios.roles_derechos_cambiados() returns trigger
language plpgsql security definer set search_path = servicios, pg_temp as $$
begin
  update servicios.sesiones set version = version + 1
   where usuario_id in (case when tg_op <> 'INSERT' then old.usuario_id end, case when tg_op <> 'DELETE' then new.usuario_id end)
     and revoked_at is null and expires_at > now();
  return null;
end $$;

revoke all on function servicios.derechos_cambiados_documento(text, text) from public;

create trigger usuario_roles_derechos_cambiados
  after insert or delete or update on servicios.usuario_roles
  for each row execute function servicios.roles_derechos_cambiados();
