-- Qualified certificates (FNMT-RCM, DNIe) linked to accounts, and the one-time codes of a
-- certificate sign-in (server/auth/certificados.ts, server/routes/certificados.ts, server/cert-login.ts).
-- Only the server reads schema servicios.

-- A certificate linked to an account: by POST /auth/certificate, or at its first sign-in.
-- A certificate (its SHA-256) belongs to one account only.
create table servicios.certificados (
  id uuid primary key default gen_random_uuid(),
  usuario_id uuid not null references servicios.usuarios(id) on delete cascade,
  huella text not null unique,
  sujeto text not null,
  emisor text not null,
  numero_serie text not null,
  valido_hasta timestamptz not null,
  created_at timestamptz not null default now(),
  ultimo_uso timestamptz
);
create index certificados_usuario on servicios.certificados (usuario_id);

-- The code the certificate listener puts in its redirect to the portal, exchanged once by the
-- portal for a session (POST /auth/certificate/session). Stored hashed; valid for two minutes.
create table servicios.certificado_codigos (
  codigo_hash text primary key,
  certificado_id uuid not null references servicios.certificados(id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index certificado_codigos_created on servicios.certificado_codigos (created_at);
create index certificado_codigos_certificado on servicios.certificado_codigos (certificado_id);
