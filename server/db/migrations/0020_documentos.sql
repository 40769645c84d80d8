-- Files of a case (deeds, copies, other documents uploaded by the office) and of a persona (the
-- identity documents and the deed of incorporation of the person forms). The bytes live in the
-- storage module (server/storage/: a folder or an S3-compatible bucket) under `clave`; the row is
-- committed after the file is written and the file is removed when the row is, so a row always has
-- its file, and a file without a row is swept (server/storage/barrido.ts).
create table servicios.documentos (
  id uuid primary key default gen_random_uuid(),
  -- exactly one owner: a case or a persona
  expediente_id uuid references servicios.expedientes(id) on delete cascade,
  persona_id uuid references servicios.personas(id) on delete cascade,
  tipo text not null check (tipo in ('ESCRITURA', 'COPIA', 'OTRO', 'DNI_ANVERSO', 'DNI_REVERSO', 'ESCRITURA_CONSTITUCION')),
  nombre text not null check (length(nombre) between 1 and 200),
  -- the type found in the file's first bytes, never the name's
  mime text not null check (mime in ('application/pdf', 'image/jpeg', 'image/png')),
  tamano integer not null check (tamano > 0 and tamano <= 20971520),
  clave text not null unique,
  subido_por uuid,
  -- 'NOTARIA' when staff uploaded it, 'CLIENTE' otherwise
  lado text not null check (lado in ('CLIENTE', 'NOTARIA')),
  creado_en timestamptz not null default now(),
  check ((expediente_id is null) <> (persona_id is null))
);
create index documentos_expediente on servicios.documentos (expediente_id, creado_en desc) where expediente_id is not null;
create index documentos_persona on servicios.documentos (persona_id, tipo, creado_en desc) where persona_id is not null;

-- The audit log names the new records. The allowed entities are read from the constraint in force
-- (other migrations may have added their own) and these are added to them.
do $$
declare
  actuales text[];
begin
  select coalesce(array_agg(distinct m[1]), array['persona', 'privilegio', 'expediente', 'acto'])
    into actuales
    from pg_constraint c, regexp_matches(pg_get_constraintdef(c.oid), '''([a-z_]+)''', 'g') m
   where c.conrelid = 'servicios.audit_log'::regclass and c.contype = 'c' and pg_get_constraintdef(c.oid) like '%entity%';
  execute (select string_agg(format('alter table servicios.audit_log drop constraint %I', conname), '; ')
             from pg_constraint where conrelid = 'servicios.audit_log'::regclass and contype = 'c'
              and pg_get_constraintdef(oid) like '%entity%');
  select array_agg(distinct e) into actuales from unnest(actuales || array['documento', 'copia', 'mensaje']) e;
  execute format('alter table servicios.audit_log add constraint audit_log_entity_check check (entity = any (%L::text[]))', actuales);
end
$$;
