-- The audit log of the services API: who read or changed which record, with what answer
-- (written by server/audit.ts, read by admins at GET /auditoria). Failed accesses (4xx) are kept
-- too: a run of 404s from one actor or address is someone probing ids. Never request bodies.
-- No foreign key on actor: the trail must outlive the persona. Only the server reads schema servicios.
create table servicios.audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  -- idPersona of the verified bearer token; null when anonymous or the token is not valid
  actor uuid,
  action text not null check (action in ('read', 'create', 'update', 'delete')),
  entity text not null check (entity in ('persona', 'privilegio', 'expediente', 'acto')),
  -- the id the path names (or, for a successful create, the new record's id); null for plain lists
  entity_id text,
  status integer not null,
  ip text
);
create index audit_log_at on servicios.audit_log (at desc, id desc);
create index audit_log_actor on servicios.audit_log (actor, at desc);
create index audit_log_entity on servicios.audit_log (entity, at desc);
