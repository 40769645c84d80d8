-- Drafts of a deed (issue 32): each generation of an act's draft is a new version, all kept; the
-- PDF is a document of the case (tipo 'BORRADOR', so the storage sweep keeps it); the rendered
-- text is kept for comparing versions. The client side answers a version once: 'CONFORME', or
-- 'OBSERVACIONES' with its text.
alter table servicios.documentos drop constraint if exists documentos_tipo_check;
alter table servicios.documentos add constraint documentos_tipo_check
  check (tipo in ('ESCRITURA', 'COPIA', 'OTRO', 'DNI_ANVERSO', 'DNI_REVERSO', 'ESCRITURA_CONSTITUCION', 'BORRADOR'));

create table servicios.borradores (
  id uuid primary key default gen_random_uuid(),
  acto_id uuid not null references servicios.actos(id) on delete cascade,
  expediente_id uuid not null references servicios.expedientes(id) on delete cascade,
  version integer not null check (version > 0),
  plantilla_id bigint references public.plantillas_escrituras(id) on delete set null,
  plantilla_nombre text not null,
  texto text not null,
  -- what the act or the office lacked, as the draft names it
  faltan text[] not null default '{}',
  documento_id uuid not null references servicios.documentos(id) on delete restrict,
  creado_por uuid,
  creado_en timestamptz not null default now(),
  respuesta text check (respuesta in ('CONFORME', 'OBSERVACIONES')),
  observaciones text check (observaciones is null or length(btrim(observaciones)) between 1 and 2000),
  respondido_por uuid,
  respondido_en timestamptz,
  unique (acto_id, version),
  check (case respuesta when 'OBSERVACIONES' then observaciones is not null else observaciones is null end),
  check ((respuesta is null) = (respondido_en is null))
);
create index borradores_expediente on servicios.borradores (expediente_id, creado_en desc);
create index borradores_documento on servicios.borradores (documento_id);
-- deleting a template does not read every draft
create index borradores_plantilla on servicios.borradores (plantilla_id) where plantilla_id is not null;

-- The audit log names drafts: the allowed entities are read from the constraint in force and this one added.
do $$
declare
  actuales text[];
begin
  -- the constraint reads entity = any ('{persona,privilegio,...}'::text[]) (or an IN list before 0020)
  select array_agg(distinct w)
    into actuales
    from pg_constraint c,
         regexp_matches(pg_get_constraintdef(c.oid), '[{'',]([a-z_]+)(?=[}'',])', 'g') m,
         lateral (select m[1] as w) x
   where c.conrelid = 'servicios.audit_log'::regclass and c.contype = 'c' and pg_get_constraintdef(c.oid) like '%entity%';
  execute (select string_agg(format('alter table servicios.audit_log drop constraint %I', conname), '; ')
             from pg_constraint where conrelid = 'servicios.audit_log'::regclass and contype = 'c'
              and pg_get_constraintdef(oid) like '%entity%');
  select array_agg(distinct e) into actuales from unnest(actuales || array['borrador']) e;
  execute format('alter table servicios.audit_log add constraint audit_log_entity_check check (entity = any (%L::text[]))', actuales);
end
$$;
