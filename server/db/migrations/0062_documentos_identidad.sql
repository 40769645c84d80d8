-- Identity-document images (DNI_ANVERSO, DNI_REVERSO) are collected for one purpose, stated with
-- each upload (finalidad), and kept only until it is served: the retention job
-- (server/services/privacidad-retencion.ts) deletes them a configured time after every case of the
-- person finished, recording the deletion in servicios.destrucciones.
alter table servicios.documentos add column if not exists finalidad text;
update servicios.documentos set finalidad = 'Identificar a la persona para el otorgamiento de escrituras'
 where tipo in ('DNI_ANVERSO', 'DNI_REVERSO') and finalidad is null;
alter table servicios.documentos drop constraint if exists documentos_identidad_finalidad;
alter table servicios.documentos add constraint documentos_identidad_finalidad
  check (tipo not in ('DNI_ANVERSO', 'DNI_REVERSO') or finalidad is not null) not valid;
create index if not exists documentos_identidad on servicios.documentos (persona_id) where tipo in ('DNI_ANVERSO', 'DNI_REVERSO');
