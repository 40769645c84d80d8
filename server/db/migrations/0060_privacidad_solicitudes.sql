-- Data-protection requests (RGPD arts. 17, 18 and 21): a person asks for erasure (SUPRESION),
-- objects (OPOSICION) or asks to restrict (LIMITACION), with a reason; the office answers within
-- one month (plazo). One open request of each kind per person at most.
create table servicios.solicitudes_privacidad (
  id uuid primary key default gen_random_uuid(),
  persona_id uuid not null references servicios.personas(id) on delete cascade,
  tipo text not null check (tipo in ('SUPRESION', 'OPOSICION', 'LIMITACION')),
  motivo text not null check (length(btrim(motivo)) between 1 and 2000),
  estado text not null default 'PENDIENTE' check (estado in ('PENDIENTE', 'ACEPTADA', 'RECHAZADA')),
  creada_en timestamptz not null default now(),
  plazo timestamptz not null,
  respuesta text check (respuesta is null or length(respuesta) <= 4000),
  respondida_en timestamptz,
  respondida_por uuid references servicios.personas(id) on delete set null,
  check ((estado = 'PENDIENTE') = (respondida_en is null))
);
create unique index solicitudes_privacidad_abierta on servicios.solicitudes_privacidad (persona_id, tipo) where estado = 'PENDIENTE';
create index solicitudes_privacidad_persona on servicios.solicitudes_privacidad (persona_id, creada_en desc);
create index solicitudes_privacidad_respondida_por on servicios.solicitudes_privacidad (respondida_por) where respondida_por is not null;
create index solicitudes_privacidad_plazo on servicios.solicitudes_privacidad (estado, plazo);

-- "who read or changed my data": the log is searched by the record, not only by the actor
create index if not exists audit_log_entity_id on servicios.audit_log (entity_id, at desc) where entity_id is not null;
