-- The services API's persons, the privileges between them and their links to notary offices.
create schema if not exists servicios;

create table servicios.personas (
  id uuid primary key default gen_random_uuid(),
  -- who created the record (a client's clients and representatives); null for a self-registered person
  owner_id uuid references servicios.personas(id) on delete set null,
  tipo_persona text not null check (tipo_persona in ('FISICA', 'JURIDICA')),
  identificador_tipo text not null default 'NIF',
  identificador_numero text not null,
  nombre text,
  primer_apellido text,
  segundo_apellido text,
  genero text check (genero in ('MASCULINO', 'FEMENINO', 'OTROS')),
  fecha_nacimiento date,
  estado_civil text check (estado_civil in ('SOLTERO', 'CASADO', 'SEPARADO', 'DIVORCIADO', 'VIUDO')),
  regimen_economico text check (regimen_economico in ('PRIVATIVO', 'GANANCIALES')),
  profesion text,
  razon_social text,
  email text,
  telefono text,
  direccion jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- the same identifier twice under one owner is a duplicate (answered 403 'already exists')
create unique index personas_owner_identificador on servicios.personas (owner_id, identificador_tipo, identificador_numero);
create index personas_identificador on servicios.personas (identificador_numero);

create table servicios.privilegios (
  id uuid primary key default gen_random_uuid(),
  persona_otorgante_id uuid not null references servicios.personas(id) on delete cascade,
  persona_receptora_id uuid not null references servicios.personas(id) on delete cascade,
  tipo_privilegio text not null check (tipo_privilegio in ('REPRESENTANTE_LEGAL', 'GENERAL')),
  fecha_inicio_relacion date not null,
  fecha_fin_relacion date,
  modificable boolean not null default true,
  permiso_leer_ficha_reducida boolean not null default false,
  permiso_leer_ficha boolean not null default false,
  permiso_actualizar_ficha boolean not null default false,
  permiso_leer_expedientes boolean not null default false,
  permiso_actualizar_expedientes boolean not null default false,
  permiso_crear_expedientes boolean not null default false,
  permiso_leer_actos boolean not null default false,
  -- never granted through the portal: always stored false
  permiso_crear_privilegio boolean not null default false check (permiso_crear_privilegio = false),
  permiso_traspasar_permisos boolean not null default false,
  created_by uuid references servicios.personas(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (persona_otorgante_id, persona_receptora_id)
);
create index privilegios_receptora on servicios.privilegios (persona_receptora_id);

create table servicios.persona_notaria (
  persona_id uuid not null references servicios.personas(id) on delete cascade,
  notaria_id integer not null, -- a notaría's idint
  created_at timestamptz not null default now(),
  primary key (persona_id, notaria_id)
);

-- A privilegio is in force from its start date until (not including) its end date.
create function servicios.privilegio_vigente(p servicios.privilegios) returns boolean
language sql stable as $$
  select p.fecha_inicio_relacion <= current_date
     and (p.fecha_fin_relacion is null or p.fecha_fin_relacion > current_date)
$$;

/*
  The visibility rule of the whole services API: may p_viewer act on p_persona with p_permiso?
  Yes for the person themself and for the owner (creator) of the record; otherwise only through a
  privilegio in force granted by p_persona to p_viewer with that permission
  (p_permiso is the column name without the prefix 'permiso_', e.g. 'leer_ficha').
*/
create function servicios.tiene_permiso(p_persona uuid, p_viewer uuid, p_permiso text) returns boolean
language sql stable as $$
  select p_persona = p_viewer
      or exists (select 1 from servicios.personas where id = p_persona and owner_id = p_viewer)
      or exists (
        select 1 from servicios.privilegios pr
         where pr.persona_otorgante_id = p_persona
           and pr.persona_receptora_id = p_viewer
           and servicios.privilegio_vigente(pr)
           and coalesce((to_jsonb(pr) ->> ('permiso_' || p_permiso))::boolean, false)
      )
$$;
