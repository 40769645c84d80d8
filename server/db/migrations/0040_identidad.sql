-- Identity with levels of assurance (issue 30). Registration proves a mailbox only; an account is
-- bound to the person of its document (type and number) only with proof, recorded here:
--   invitacion   the PIN that registered or signed the account in went to the address the granter
--                recorded for that document (the admin on a staff row, a client on a representative)
--   certificado  a qualified certificate whose NIF/NIE is the account's document
--   oficina      staff of a notaría checked the document in person or by video (detalle says which)
-- Staff roles (public.personal by document), the admin role (ADMIN_DOCUMENTS) and representations a
-- client recorded reach an account only when its row here exists: server/auth/identidad.ts, and
-- the database's own checks below (public.cuenta_probada) for RLS.
create table servicios.identidades (
  usuario_id uuid primary key references servicios.usuarios(id) on delete cascade,
  metodo text not null check (metodo in ('invitacion', 'certificado', 'oficina')),
  -- how, in words the office and the client read: 'presencial' / 'videoconferencia', or the invitation's origin
  detalle text,
  probado_at timestamptz not null default now(),
  -- the staff member (usuario) who checked it at the office; null for invitations and certificates
  probado_por uuid references servicios.usuarios(id) on delete set null
);
create index identidades_probado_por on servicios.identidades (probado_por);

-- A document registered by an unproven account does not block its owner: when the proven person
-- registers it, the earlier account is displaced (desplazado_at): it keeps what it created, can no
-- longer sign in with that document, and the office sees the conflict in /despacho.
alter table servicios.usuarios add column desplazado_at timestamptz;
alter table servicios.usuarios add column desplazado_por uuid references servicios.usuarios(id) on delete set null;
alter table servicios.usuarios drop constraint if exists usuarios_tipo_documento_numero_documento_key;
create unique index usuarios_documento_vigente on servicios.usuarios (tipo_documento, numero_documento)
  where desplazado_at is null;
create index usuarios_desplazado_por on servicios.usuarios (desplazado_por);

-- The audit log says how an identity was proven (entity 'identidad', detalle = method and origin).
-- The allowed entities are those of the constraint in force, in either form it may have been
-- written in ('a', 'b' or '{a,b}'), plus every entity known so far, plus 'identidad'.
alter table servicios.audit_log add column if not exists detalle text;
do $$
declare
  def text;
  actuales text[] := array['persona', 'privilegio', 'expediente', 'acto', 'cita', 'documento', 'copia', 'mensaje', 'identidad'];
begin
  for def in select pg_get_constraintdef(oid) from pg_constraint
              where conrelid = 'servicios.audit_log'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%entity%' loop
    actuales := actuales
      || array(select m[1] from regexp_matches(def, '''([a-z_]+)''', 'g') m)
      || array(select unnest(string_to_array(m[1], ',')) from regexp_matches(def, '\{([a-z_,]+)\}', 'g') m);
  end loop;
  execute (select string_agg(format('alter table servicios.audit_log drop constraint %I', conname), '; ')
             from pg_constraint where conrelid = 'servicios.audit_log'::regclass and contype = 'c'
              and pg_get_constraintdef(oid) like '%entity%');
  select array_agg(distinct e) into actuales from unnest(actuales) e;
  execute format('alter table servicios.audit_log add constraint audit_log_entity_check check (entity = any (%L::text[]))', actuales);
end
$$;

-- False when the token's person (sub) is held by an account that is not bound to its document by
-- proof, or that its owner displaced. Tokens come only from the server's sign-in, so a person with
-- no account at all holds none. Security definer: the request roles have no access to schema
-- servicios. Evaluated only after the cheap claim checks below, so clients' requests never pay for it.
create or replace function public.cuenta_probada() returns boolean
language sql stable security definer set search_path = pg_catalog, public as $$
  select not exists (
    select 1 from servicios.usuarios u
     where u.persona_id = public.persona_actual()
       and (u.desplazado_at is not null
            or not exists (select 1 from servicios.identidades i where i.usuario_id = u.id)))
$$;
revoke all on function public.cuenta_probada() from public;
grant execute on function public.cuenta_probada() to anon, authenticated;

-- The database does not take the token's word alone: staff rights and the admin role also need
-- the account to be proven now (a token issued before a displacement grants nothing).
create or replace function public.es_personal_de(p_notaria_id bigint) returns boolean
language sql stable as $$
  select p_notaria_id = any (public.notarias_de_personal()) and public.cuenta_probada()
$$;

create or replace function public.es_admin() returns boolean
language sql stable as $$
  select public.jwt_claims() ->> 'app_role' = 'admin' and public.cuenta_probada()
$$;
