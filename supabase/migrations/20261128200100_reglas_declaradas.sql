-- These checks now follow from the columns' rules of the catalogues' declarations, stated by the
-- migration runner at every start as <table>_<column>_regla (domain/column-checks.ts): the
-- hand-written copies go. Checks a rule cannot state (a phone's digits, a document's pairing)
-- stay in their migrations.
alter table public.notarias drop constraint if exists notarias_idint_positivo;
alter table public.personal drop constraint if exists personal_calendar_type_check;
alter table public.actos_servicios drop constraint if exists actos_servicios_url_acto_propia;
alter table public.festivos drop constraint if exists festivos_nombre_check;
