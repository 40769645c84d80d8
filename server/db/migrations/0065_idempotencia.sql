-- The first outcome of each write sent with an Idempotency-Key header (server/idempotencia.ts),
-- per account and key: a repeated request (a double click, a retry after a lost answer) is
-- answered this outcome again instead of being done twice. `estado` is null while the first
-- request runs. Rows older than 24 hours are swept.
create table servicios.idempotencia (
  cuenta text not null,
  clave text not null,
  -- method, path and a digest of the body: the same key with another request is refused
  huella text not null,
  estado int,
  cabeceras jsonb,
  cuerpo text,
  creada timestamptz not null default now(),
  primary key (cuenta, clave)
);
create index idempotencia_creada on servicios.idempotencia (creada);
