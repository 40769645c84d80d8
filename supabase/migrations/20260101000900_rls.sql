-- Grants and Row Level Security of every table of schema public, in one place.
-- Requests run as role anon or authenticated with the JWT claims in request.jwt.claims
-- (public.es_admin(), public.persona_actual() and public.jwt_claims() come from 20260101000000_roles.sql).
-- Safe to run again: privileges are reset and each policy is dropped before it is created.

-- Catalogues: anyone may read, only an admin may write.
do $$
declare
  t text;
begin
  foreach t in array array[
    'notarias', 'provincias', 'paises', 'profesiones', 'tipos_via', 'codigos_postales', 'tipos_asunto',
    'componentes_formulario', 'personal', 'disponibilidad',
    'categorias_servicios', 'actos_servicios', 'plantillas_escrituras'
  ] loop
    execute format('alter table public.%I enable row level security', t);
    -- also drops truncate, which RLS does not stop (a hosted project grants everything by default)
    execute format('revoke all on public.%I from anon, authenticated', t);
    execute format('grant select on public.%I to anon', t);
    execute format('grant select, insert, update, delete on public.%I to authenticated', t);
    execute format('drop policy if exists %I on public.%I', t || '_admin', t);
    execute format(
      'create policy %I on public.%I for all to authenticated using (public.es_admin()) with check (public.es_admin())',
      t || '_admin', t);
  end loop;
end
$$;

grant usage, select on all sequences in schema public to authenticated;

-- Who may read which catalogue rows (admins read everything through the policies above).
drop policy if exists notarias_lectura on public.notarias;
create policy notarias_lectura on public.notarias for select to anon, authenticated using (true);
drop policy if exists provincias_lectura on public.provincias;
create policy provincias_lectura on public.provincias for select to anon, authenticated using (true);
drop policy if exists paises_lectura on public.paises;
create policy paises_lectura on public.paises for select to anon, authenticated using (true);
drop policy if exists profesiones_lectura on public.profesiones;
create policy profesiones_lectura on public.profesiones for select to anon, authenticated using (true);
drop policy if exists tipos_via_lectura on public.tipos_via;
create policy tipos_via_lectura on public.tipos_via for select to anon, authenticated using (true);
drop policy if exists codigos_postales_lectura on public.codigos_postales;
create policy codigos_postales_lectura on public.codigos_postales for select to anon, authenticated using (true);
drop policy if exists tipos_asunto_lectura on public.tipos_asunto;
create policy tipos_asunto_lectura on public.tipos_asunto for select to anon, authenticated using (true);
drop policy if exists componentes_formulario_lectura on public.componentes_formulario;
create policy componentes_formulario_lectura on public.componentes_formulario for select to anon, authenticated using (true);
drop policy if exists disponibilidad_lectura on public.disponibilidad;
create policy disponibilidad_lectura on public.disponibilidad for select to anon, authenticated using (true);

-- Deactivated staff and soft-deleted categories, acts and templates are hidden from non-admins.
drop policy if exists personal_lectura on public.personal;
create policy personal_lectura on public.personal for select to anon, authenticated using (is_active);
drop policy if exists categorias_servicios_lectura on public.categorias_servicios;
create policy categorias_servicios_lectura on public.categorias_servicios for select to anon, authenticated using (activo);
drop policy if exists actos_servicios_lectura on public.actos_servicios;
create policy actos_servicios_lectura on public.actos_servicios for select to anon, authenticated using (activo);
drop policy if exists plantillas_escrituras_lectura on public.plantillas_escrituras;
create policy plantillas_escrituras_lectura on public.plantillas_escrituras for select to anon, authenticated using (activo);

-- Appointments: private to who booked them, the admins and the active staff of that office.
alter table public.citas enable row level security;
revoke all on public.citas from anon, authenticated;
grant select, insert, update, delete on public.citas to authenticated;

-- True when the signed-in e-mail is that of an active staff member of the office.
create or replace function public.es_personal_de(p_notaria_id bigint) returns boolean
language sql stable as $$
  select exists (
    select 1 from public.personal
     where notaria_id = p_notaria_id
       and is_active
       and lower(email) = lower(public.jwt_claims() ->> 'email')
  )
$$;

drop policy if exists citas_lectura on public.citas;
create policy citas_lectura on public.citas for select to authenticated
  using (user_id = public.persona_actual() or public.es_admin() or public.es_personal_de(notaria_id));
drop policy if exists citas_alta on public.citas;
create policy citas_alta on public.citas for insert to authenticated
  with check (user_id = public.persona_actual());
drop policy if exists citas_cambio on public.citas;
create policy citas_cambio on public.citas for update to authenticated
  using (user_id = public.persona_actual() or public.es_admin())
  with check (user_id = public.persona_actual() or public.es_admin());
drop policy if exists citas_baja on public.citas;
create policy citas_baja on public.citas for delete to authenticated
  using (user_id = public.persona_actual() or public.es_admin() or public.es_personal_de(notaria_id));

-- Booked slots without personal data (the view runs as its owner, see 20260101000400_citas.sql).
revoke all on public.citas_ocupadas from anon, authenticated;
grant select on public.citas_ocupadas to authenticated;
