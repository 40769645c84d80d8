-- The audit log also records the office's work on appointments (/despacho/citas: read, move,
-- cancel). Other branches may widen this list again: keep every entity named so far.
alter table servicios.audit_log drop constraint if exists audit_log_entity_check;
alter table servicios.audit_log add constraint audit_log_entity_check
  check (entity in ('persona', 'privilegio', 'expediente', 'acto', 'cita'));
