-- A catalogue's grants and Row Level Security in one call, stated from its declaration
-- (resources/<name>.ts: access, deletion): select app_meta.politicas_catalogo('idiomas', soft => 'activo');
-- The access rules by name, as domain/resource.ts names them:
--   anyone          every request, also without a session (role anon)
--   signedIn        every signed-in request
--   admin           app_role admin
--   staffOfNotaria  admins, and staff (app_role staff) on rows whose `notaria` column is one of
--                   the notarías of their token (claim notarias)
--   nobody          no one
-- soft:    the column (boolean, true = live) of a soft-deleted catalogue: its rows are deleted by
--          setting it false (an update, under `cambio`), never for real; those who may not edit
--          read only the live rows.
-- visible: a column that hides switched-off rows from those who may not edit, in a catalogue
--          deleted for real (the inactive staff, the inactive templates).
-- Running it again restates everything: the table's policies are dropped first.

create schema if not exists app_meta;

-- True when the request is a staff member's who works at notaría p_notaria (claim notarias).
create or replace function public.staff_de_notaria(p_notaria bigint) returns boolean
language sql stable as $$
  select public.es_personal_de(p_notaria)
$$;

create or replace function app_meta.regla_sql(regla text, notaria text) returns text
language plpgsql immutable as $$
begin
  return case regla
    when 'anyone' then 'true'
    when 'signedIn' then 'true'
    when 'admin' then 'public.es_admin()'
    when 'staffOfNotaria' then format('(public.es_admin() or public.staff_de_notaria(%I))', notaria)
    when 'nobody' then 'false'
    else null
  end;
end
$$;

create or replace function app_meta.politicas_catalogo(
  tabla text,
  lectura text default 'anyone',
  alta text default 'admin',
  cambio text default 'admin',
  baja text default 'admin',
  soft text default null,
  visible text default null,
  notaria text default 'notaria_id'
) returns void
language plpgsql as $$
declare
  p record;
  r text;
  vivo text := coalesce(soft, visible);
  leer text;
  seq text;
begin
  foreach r in array array[lectura, alta, cambio, baja] loop
    if app_meta.regla_sql(r, notaria) is null then
      raise exception 'politicas_catalogo(%): regla desconocida %', tabla, r;
    end if;
  end loop;
  if soft is not null and baja is distinct from cambio then
    raise exception 'politicas_catalogo(%): con borrado lógico, baja (%) es cambio (%)', tabla, baja, cambio;
  end if;

  execute format('alter table public.%I enable row level security', tabla);
  for p in select policyname from pg_policies where schemaname = 'public' and tablename = tabla loop
    execute format('drop policy %I on public.%I', p.policyname, tabla);
  end loop;
  -- also drops truncate, which RLS does not stop (a hosted project grants everything by default)
  execute format('revoke all on public.%I from anon, authenticated', tabla);

  -- reading: live rows for everyone the rule lets through; every row for those who may edit
  leer := app_meta.regla_sql(lectura, notaria);
  if vivo is not null then
    leer := format('(%s) and (%I or %s)', leer, vivo, app_meta.regla_sql(cambio, notaria));
  end if;
  if lectura = 'anyone' then
    execute format('grant select on public.%I to anon, authenticated', tabla);
    execute format('create policy %I on public.%I for select to anon, authenticated using (%s)', tabla || '_lectura', tabla, leer);
  elsif lectura <> 'nobody' then
    execute format('grant select on public.%I to authenticated', tabla);
    execute format('create policy %I on public.%I for select to authenticated using (%s)', tabla || '_lectura', tabla, leer);
  end if;

  if alta <> 'nobody' then
    execute format('grant insert on public.%I to authenticated', tabla);
    execute format('create policy %I on public.%I for insert to authenticated with check (%s)', tabla || '_alta', tabla, app_meta.regla_sql(alta, notaria));
    seq := pg_get_serial_sequence(format('public.%I', tabla), 'id');
    if seq is not null then
      execute format('grant usage, select on sequence %s to authenticated', seq);
    end if;
  end if;

  if cambio <> 'nobody' then
    execute format('grant update on public.%I to authenticated', tabla);
    execute format('create policy %I on public.%I for update to authenticated using (%s) with check (%s)',
      tabla || '_cambio', tabla, app_meta.regla_sql(cambio, notaria), app_meta.regla_sql(cambio, notaria));
  end if;

  -- a soft-deleted catalogue is never deleted for real through the API
  if baja <> 'nobody' and soft is null then
    execute format('grant delete on public.%I to authenticated', tabla);
    execute format('create policy %I on public.%I for delete to authenticated using (%s)', tabla || '_baja', tabla, app_meta.regla_sql(baja, notaria));
  end if;
end
$$;

-- The catalogues of resources/, as their declarations say (tests/unit/resources-sql.test.ts
-- checks that each registered catalogue's latest call here or in a later migration matches).
select app_meta.politicas_catalogo('notarias');
select app_meta.politicas_catalogo('personal', visible => 'is_active');
select app_meta.politicas_catalogo('disponibilidad');
-- Matter types: clients pick one in the appointment wizard; visitors have no use for them.
select app_meta.politicas_catalogo('tipos_asunto', lectura => 'signedIn');
select app_meta.politicas_catalogo('categorias_servicios', soft => 'activo');
select app_meta.politicas_catalogo('actos_servicios', soft => 'activo');
select app_meta.politicas_catalogo('plantillas_escrituras', visible => 'activo');
select app_meta.politicas_catalogo('festivos');
