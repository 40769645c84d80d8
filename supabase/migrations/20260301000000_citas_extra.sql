-- Appointments: what the database itself refuses, whoever writes (portal, supabase-js, SQL).
-- The wizard only offers valid slots (domain/slots.ts); this guards the table against a
-- hand-made request. The double booking of a staff member's slot is the unique constraint of
-- 20260101000400_citas.sql (SQLSTATE 23505, HTTP 409). These raise 23514 (HTTP 400) with a
-- Spanish message.

-- The fixed appointment times of a date's weekday (Saturday and Sunday: mornings only).
create or replace function public.horas_cita(p_date date) returns time[]
language sql immutable as $$
  select case when extract(dow from p_date) in (0, 6)
    then array['10:00', '11:00', '12:00']::time[]
    else array['09:00', '10:00', '11:00', '12:00', '15:00', '16:00', '17:00', '18:00']::time[]
  end
$$;

-- Runs as its owner: an inactive staff member is invisible to clients through RLS, and that
-- must read as "not available", not as a foreign-key puzzle.
create or replace function public.validar_cita() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  -- the offices are in Spain: "past" is Spanish local time, whatever the server's zone
  ahora timestamp := now() at time zone 'Europe/Madrid';
begin
  if tg_op = 'INSERT' or (new.staff_id, new.notaria_id) is distinct from (old.staff_id, old.notaria_id) then
    if not exists (select 1 from public.personal p where p.id = new.staff_id and p.notaria_id = new.notaria_id and p.is_active) then
      raise exception using errcode = '23514', message = 'El notario seleccionado no está disponible en esa notaría';
    end if;
  end if;
  if tg_op = 'INSERT' or (new.date, new.time) is distinct from (old.date, old.time) then
    if new.date + new.time <= ahora then
      raise exception using errcode = '23514', message = 'No se puede pedir una cita para una fecha u hora pasada';
    end if;
    if not (new.time = any (public.horas_cita(new.date))) then
      raise exception using errcode = '23514', message = 'La hora elegida no es una hora de cita de ese día';
    end if;
  end if;
  return new;
end
$$;

drop trigger if exists citas_validar on public.citas;
create trigger citas_validar before insert or update on public.citas
  for each row execute function public.validar_cita();
