-- Every foreign key gets an index led by its columns, so that deleting a persona (which sets
-- created_by to null, or deletes the user, in these tables) looks its rows up instead of reading
-- the whole table: with 100,000 expedientes a delete read them all. The migrations test checks
-- that no foreign key is left without one.
create index if not exists expedientes_created_by on servicios.expedientes (created_by);
create index if not exists actos_created_by on servicios.actos (created_by);
create index if not exists privilegios_created_by on servicios.privilegios (created_by);
create index if not exists usuarios_persona on servicios.usuarios (persona_id);
