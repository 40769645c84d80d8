-- Booking, moving or cancelling an appointment e-mails the client (with the calendar file).
-- Whoever writes the row (the portal through the gateway, supabase-js, an admin, SQL), the
-- database records what happened in a queue in the same transaction; the server sends the
-- e-mails from it (server/avisos-citas.ts). A write that fails or is rolled back queues nothing.
-- The queue is the server's own: no grants to the gateway's roles.
create table if not exists app_meta.avisos_citas (
  id bigint generated always as identity primary key,
  accion text not null check (accion in ('creada', 'movida', 'cancelada')),
  cita jsonb not null,
  anterior jsonb,
  created_at timestamptz not null default now()
);
revoke all on app_meta.avisos_citas from public;

create or replace function public.encolar_aviso_cita() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  if tg_op = 'INSERT' then
    insert into app_meta.avisos_citas (accion, cita) values ('creada', to_jsonb(new));
  elsif tg_op = 'DELETE' then
    insert into app_meta.avisos_citas (accion, cita) values ('cancelada', to_jsonb(old));
  elsif (new.date, new.time, new.staff_id, new.notaria_id, new.type, new.client_id)
        is distinct from (old.date, old.time, old.staff_id, old.notaria_id, old.type, old.client_id) then
    insert into app_meta.avisos_citas (accion, cita, anterior) values ('movida', to_jsonb(new), to_jsonb(old));
  end if;
  return null;
end
$$;
revoke all on function public.encolar_aviso_cita() from public;

drop trigger if exists citas_avisar on public.citas;
create trigger citas_avisar after insert or update or delete on public.citas
  for each row execute function public.encolar_aviso_cita();
