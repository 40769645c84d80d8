-- E-mails of the office's work to the client (a case changed estado, an act was returned, and
-- what later features add), queued in the same transaction as the change they tell about: a
-- change rolled back queues nothing, and a mail that cannot be sent now is tried again. The
-- server's sender (server/notificaciones/) takes them a few at a time. Rendered when queued
-- (subject and text in Spanish), so the mail tells what was true at the change.
-- The queue is the server's own: no grants to the gateway's roles.
create table if not exists app_meta.notificaciones (
  id bigint generated always as identity primary key,
  tipo text not null,
  destinatario text not null,
  asunto text not null,
  texto text not null,
  adjuntos jsonb not null default '[]',
  intentos integer not null default 0,
  created_at timestamptz not null default now()
);
revoke all on app_meta.notificaciones from public;
