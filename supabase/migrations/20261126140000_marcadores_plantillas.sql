-- The placeholder language of the deed templates (plantillas_escrituras), declared once here:
-- logic-less Mustache. A template may use
--   * the common placeholders of every deed (table marcadores_comunes: notary, office, date...);
--   * what its act's form offers (actos_servicios.json_definicion, domain/act-form.ts): a list
--     section (otorgantes, apoderados...) as {{otorgantes}}, written as a deed writes its
--     comparecientes, or row by row inside {{#otorgantes}}...{{/otorgantes}} with the section's
--     fields; each field of a one-row section by its name ({{forma_actuacion}}), numbers also in
--     words ({{precio_en_letra}});
--   * for a template of every act (acto_id null), what every act's form offers.
-- The view marcadores_plantilla lists them per act (acto_id 0 = every act) with an example: the
-- template editor shows it, the draft renderer fills the same names, and the trigger below refuses
-- a template that uses any other, naming it (400 through the gateway: raise in a trigger).
-- Safe to run again.

create table if not exists public.marcadores_comunes (
  nombre text primary key,
  descripcion text not null,
  ejemplo text not null,
  orden integer not null
);

insert into public.marcadores_comunes (nombre, descripcion, ejemplo, orden) values
  ('numero_protocolo', 'Número de protocolo de la escritura, en letra (cuando está asignado)', 'MIL DOSCIENTOS TREINTA Y CUATRO', 1),
  ('notario', 'Nombre del notario o notaria que autoriza', 'Carmen López Martín', 2),
  ('notaria', 'Nombre de la notaría', 'Notaría López Martín', 3),
  ('direccion_notaria', 'Dirección de la notaría', 'Calle de Serrano, 45, 2.º, 28001 Madrid', 4),
  ('localidad', 'Localidad de la notaría', 'Madrid', 5),
  ('fecha', 'Fecha del borrador, en letra', 'veintiséis de noviembre de dos mil veintiséis', 6),
  ('acto', 'Nombre del acto', 'Poder General', 7),
  ('expediente', 'Título del expediente', 'Poder para mi gestor', 8)
on conflict (nombre) do update set descripcion = excluded.descripcion, ejemplo = excluded.ejemplo, orden = excluded.orden;

-- read by everyone, written by nobody through the API: the draft renderer (domain/borrador.ts) fills
-- exactly these names, so a new one is a migration and code together
alter table public.marcadores_comunes enable row level security;
revoke all on public.marcadores_comunes from anon, authenticated;
grant select on public.marcadores_comunes to anon, authenticated;
drop policy if exists marcadores_comunes_lectura on public.marcadores_comunes;
create policy marcadores_comunes_lectura on public.marcadores_comunes for select to anon, authenticated using (true);

-- A section is a list when it says so, or by default when it has a document ('nif') field
-- (esSeccionLista in domain/act-form.ts).
create or replace view public.marcadores_plantilla as
with secciones as (
  select a.id as acto_id, s.seccion, s.n,
         coalesce((s.seccion ->> 'repetible')::boolean,
                  exists (select 1 from jsonb_array_elements(s.seccion -> 'campos') c where c ->> 'tipo' = 'nif')) as lista
    from public.actos_servicios a
   cross join lateral jsonb_array_elements(coalesce(a.json_definicion -> 'secciones', '[]'::jsonb)) with ordinality as s (seccion, n)
),
campos as (
  select se.acto_id, se.seccion, se.n, se.lista, c.campo, c.m
    from secciones se
   cross join lateral jsonb_array_elements(coalesce(se.seccion -> 'campos', '[]'::jsonb)) with ordinality as c (campo, m)
),
de_actos as (
  -- a list section as a whole
  select acto_id, seccion ->> 'nombre_logico' as nombre, null::text as seccion,
         (seccion ->> 'nombre') || ': cada fila redactada como comparecencia (nombre, documento, domicilio y circunstancias)' as descripcion,
         'DOÑA ANA GARCÍA LÓPEZ, mayor de edad, soltera, con domicilio en Calle Mayor, 1, Madrid, y provista de DNI/NIF número 12345678Z' as ejemplo,
         100 + n * 100 as orden
    from secciones where lista
  union all
  -- the fields of a list section, inside {{#seccion}}...{{/seccion}}; of a one-row section, on their own
  select acto_id, campo ->> 'nombre', case when lista then seccion ->> 'nombre_logico' end,
         campo ->> 'etiqueta' || case when lista then ' (dentro de {{#' || (seccion ->> 'nombre_logico') || '}}...{{/' || (seccion ->> 'nombre_logico') || '}})' else '' end,
         case campo ->> 'tipo'
           when 'fecha' then 'quince de marzo de dos mil veintisiete'
           when 'numero' then '1.500'
           when 'checkbox' then 'sí'
           when 'nif' then '12345678Z'
           when 'select' then coalesce(campo -> 'opciones' -> 0 ->> 'valor', campo -> 'opciones' ->> 0, '')
           else coalesce(campo ->> 'placeholder', campo ->> 'etiqueta')
         end,
         100 + n * 100 + m
    from campos
  union all
  select acto_id, (campo ->> 'nombre') || '_en_letra', case when lista then seccion ->> 'nombre_logico' end,
         campo ->> 'etiqueta' || ', en letra', 'MIL QUINIENTOS', 100 + n * 100 + m
    from campos where campo ->> 'tipo' = 'numero'
),
por_acto as (
  select distinct on (acto_id, seccion, nombre) * from de_actos
   where seccion is not null or nombre not in (select nombre from public.marcadores_comunes)
   order by acto_id, seccion, nombre, orden
),
actos_con_formulario as (select count(distinct acto_id) as total from secciones),
de_todos as (
  -- for a template of every act: what every act's form offers
  select 0::bigint as acto_id, nombre, seccion, min(descripcion) as descripcion, min(ejemplo) as ejemplo, min(orden) as orden
    from por_acto
   group by nombre, seccion
  having count(distinct acto_id) = (select total from actos_con_formulario)
)
select a.id as acto_id, m.nombre, null::text as seccion, m.descripcion, m.ejemplo, m.orden
  from public.actos_servicios a cross join public.marcadores_comunes m
union all
select 0, m.nombre, null, m.descripcion, m.ejemplo, m.orden from public.marcadores_comunes m
union all
select acto_id, nombre, seccion, descripcion, ejemplo, orden from por_acto
union all
select acto_id, nombre, seccion, descripcion, ejemplo, orden from de_todos;

grant select on public.marcadores_plantilla to anon, authenticated;

-- The names a template uses that its act does not offer, in order of appearance, each once; and
-- the template's faults of form (a section never closed, a tag the language does not have).
create or replace function public.plantilla_marcadores_desconocidos(p_plantilla text, p_acto_id bigint)
returns text[] language plpgsql stable set search_path = public as $$
declare
  tag text[];
  tipo text;
  v_nombre text;
  abiertas text[] := '{}';
  desconocidos text[] := '{}';
  valido boolean;
  s text;
  -- what the act offers, read once ('section' || U+001F || name; '' for the top level): the view
  -- computes every act's placeholders, and asking it per tag took 35 s for the seed on PostgreSQL
  ofrecidos text[];
begin
  select coalesce(array_agg(coalesce(m.seccion, '') || chr(31) || m.nombre), '{}') into ofrecidos
    from public.marcadores_plantilla m where m.acto_id = coalesce(p_acto_id, 0);
  for tag in select regexp_matches(p_plantilla, '\{\{(\{?)\s*([#^/&!>=]?)\s*([^}]*)\}?\}\}', 'g') loop
    tipo := tag[2];
    v_nombre := btrim(tag[3]);
    if tipo = '!' then continue; end if;
    if tipo in ('>', '=') then
      raise exception 'La plantilla usa una etiqueta no admitida: {{%}}', tipo || v_nombre using errcode = 'P0001';
    end if;
    if tipo = '/' then
      if cardinality(abiertas) = 0 or abiertas[cardinality(abiertas)] <> v_nombre then
        raise exception 'La plantilla cierra {{/%}} sin haberlo abierto', v_nombre using errcode = 'P0001';
      end if;
      abiertas := abiertas[1:cardinality(abiertas) - 1];
      continue;
    end if;
    -- valid at the top level, or as a field of any section open around it
    valido := v_nombre = '.' and cardinality(abiertas) > 0 or (chr(31) || v_nombre) = any (ofrecidos);
    if not valido then
      foreach s in array abiertas loop
        valido := valido or (s || chr(31) || v_nombre) = any (ofrecidos);
      end loop;
    end if;
    if not valido and not (v_nombre = any (desconocidos)) then desconocidos := desconocidos || v_nombre; end if;
    if tipo in ('#', '^') then abiertas := abiertas || v_nombre; end if;
  end loop;
  if cardinality(abiertas) > 0 then
    raise exception 'La plantilla abre {{#%}} y no lo cierra', abiertas[cardinality(abiertas)] using errcode = 'P0001';
  end if;
  return desconocidos;
end $$;

create or replace function public.plantillas_escrituras_validar() returns trigger
language plpgsql set search_path = public as $$
declare
  desconocidos text[];
begin
  desconocidos := public.plantilla_marcadores_desconocidos(new.plantilla, new.acto_id);
  if cardinality(desconocidos) = 1 then
    raise exception 'La plantilla usa un marcador desconocido: {{%}}', desconocidos[1] using errcode = 'P0001',
      hint = 'Los marcadores disponibles se listan bajo la plantilla, según el acto elegido';
  elsif cardinality(desconocidos) > 1 then
    raise exception 'La plantilla usa marcadores desconocidos: %', (select string_agg('{{' || d || '}}', ', ') from unnest(desconocidos) d)
      using errcode = 'P0001', hint = 'Los marcadores disponibles se listan bajo la plantilla, según el acto elegido';
  end if;
  return new;
end $$;

drop trigger if exists plantillas_escrituras_validar on public.plantillas_escrituras;
create trigger plantillas_escrituras_validar
  before insert or update of plantilla, acto_id on public.plantillas_escrituras
  for each row execute function public.plantillas_escrituras_validar();
