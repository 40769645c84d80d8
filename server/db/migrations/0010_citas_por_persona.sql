-- Appointments: a client books only for persons they may act for, and holds a bounded number of
-- future appointments per person. Enforced here, whoever writes through /rest/v1 (RLS lets a
-- client insert rows they booked, whatever client_id they name: one upsert booked 2,762).

-- Settings the server writes at every start from its configuration (CITAS_FUTURAS_POR_PERSONA).
create table servicios.ajustes (
  clave text primary key,
  valor jsonb not null
);
insert into servicios.ajustes (clave, valor) values ('citas_futuras_por_persona', '3') on conflict do nothing;

-- Runs as its owner: the request roles cannot read schema servicios (personas, privilegios).
create function public.validar_cita_persona() returns trigger
language plpgsql volatile security definer set search_path = public, pg_temp as $$
declare
  claims jsonb := public.jwt_claims();
  quien uuid := nullif(claims ->> 'sub', '')::uuid;
  limite integer;
  futuras integer;
begin
  -- the server's own SQL (seed, maintenance) carries no claims; an admin books for anyone
  if claims ->> 'role' is distinct from 'authenticated' or public.es_admin() then
    return new;
  end if;
  if tg_op = 'UPDATE' and new.client_id = old.client_id then
    return new;
  end if;
  -- themself, a persona they own, or one whose privilegio in force lets them open or change cases
  if quien is null or not (
       servicios.tiene_permiso(new.client_id, quien, 'crear_expedientes')
    or servicios.tiene_permiso(new.client_id, quien, 'actualizar_expedientes')) then
    raise exception using errcode = '42501',
      message = 'Solo puede pedir citas para usted o para las personas a las que representa';
  end if;
  -- one booking at a time per person, so parallel requests cannot all pass the count
  perform pg_advisory_xact_lock(hashtext('public.citas'), hashtext(new.client_id::text));
  select coalesce((select (valor #>> '{}')::integer from servicios.ajustes where clave = 'citas_futuras_por_persona'), 3)
    into limite;
  -- earlier rows of the same statement are visible here: a multi-row insert is counted too
  select count(*) into futuras from public.citas c
   where c.client_id = new.client_id
     and c.date + c.time > now() at time zone 'Europe/Madrid'
     and (tg_op = 'INSERT' or c.id <> new.id);
  if futuras >= limite then
    raise exception using errcode = '23514',
      message = format('Esta persona ya tiene %s citas pendientes, el máximo. Anule alguna antes de pedir otra.', futuras);
  end if;
  return new;
end
$$;

drop trigger if exists citas_por_persona on public.citas;
create trigger citas_por_persona before insert or update of client_id on public.citas
  for each row execute function public.validar_cita_persona();
