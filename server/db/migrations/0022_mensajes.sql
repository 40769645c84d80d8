-- The conversation of a case between its client side (the client and representatives who may read
-- the case) and the office. A message is read when the other side opens the conversation; one that
-- waits unread 10 minutes is e-mailed to the other side once (server/avisos-mensajes.ts).
create table servicios.mensajes (
  id uuid primary key default gen_random_uuid(),
  expediente_id uuid not null references servicios.expedientes(id) on delete cascade,
  autor_id uuid references servicios.personas(id) on delete set null,
  lado text not null check (lado in ('CLIENTE', 'NOTARIA')),
  texto text not null check (length(btrim(texto)) between 1 and 4000),
  creado_en timestamptz not null default now(),
  leido_en timestamptz,
  avisado_en timestamptz
);
create index mensajes_expediente on servicios.mensajes (expediente_id, creado_en);
-- a persona deleted sets its messages' author to null without reading the whole table
create index mensajes_autor on servicios.mensajes (autor_id);
-- unread counts of one side, and the messages waiting for an e-mail
create index mensajes_no_leidos on servicios.mensajes (expediente_id, lado) where leido_en is null;
create index mensajes_por_avisar on servicios.mensajes (creado_en) where leido_en is null and avisado_en is null;
