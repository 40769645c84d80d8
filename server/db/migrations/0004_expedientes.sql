-- Case files (expedientes) of a persona and the notarial acts (actos) inside them.
-- Who may see or change them is servicios.tiene_permiso on the expediente's persona (0001_personas.sql).

create table servicios.expedientes (
  id uuid primary key default gen_random_uuid(),
  titulo text not null check (length(btrim(titulo)) > 0),
  estado text not null default 'PENDIENTE',
  fecha_alta timestamptz not null default now(),
  due_date date,
  -- the client the case belongs to
  persona_id uuid not null references servicios.personas(id) on delete cascade,
  -- a notaría's idint (public.notarias.idint)
  notaria_id integer not null,
  links jsonb not null default '[]',
  created_by uuid references servicios.personas(id) on delete set null,
  updated_at timestamptz not null default now()
);
-- owner lists: the cases of a set of personas, newest first
create index expedientes_persona_fecha on servicios.expedientes (persona_id, fecha_alta desc);

create table servicios.actos (
  id uuid primary key default gen_random_uuid(),
  expediente_id uuid not null references servicios.expedientes(id) on delete cascade,
  titulo text not null check (length(btrim(titulo)) > 0),
  status text not null default 'BORRADOR' check (status in ('BORRADOR', 'ENVIADO')),
  fecha timestamptz not null default now(),
  definicion_acto_id bigint,
  datos_formulario jsonb not null default '{}',
  nombre_acto text,
  url_acto text,
  created_by uuid references servicios.personas(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index actos_expediente_fecha on servicios.actos (expediente_id, fecha);
