-- Roles are data, and sign-in cannot be turned against its users.

-- The roles of each account, read at sign-in and at every token refresh (so removing a row takes
-- effect at the next refresh). Every account is 'cliente'; 'admin' is granted by the server from
-- ADMIN_DOCUMENTS (type and number must both match), never by registration. Staff roles of given
-- notarías are added by widening the check below: a staff row names its notaria_id.
create table servicios.usuario_roles (
  usuario_id uuid not null references servicios.usuarios(id) on delete cascade,
  rol text not null constraint usuario_roles_rol check (rol in ('cliente', 'admin')),
  -- the notaría a role is held at (staff roles); null for roles that hold everywhere
  notaria_id bigint references public.notarias(id) on delete cascade,
  -- who granted it: 'registro' (every account), 'ADMIN_DOCUMENTS' (the server's configuration,
  -- withdrawn at start when the configuration no longer names the account), or an admin
  origen text not null default 'registro',
  created_at timestamptz not null default now()
);
create unique index usuario_roles_unico on servicios.usuario_roles (usuario_id, rol, coalesce(notaria_id, 0));
create index usuario_roles_notaria on servicios.usuario_roles (notaria_id);

-- A new account is a client, whoever creates it (registration, seed, SQL): never more.
create function servicios.rol_cliente_inicial() returns trigger
language plpgsql as $$
begin
  insert into servicios.usuario_roles (usuario_id, rol) values (new.id, 'cliente') on conflict do nothing;
  return new;
end
$$;
create trigger usuarios_rol_cliente after insert on servicios.usuarios
  for each row execute function servicios.rol_cliente_inicial();
insert into servicios.usuario_roles (usuario_id, rol) select id, 'cliente' from servicios.usuarios on conflict do nothing;

-- One account per e-mail: the PINs of two accounts must not land in one mailbox.
create unique index usuarios_email_unico on servicios.usuarios (lower(email));

-- Wrong PINs per live PIN: the fifth cancels that PIN (the owner asks for a new one).
alter table servicios.pins add column fallos integer not null default 0;

-- Wrong PINs per client address: the attacker's address is locked, not the victim's account.
create table servicios.pin_fallos (
  id bigint generated always as identity primary key,
  ip text not null,
  created_at timestamptz not null default now()
);
create index pin_fallos_ip on servicios.pin_fallos (ip, created_at);
create index pin_fallos_created on servicios.pin_fallos (created_at);

-- pin_intentos now counts consecutive wrong PINs of an account from every address (NIST SP 800-63B
-- bound of 100), and bloqueado_hasta is the lock that bound causes.
comment on table servicios.pin_intentos is
  'Consecutive wrong PINs per account (any address); the 100th locks PIN sign-in of the account for a day. Only a right PIN resets it.';
