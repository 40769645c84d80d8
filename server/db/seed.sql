-- Demo users of the services API: one admin (00000000T, in ADMIN_DOCUMENTS by default), two
-- clients, each with their own persona and linked to notarías idint 1 and 2 (supabase/seed.sql),
-- and one staff member of notaría 1 (11111111H, whose document is on an active personal row).
-- They sign in with a PIN that arrives in the development outbox (/dev/outbox).
-- Fixed ids, so tests and documentation can name them.

insert into servicios.personas
  (id, owner_id, tipo_persona, identificador_tipo, identificador_numero, nombre, primer_apellido, segundo_apellido,
   genero, fecha_nacimiento, estado_civil, regimen_economico, profesion, email, telefono, direccion)
values
  ('00000000-0000-4000-8000-000000000001', null, 'FISICA', 'NIF', '00000000T', 'Marta', 'Ortega', 'Vidal',
   'FEMENINO', '1974-03-14', 'CASADO', 'GANANCIALES', 'Notario/a', 'admin@notaria.example', '+34 914 356 700',
   '{"tipoVia": "Calle", "nombreVia": "de Serrano", "numeroVia": "45", "piso": "2", "puerta": "A",
     "codPostal": "28001", "localidad": "Madrid", "provincia": "Madrid", "pais": "ESP"}'),
  ('00000000-0000-4000-8000-000000000002', null, 'FISICA', 'NIF', '12345678Z', 'Ana', 'García', 'López',
   'FEMENINO', '1985-06-21', 'SOLTERO', null, 'Abogado/a', 'ana.garcia@example.com', '+34 612 345 678',
   '{"tipoVia": "Calle", "nombreVia": "Mayor", "numeroVia": "12", "piso": "3", "puerta": "B",
     "codPostal": "28013", "localidad": "Madrid", "provincia": "Madrid", "pais": "ESP"}'),
  ('00000000-0000-4000-8000-000000000003', null, 'FISICA', 'NIE', 'X1234567L', 'John', 'Smith', 'Taylor',
   'MASCULINO', '1979-11-02', 'CASADO', 'PRIVATIVO', 'Ingeniero/a', 'john.smith@example.com', '+34 698 765 432',
   '{"tipoVia": "Avenida", "nombreVia": "Diagonal", "numeroVia": "640", "piso": "5", "puerta": "1",
     "codPostal": "08017", "localidad": "Barcelona", "provincia": "Barcelona", "pais": "ESP"}'),
  ('00000000-0000-4000-8000-000000000004', null, 'FISICA', 'NIF', '11111111H', 'Lucía', 'Fernández', 'Ruiz',
   'FEMENINO', '1988-09-30', 'SOLTERO', null, 'Oficial de notaría', 'lucia.fernandez@notarialopezmartin.example', '+34 914 356 701',
   '{"tipoVia": "Calle", "nombreVia": "de Serrano", "numeroVia": "45", "piso": "2", "puerta": "A",
     "codPostal": "28001", "localidad": "Madrid", "provincia": "Madrid", "pais": "ESP"}');

insert into servicios.usuarios (id, tipo_documento, numero_documento, email, persona_id) values
  ('00000000-0000-4000-8000-000000000101', 'NIF', '00000000T', 'admin@notaria.example', '00000000-0000-4000-8000-000000000001'),
  ('00000000-0000-4000-8000-000000000102', 'NIF', '12345678Z', 'ana.garcia@example.com', '00000000-0000-4000-8000-000000000002'),
  ('00000000-0000-4000-8000-000000000103', 'NIE', 'X1234567L', 'john.smith@example.com', '00000000-0000-4000-8000-000000000003'),
  -- staff of notaría 1 (public.personal row 8, supabase/seed.sql): the office's work
  ('00000000-0000-4000-8000-000000000104', 'NIF', '11111111H', 'lucia.fernandez@notarialopezmartin.example', '00000000-0000-4000-8000-000000000004');

-- The admin and the staff member are bound to their documents (identity proven, 0040_identidad.sql):
-- what ADMIN_DOCUMENTS and the staff row grant reaches only a proven account. The clients are not:
-- a self-registered account proves its mailbox only.
insert into servicios.identidades (usuario_id, metodo, detalle) values
  ('00000000-0000-4000-8000-000000000101', 'oficina', 'datos de demostración'),
  ('00000000-0000-4000-8000-000000000104', 'oficina', 'datos de demostración');

insert into servicios.persona_notaria (persona_id, notaria_id) values
  ('00000000-0000-4000-8000-000000000001', 1),
  ('00000000-0000-4000-8000-000000000001', 2),
  ('00000000-0000-4000-8000-000000000002', 1),
  ('00000000-0000-4000-8000-000000000002', 2),
  ('00000000-0000-4000-8000-000000000003', 1),
  ('00000000-0000-4000-8000-000000000003', 2),
  ('00000000-0000-4000-8000-000000000004', 1);
