-- The person a row of the audit log is about, where the writer knows it: /rest/v1 records each
-- read and change of a cita by someone else with its client (server/gateway/audit.ts). A deleted
-- cita's rows then still reach her in /privacidad/accesos, which otherwise finds a record's rows
-- through the record itself. No foreign key, as actor: the trail outlives the persona.
alter table servicios.audit_log add column if not exists titular uuid;
create index if not exists audit_log_titular on servicios.audit_log (titular, at desc) where titular is not null;
