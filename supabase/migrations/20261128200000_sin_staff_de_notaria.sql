-- public.staff_de_notaria was the old rules interpreter's name for "staff of the row's notaría";
-- the policies stated from the declarations (domain/access-sql.ts) call public.es_personal_de.
-- A policy still naming it is one that was never restated: it goes with the function and is
-- stated again from its declaration right after the migrations (server/db/migrate.ts).
drop function if exists public.staff_de_notaria(bigint) cascade;
