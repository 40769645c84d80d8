-- Sign-in: users, one-time PINs, their counters and the refresh-token sessions.
-- Every counter lives here (not in process memory), so any number of server instances agree.
-- Nothing in schema servicios is granted to anon/authenticated: only the server reads it.

-- A user signs in with a document; their own persona holds the personal data.
create table servicios.usuarios (
  id uuid primary key default gen_random_uuid(),
  tipo_documento text not null check (tipo_documento in ('NIF', 'NIE', 'PASAPORTE')),
  numero_documento text not null,
  email text not null,
  persona_id uuid not null references servicios.personas(id) on delete cascade,
  created_at timestamptz not null default now(),
  unique (tipo_documento, numero_documento)
);
create index usuarios_numero on servicios.usuarios (numero_documento);

-- One-time PINs, stored hashed. A PIN is bound to what it was asked for: the purpose, the
-- document and the e-mail it was sent to. Rows stay a day: they are the per-user issuing counter.
create table servicios.pins (
  id bigint generated always as identity primary key,
  tipo_documento text not null,
  numero_documento text not null,
  proposito text not null check (proposito in ('login', 'registro')),
  email text not null,
  pin_hash text not null,
  ip text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  -- either one ends the PIN: used to sign in or register, or replaced by a newer PIN / cancelled by a lock
  used_at timestamptz,
  revoked_at timestamptz
);
create index pins_documento on servicios.pins (numero_documento, tipo_documento, created_at desc);
create index pins_created on servicios.pins (created_at);

-- Consecutive wrong PINs per document (login and registration alike) and the lock they cause.
-- A new PIN does not reset it; only a correct PIN does.
create table servicios.pin_intentos (
  tipo_documento text not null,
  numero_documento text not null,
  fallos integer not null default 0,
  bloqueado_hasta timestamptz,
  primary key (tipo_documento, numero_documento)
);

-- Every PIN request (known document or not) by client address: the per-IP hourly cap.
create table servicios.pin_solicitudes (
  id bigint generated always as identity primary key,
  ip text not null,
  created_at timestamptz not null default now()
);
create index pin_solicitudes_ip on servicios.pin_solicitudes (ip, created_at);
create index pin_solicitudes_created on servicios.pin_solicitudes (created_at);

-- A sign-in session: a family of refresh tokens with an absolute lifetime.
create table servicios.sesiones (
  id uuid primary key default gen_random_uuid(),
  usuario_id uuid not null references servicios.usuarios(id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index sesiones_usuario on servicios.sesiones (usuario_id);

-- Refresh tokens (hashed). Each works once; presenting a used one revokes its whole session.
create table servicios.refresh_tokens (
  token_hash text primary key,
  sesion_id uuid not null references servicios.sesiones(id) on delete cascade,
  created_at timestamptz not null default now(),
  used_at timestamptz
);
create index refresh_tokens_sesion on servicios.refresh_tokens (sesion_id);
