-- The notaría is the controller (responsable del tratamiento) of the personal data its clients
-- give through the portal: the public privacy page (/privacidad) and the registration step's basic
-- layer (LOPDGDD art. 11) name it and its data-protection officer (DPD) from these fields, which
-- the admin fills (resources/notarias.ts). Safe to run again.
alter table public.notarias add column if not exists responsable_tratamiento text;
alter table public.notarias add column if not exists dpd_nombre text;
alter table public.notarias add column if not exists dpd_email text;
