-- What the admin forms refuse, the database refuses too (resources/notarias.ts, personal.ts):
-- a notaría's phone has 6 to 15 digits, written with digits, spaces, +, (), - or .;
-- its internal number is a positive whole number; one e-mail names one staff member (ignoring
-- case), so the booking wizard never offers the same person twice. The checks are NOT VALID:
-- they bind every new or changed row and leave rows stored before them as they are.
-- Safe to run again (a hosted project may apply migrations by hand).
do $$
begin
  if not exists (select 1 from pg_constraint where conname = 'notarias_telefono_valido') then
    alter table public.notarias add constraint notarias_telefono_valido check (
      telefono is null or (telefono ~ '^\+?[0-9 ().-]+$' and length(regexp_replace(telefono, '[^0-9]', '', 'g')) between 6 and 15)
    ) not valid;
  end if;
  if not exists (select 1 from pg_constraint where conname = 'notarias_idint_positivo') then
    alter table public.notarias add constraint notarias_idint_positivo check (idint > 0) not valid;
  end if;
end $$;

-- replaces the plain index on lower(email) that the appointments policy reads
create unique index if not exists personal_email_unico on public.personal (lower(email));
drop index if exists public.personal_email;
