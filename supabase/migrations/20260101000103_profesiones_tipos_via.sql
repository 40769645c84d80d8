-- Professions offered in the personal-data forms (43, 'Otros' for the rest).
insert into public.profesiones (nombre) values
  ('Abogado/a'), ('Administrativo/a'), ('Agricultor/a'), ('Albañil'), ('Amo/a de casa'),
  ('Arquitecto/a'), ('Auxiliar de enfermería'), ('Camarero/a'), ('Carpintero/a'), ('Cocinero/a'),
  ('Comercial'), ('Conductor/a'), ('Contable'), ('Dependiente/a'), ('Desempleado/a'),
  ('Diseñador/a'), ('Economista'), ('Electricista'), ('Empresario/a'), ('Enfermero/a'),
  ('Estudiante'), ('Farmacéutico/a'), ('Fisioterapeuta'), ('Fontanero/a'), ('Funcionario/a'),
  ('Gerente'), ('Informático/a'), ('Ingeniero/a'), ('Jubilado/a'), ('Mecánico/a'),
  ('Médico/a'), ('Notario/a'), ('Odontólogo/a'), ('Peluquero/a'), ('Periodista'),
  ('Policía'), ('Profesor/a'), ('Psicólogo/a'), ('Técnico/a'), ('Trabajador/a autónomo/a'),
  ('Transportista'), ('Veterinario/a'), ('Otros')
on conflict (nombre) do nothing;

-- Street types of Spanish addresses (the usual cadastral list, 'Otros' for the rest).
insert into public.tipos_via (nombre) values
  ('Alameda'), ('Autopista'), ('Autovía'), ('Avenida'), ('Barrio'), ('Bulevar'), ('Calle'),
  ('Callejón'), ('Camino'), ('Cañada'), ('Carrera'), ('Carretera'), ('Colonia'), ('Costanilla'),
  ('Cuesta'), ('Diseminado'), ('Edificio'), ('Glorieta'), ('Gran Vía'), ('Grupo'), ('Jardines'),
  ('Lugar'), ('Mercado'), ('Muelle'), ('Paraje'), ('Parque'), ('Partida'), ('Pasaje'), ('Paseo'),
  ('Plaza'), ('Plazuela'), ('Polígono'), ('Prolongación'), ('Rambla'), ('Ronda'), ('Rúa'),
  ('Sector'), ('Senda'), ('Subida'), ('Travesía'), ('Urbanización'), ('Otros')
on conflict (nombre) do nothing;
