-- A sent act (ENVIADO) is read-only: its data changes only after it is taken back to BORRADOR,
-- which is recorded (retirado_at) so the case shows that it was withdrawn; sending it again
-- clears the mark. Enforced here so that every path (services API, gateway) obeys it.
alter table servicios.actos add column if not exists retirado_at timestamptz;

create or replace function servicios.acto_enviado_solo_lectura() returns trigger
language plpgsql as $$
begin
  if old.status = 'ENVIADO' and new.status = 'ENVIADO'
     and (old.titulo, old.fecha, old.definicion_acto_id, old.datos_formulario, old.nombre_acto, old.url_acto)
         is distinct from (new.titulo, new.fecha, new.definicion_acto_id, new.datos_formulario, new.nombre_acto, new.url_acto)
  then
    raise exception 'acto enviado' using errcode = '55000', constraint = 'actos_enviado_solo_lectura';
  end if;
  if old.status = 'ENVIADO' and new.status = 'BORRADOR' then
    new.retirado_at := now();
  elsif new.status = 'ENVIADO' then
    new.retirado_at := null;
  end if;
  return new;
end $$;

drop trigger if exists actos_enviado_solo_lectura on servicios.actos;
create trigger actos_enviado_solo_lectura before update on servicios.actos
  for each row execute function servicios.acto_enviado_solo_lectura();
