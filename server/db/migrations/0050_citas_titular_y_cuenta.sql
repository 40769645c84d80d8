-- Appointments (issue 31, items 4 and 5), enforced by the database whoever writes through /rest/v1.
--
-- 4. Staff of a notaría could PATCH a client's appointment to make themself its owner
--    (user_id) and then move it into another notaría with their own subject text: the client lost
--    sight of it and was e-mailed the staff member's words. Now the one who booked it stays its
--    owner (user_id never changes, for anyone), and staff acting on an appointment that is not
--    theirs change only its day, hour and notario of the same notaría (the office's 'mover';
--    public.validar_cita already refuses a notario of another notaría).
-- 5. The cap of future appointments per persona was bypassed by creating personas and booking
--    the cap for each in one request: the account that books (user_id) holds a bounded number of
--    future appointments too (CITAS_FUTURAS_POR_CUENTA, written by the server at every start).

insert into servicios.ajustes (clave, valor) values ('citas_futuras_por_cuenta', '10') on conflict do nothing;

create or replace function public.proteger_cita() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  -- the server's own SQL (the office's /despacho/citas, seed, maintenance) carries no claims
  if public.jwt_claims() ->> 'role' is distinct from 'authenticated' then
    return new;
  end if;
  if new.user_id is distinct from old.user_id then
    raise exception using errcode = '42501', message = 'Una cita es siempre de quien la pidió: no se puede cambiar su titular';
  end if;
  if old.user_id = public.persona_actual() or public.es_admin() then
    return new;
  end if;
  if (new.client_id, new.notaria_id, new.subject, new.type) is distinct from (old.client_id, old.notaria_id, old.subject, old.type) then
    raise exception using errcode = '42501',
      message = 'El personal de la notaría solo puede cambiar el día, la hora o el notario de una cita de su notaría';
  end if;
  return new;
end
$$;

drop trigger if exists citas_proteger on public.citas;
create trigger citas_proteger before update on public.citas
  for each row execute function public.proteger_cita();

-- The cap per booking account, counted like the per-persona one (0010_citas_por_persona.sql)
-- under a per-account advisory lock; earlier rows of the same statement are visible, so a
-- multi-row insert is counted row by row and refused whole.
create or replace function public.validar_cita_cuenta() returns trigger
language plpgsql volatile security definer set search_path = public, pg_temp as $$
declare
  limite integer;
  futuras integer;
begin
  if public.jwt_claims() ->> 'role' is distinct from 'authenticated' or public.es_admin() then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtext('public.citas.user_id'), hashtext(new.user_id::text));
  select coalesce((select (valor #>> '{}')::integer from servicios.ajustes where clave = 'citas_futuras_por_cuenta'), 10)
    into limite;
  select count(*) into futuras from public.citas c
   where c.user_id = new.user_id
     and c.date + c.time > now() at time zone 'Europe/Madrid';
  if futuras >= limite then
    raise exception using errcode = '23514',
      message = format('Su cuenta ya tiene %s citas pendientes, el máximo. Anule alguna antes de pedir otra.', futuras);
  end if;
  return new;
end
$$;

drop trigger if exists citas_por_cuenta on public.citas;
create trigger citas_por_cuenta before insert on public.citas
  for each row execute function public.validar_cita_cuenta();
