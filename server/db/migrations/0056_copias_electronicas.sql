-- Electronic copies of a deed (issue 32): the office issues a copy (simple or authorised) of a
-- case's deed; the copy's PDF, stamped with its CSV and signed, is a documento of the case (tipo
-- COPIA). The row records the case, the deed it copies, the kind, who asked and who issued it, the
-- SHA-256 of the issued file, the CSV and the date; staff revoke it with a reason.
create table servicios.copias_electronicas (
  id uuid primary key default gen_random_uuid(),
  csv text not null unique check (csv ~ '^[0-9A-HJKMNP-TV-Z]{20}$'),
  expediente_id uuid not null references servicios.expedientes(id) on delete restrict,
  documento_origen_id uuid not null references servicios.documentos(id) on delete restrict,
  documento_id uuid not null unique references servicios.documentos(id) on delete restrict,
  tipo text not null check (tipo in ('SIMPLE', 'AUTORIZADA')),
  -- the client's request it answers (servicios.copias), if any
  copia_id uuid references servicios.copias(id) on delete set null,
  solicitante_id uuid,
  emisor_id uuid not null,
  notaria_id integer not null,
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  prueba boolean not null default false,
  emitida_en timestamptz not null default now(),
  revocada_en timestamptz,
  motivo_revocacion text check (motivo_revocacion is null or length(btrim(motivo_revocacion)) between 1 and 500),
  revocada_por uuid,
  check ((revocada_en is null) = (motivo_revocacion is null))
);
create index copias_electronicas_expediente on servicios.copias_electronicas (expediente_id, emitida_en desc);
create index copias_electronicas_origen on servicios.copias_electronicas (documento_origen_id);
create index copias_electronicas_copia on servicios.copias_electronicas (copia_id) where copia_id is not null;

-- the per-address limit of public look-ups counts the audit log's rows of the last hour
create index audit_log_entity_ip on servicios.audit_log (entity, ip, at desc);

do $$
declare
  actuales text[];
begin
  select array_agg(distinct w)
    into actuales
    from pg_constraint c,
         regexp_matches(pg_get_constraintdef(c.oid), '[{'',]([a-z_]+)(?=[}'',])', 'g') m,
         lateral (select m[1] as w) x
   where c.conrelid = 'servicios.audit_log'::regclass and c.contype = 'c' and pg_get_constraintdef(c.oid) like '%entity%';
  execute (select string_agg(format('alter table servicios.audit_log drop constraint %I', conname), '; ')
             from pg_constraint where conrelid = 'servicios.audit_log'::regclass and contype = 'c'
              and pg_get_constraintdef(oid) like '%entity%');
  select array_agg(distinct e) into actuales from unnest(actuales || array['verificacion']) e;
  execute format('alter table servicios.audit_log add constraint audit_log_entity_check check (entity = any (%L::text[]))', actuales);
end
$$;
