-- Copies of a finished case's deed that a client asks for (simple or authorised, with a reason);
-- the office prepares them and delivers the copy's PDF (a documento of the case) or refuses with a reason.
create table servicios.copias (
  id uuid primary key default gen_random_uuid(),
  expediente_id uuid not null references servicios.expedientes(id) on delete cascade,
  solicitante_id uuid not null references servicios.personas(id) on delete cascade,
  tipo text not null check (tipo in ('SIMPLE', 'AUTORIZADA')),
  motivo text not null check (length(btrim(motivo)) between 1 and 500),
  estado text not null default 'SOLICITADA' check (estado in ('SOLICITADA', 'EN_PREPARACION', 'DISPONIBLE', 'RECHAZADA')),
  motivo_rechazo text check (motivo_rechazo is null or length(motivo_rechazo) <= 500),
  documento_id uuid references servicios.documentos(id) on delete set null,
  creada_en timestamptz not null default now(),
  actualizada_en timestamptz not null default now(),
  -- a delivered copy has its file; a refused one its reason
  check (estado <> 'DISPONIBLE' or documento_id is not null),
  check (estado <> 'RECHAZADA' or motivo_rechazo is not null)
);
create index copias_solicitante on servicios.copias (solicitante_id, creada_en desc);
create index copias_expediente on servicios.copias (expediente_id, creada_en desc);
create index copias_documento on servicios.copias (documento_id) where documento_id is not null;
