-- The conversation of a case (issue 31, item 12): 400 messages of 4,000 characters in 4 s were all
-- accepted, then 8 notice e-mails left within a second. A rate per account and case
-- (MENSAJES_POR_MINUTO, counted by server/services/mensajes.ts with this index) and one unread
-- notice per case and side a period (AVISO_MENSAJES_MINUTOS): the last one sent is kept here.
create index if not exists mensajes_autor_expediente on servicios.mensajes (autor_id, expediente_id, creado_en);

create table if not exists servicios.avisos_mensajes (
  expediente_id uuid not null references servicios.expedientes(id) on delete cascade,
  lado text not null check (lado in ('CLIENTE', 'NOTARIA')),
  enviado_en timestamptz not null,
  primary key (expediente_id, lado)
);
