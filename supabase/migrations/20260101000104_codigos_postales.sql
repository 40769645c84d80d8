-- A sample of postal codes for the offline locality look-up: the main code of every provincial
-- capital, the city ranges of Madrid, Barcelona, Valencia and Sevilla, and some large towns.
-- (Elsewhere the province still comes from the first two digits; GeoNames covers the rest.)
insert into public.codigos_postales (codigo, localidad, provincia_codigo) values
  ('01001', 'Vitoria-Gasteiz', '01'), ('02001', 'Albacete', '02'), ('03001', 'Alicante/Alacant', '03'),
  ('04001', 'Almería', '04'), ('05001', 'Ávila', '05'), ('06001', 'Badajoz', '06'),
  ('07001', 'Palma', '07'), ('09001', 'Burgos', '09'), ('10001', 'Cáceres', '10'),
  ('11001', 'Cádiz', '11'), ('12001', 'Castellón de la Plana', '12'), ('13001', 'Ciudad Real', '13'),
  ('14001', 'Córdoba', '14'), ('15001', 'A Coruña', '15'), ('16001', 'Cuenca', '16'),
  ('17001', 'Girona', '17'), ('18001', 'Granada', '18'), ('19001', 'Guadalajara', '19'),
  ('20001', 'Donostia/San Sebastián', '20'), ('21001', 'Huelva', '21'), ('22001', 'Huesca', '22'),
  ('23001', 'Jaén', '23'), ('24001', 'León', '24'), ('25001', 'Lleida', '25'),
  ('26001', 'Logroño', '26'), ('27001', 'Lugo', '27'), ('29001', 'Málaga', '29'),
  ('30001', 'Murcia', '30'), ('31001', 'Pamplona/Iruña', '31'), ('32001', 'Ourense', '32'),
  ('33001', 'Oviedo', '33'), ('34001', 'Palencia', '34'), ('35001', 'Las Palmas de Gran Canaria', '35'),
  ('36001', 'Pontevedra', '36'), ('37001', 'Salamanca', '37'), ('38001', 'Santa Cruz de Tenerife', '38'),
  ('39001', 'Santander', '39'), ('40001', 'Segovia', '40'), ('42001', 'Soria', '42'),
  ('43001', 'Tarragona', '43'), ('44001', 'Teruel', '44'), ('45001', 'Toledo', '45'),
  ('47001', 'Valladolid', '47'), ('48001', 'Bilbao', '48'), ('49001', 'Zamora', '49'),
  ('50001', 'Zaragoza', '50'), ('51001', 'Ceuta', '51'), ('52001', 'Melilla', '52'),
  -- large towns
  ('03201', 'Elche/Elx', '03'), ('08201', 'Sabadell', '08'), ('08221', 'Terrassa', '08'),
  ('08301', 'Mataró', '08'), ('08901', 'L''Hospitalet de Llobregat', '08'), ('08911', 'Badalona', '08'),
  ('11201', 'Algeciras', '11'), ('11401', 'Jerez de la Frontera', '11'), ('28100', 'Alcobendas', '28'),
  ('28801', 'Alcalá de Henares', '28'), ('28901', 'Getafe', '28'), ('28911', 'Leganés', '28'),
  ('28921', 'Alcorcón', '28'), ('28931', 'Móstoles', '28'), ('28941', 'Fuenlabrada', '28'),
  ('29601', 'Marbella', '29'), ('30201', 'Cartagena', '30'), ('33201', 'Gijón', '33'),
  ('36201', 'Vigo', '36'), ('41700', 'Dos Hermanas', '41'), ('46100', 'Burjassot', '46')
on conflict (codigo) do nothing;

-- The postal districts of the four largest cities.
insert into public.codigos_postales (codigo, localidad, provincia_codigo)
select lpad(n::text, 5, '0'), city.localidad, city.provincia
  from (values ('Madrid', '28', 28001, 28055),
               ('Barcelona', '08', 8001, 8042),
               ('Valencia', '46', 46001, 46026),
               ('Sevilla', '41', 41001, 41020)) as city (localidad, provincia, desde, hasta)
 cross join lateral generate_series(city.desde, city.hasta) as n
on conflict (codigo) do nothing;
