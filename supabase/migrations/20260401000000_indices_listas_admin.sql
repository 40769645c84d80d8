-- The default sort of each admin list (resources/*.ts) has an index, so its first page
-- (order by … limit 10) reads ten index entries instead of sorting the whole table as it grows.
-- notarias (nombre), personal (name), disponibilidad (staff_id), categorias_servicios (nombre) and
-- actos_servicios (nombre) already have one; these three did not. Idempotent, like every file here.
create index if not exists tipos_asunto_orden_name on public.tipos_asunto (name);
create index if not exists plantillas_escrituras_nombre on public.plantillas_escrituras (nombre);
create index if not exists festivos_fecha on public.festivos (fecha);
