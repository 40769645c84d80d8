-- GET /expediente/owner/{id} pages the visible cases (persona_id = any(visible personas)) by
-- fecha_alta desc, id, and counts them. With id in the index the default list's rows (id, fecha_alta)
-- and their count come from the index alone (index-only scan) wherever the visibility map is kept
-- (autovacuum on Postgres). It replaces expedientes_persona_fecha, its prefix, which serves every
-- look-up by persona_id as before (the owner lists, the cascade from personas).
create index expedientes_persona_fecha_id on servicios.expedientes (persona_id, fecha_alta desc, id);
drop index servicios.expedientes_persona_fecha;
