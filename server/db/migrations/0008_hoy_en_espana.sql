-- "Today" is the date in the offices' time zone (domain/dates.ts, OFFICE_TIME_ZONE), not
-- current_date: that is the session's zone, UTC on PGlite and on a hosted Supabase, still the day
-- before in Spain from 22:00 or 23:00 UTC. A relation that ended today stayed in force until then.
create function servicios.hoy(en timestamptz default now()) returns date
language sql stable as $$
  select (en at time zone 'Europe/Madrid')::date
$$;

-- A privilegio is in force from its start date until (not including) its end date.
create or replace function servicios.privilegio_vigente(p servicios.privilegios) returns boolean
language sql stable as $$
  select p.fecha_inicio_relacion <= servicios.hoy()
     and (p.fecha_fin_relacion is null or p.fecha_fin_relacion > servicios.hoy())
$$;
