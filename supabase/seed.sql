-- Demo data that makes the portal usable on first start: offices, staff and their availability,
-- matter types, the service catalogue (categories, acts with required documents and form
-- definitions), reusable form components and deed templates. Explicit ids, so that pages and
-- tests can name them (act 3 is 'Poder General'); the identity sequences are moved past them at
-- the end. Production catalogues (provinces, countries, ...) live in the migrations instead.

-- Notary offices ------------------------------------------------------------------------------
insert into public.notarias (id, nombre, direccion, email, telefono, externalidnotaria, idint, sistema_videoconferencia) values
  (1, 'Notaría López Martín', 'Calle de Serrano, 45, 2.º, 28001 Madrid', 'info@notarialopezmartin.example',
      '914 356 789', 'NOT001', 1, 'https://meet.notarialopezmartin.example/sala'),
  (2, 'Notaría Puig Ferrer', 'Passeig de Gràcia, 78, 1.º 2.ª, 08008 Barcelona', 'despacho@notariapuigferrer.example',
      '932 154 860', 'NOT002', 2, 'https://meet.notariapuigferrer.example/sala'),
  (3, 'Notaría Sánchez Ruiz', 'Calle de Colón, 22, 4.º, 46004 Valencia', 'citas@notariasanchezruiz.example',
      '963 521 190', 'NOT003', 3, null)
on conflict (id) do nothing;

-- Staff: one of each calendar type, and one deactivated member ------------------------------
insert into public.personal (id, name, email, position, notaria_id, calendar_type, is_active) values
  (1, 'Carmen López Martín', 'carmen.lopez@notarialopezmartin.example', 'Notaria', 1, 'google', true),
  (2, 'Javier Ortega Díaz', 'javier.ortega@notarialopezmartin.example', 'Oficial de notaría', 1, 'lovable', true),
  (3, 'Jordi Puig Ferrer', 'jordi.puig@notariapuigferrer.example', 'Notario', 2, 'office365', true),
  (4, 'Marta Vidal Soler', 'marta.vidal@notariapuigferrer.example', 'Oficial de notaría', 2, 'lovable', true),
  (5, 'Elena Sánchez Ruiz', 'elena.sanchez@notariasanchezruiz.example', 'Notaria', 3, 'google', true),
  (6, 'Pablo Moreno Gil', 'pablo.moreno@notariasanchezruiz.example', 'Oficial de notaría', 3, 'office365', true),
  (7, 'Lucía Navarro Pérez', 'lucia.navarro@notariasanchezruiz.example', 'Auxiliar', 3, 'lovable', false)
on conflict (id) do nothing;

-- Staff who sign in to the portal with their own document (the office's work, /despacho): Lucía
-- Fernández Ruiz, oficial of the first notaría (demo account NIF 11111111H, server/db/seed.sql).
insert into public.personal (id, name, email, position, notaria_id, calendar_type, is_active, tipo_documento, numero_documento) values
  (8, 'Lucía Fernández Ruiz', 'lucia.fernandez@notarialopezmartin.example', 'Oficial', 1, 'lovable', true, 'NIF', '11111111H')
on conflict (id) do nothing;

-- Availability: mornings Monday to Friday; Javier also works afternoons; Jordi is away on
-- Christmas Eve; Pablo only on Monday, Wednesday and Friday mornings.
insert into public.disponibilidad (id, staff_id, day_of_week, start_time, end_time, is_recurring, is_available, specific_date) values
  (1, 1, '{1,2,3,4,5}', '09:00', '14:00', true, true, null),
  (2, 2, '{1,2,3,4,5}', '09:00', '14:00', true, true, null),
  (3, 2, '{1,2,3,4}', '15:00', '19:00', true, true, null),
  (4, 3, '{1,2,3,4,5}', '09:00', '14:00', true, true, null),
  (5, 3, '{4}', '09:00', '14:00', false, false, '2026-12-24'),
  (6, 4, '{1,2,3,4,5}', '09:00', '14:00', true, true, null),
  (7, 5, '{1,2,3,4,5}', '09:00', '14:00', true, true, null),
  (8, 6, '{1,3,5}', '10:00', '13:00', true, true, null)
on conflict (id) do nothing;

insert into public.tipos_asunto (id, name) values (1, 'Firma'), (2, 'Consulta'), (3, 'Otros')
on conflict (id) do nothing;

-- Service categories (the seven built-in ones) ----------------------------------------------
insert into public.categorias_servicios (id, nombre, descripcion) values
  (1, 'Poderes', 'Autorice a otra persona para actuar en su nombre: poderes generales, especiales, para pleitos y su revocación.'),
  (2, 'Inmobiliario', 'Compraventa de viviendas y locales, préstamos hipotecarios y su cancelación, y declaraciones de obra nueva.'),
  (3, 'Familia', 'Capitulaciones matrimoniales, separación y divorcio de mutuo acuerdo y medidas de apoyo para el futuro.'),
  (4, 'Mercantil', 'Constitución de sociedades, ampliaciones de capital, transmisión de participaciones y nombramiento de cargos.'),
  (5, 'Pólizas', 'Intervención de pólizas de préstamo, de crédito y de arrendamiento financiero con entidades bancarias.'),
  (6, 'Sucesiones y Donaciones', 'Testamentos, declaraciones de herederos, aceptación y reparto de herencias y donaciones en vida.'),
  (7, 'Actas', 'Actas notariales que dejan constancia fehaciente de hechos, manifestaciones o de la notoriedad de una situación.')
on conflict (id) do nothing;

-- Notarial acts with their required documents -----------------------------------------------
insert into public.actos_servicios (id, categoria_id, nombre, descripcion, documentos_requeridos) values
  (1, 1, 'Poder Especial', 'Autoriza a una persona para un acto o negocio concreto, como vender un inmueble, aceptar una herencia o firmar una hipoteca.',
      array['DNI o NIE del poderdante en vigor', 'Nombre, apellidos y DNI o NIE del apoderado', 'Descripción del acto o negocio para el que se otorga el poder']),
  (2, 1, 'Poder para Pleitos', 'Faculta a abogados y procuradores para representarle ante juzgados, tribunales y administraciones públicas.',
      array['DNI o NIE del poderdante en vigor', 'Nombre y número de colegiado de los abogados y procuradores']),
  (3, 1, 'Poder General', 'Permite que uno o varios apoderados administren su patrimonio y le representen en la generalidad de sus asuntos.',
      array['DNI o NIE del poderdante en vigor', 'DNI o NIE de cada apoderado', 'Libro de familia o certificado de matrimonio, si está casado',
            'Relación de las facultades que desea conferir, si el poder es especial o limitado']),
  (4, 1, 'Revocación de Poder', 'Deja sin efecto un poder otorgado anteriormente; la notaría lo notifica al apoderado.',
      array['DNI o NIE del poderdante en vigor', 'Copia del poder que se revoca o sus datos (notario, fecha y número de protocolo)',
            'Domicilio del apoderado para la notificación']),
  (5, 2, 'Compraventa de Vivienda', 'Escritura de compraventa de una vivienda, con o sin financiación, y su posterior inscripción en el Registro de la Propiedad.',
      array['DNI o NIE de compradores y vendedores', 'Escritura de propiedad del vendedor', 'Nota simple del Registro de la Propiedad',
            'Último recibo del IBI', 'Certificado de la comunidad de propietarios de estar al corriente de pago',
            'Certificado de eficiencia energética', 'Justificantes de los medios de pago']),
  (6, 2, 'Préstamo Hipotecario', 'Formalización del préstamo con garantía hipotecaria para la compra o refinanciación de un inmueble.',
      array['DNI o NIE de prestatarios y avalistas', 'Ficha Europea de Información Normalizada (FEIN) y oferta vinculante',
            'Tasación del inmueble', 'Nota simple del Registro de la Propiedad']),
  (7, 2, 'Cancelación de Hipoteca', 'Cancela en el Registro de la Propiedad la hipoteca de un préstamo ya pagado.',
      array['DNI o NIE del titular', 'Certificado bancario de deuda cero', 'Escritura del préstamo hipotecario']),
  (8, 2, 'Declaración de Obra Nueva', 'Hace constar una edificación nueva o su ampliación para inscribirla en el Registro de la Propiedad.',
      array['DNI o NIE de los propietarios', 'Licencia de obras y de primera ocupación', 'Certificado final de obra del arquitecto',
            'Seguro decenal', 'Libro del edificio']),
  (9, 3, 'Capitulaciones Matrimoniales', 'Pacte o cambie el régimen económico de su matrimonio, por ejemplo a separación de bienes.',
      array['DNI o NIE de ambos cónyuges', 'Certificado de matrimonio o libro de familia',
            'Relación de bienes, si se liquida la sociedad de gananciales']),
  (10, 3, 'Separación y Divorcio de Mutuo Acuerdo', 'Separación o divorcio ante notario cuando no hay hijos menores de edad ni con medidas de apoyo.',
      array['DNI o NIE de ambos cónyuges', 'Certificado literal de matrimonio', 'Certificados de nacimiento de los hijos',
            'Convenio regulador firmado', 'Datos de los abogados que asisten a los cónyuges']),
  (11, 3, 'Autocuratela y Poderes Preventivos', 'Designe quién le prestará apoyo, y cómo, si en el futuro necesita ayuda para ejercer su capacidad.',
      array['DNI o NIE del otorgante', 'Nombre, apellidos y DNI o NIE de las personas designadas']),
  (12, 4, 'Constitución de Sociedad Limitada', 'Creación de una sociedad de responsabilidad limitada con sus estatutos y primeros administradores.',
      array['DNI o NIE de socios y administradores', 'Certificación negativa de denominación del Registro Mercantil Central',
            'Certificado bancario del depósito del capital social', 'Proyecto de estatutos sociales']),
  (13, 4, 'Ampliación de Capital', 'Eleva a público el acuerdo de la junta general que aumenta el capital social.',
      array['Certificación del acuerdo de la junta general', 'Certificado bancario de las aportaciones dinerarias',
            'Escritura de constitución y estatutos vigentes', 'NIF de la sociedad']),
  (14, 4, 'Compraventa de Participaciones Sociales', 'Transmisión de participaciones de una sociedad limitada entre socios o a terceros.',
      array['DNI o NIE de comprador y vendedor', 'Título de adquisición de las participaciones',
            'Certificación del libro registro de socios', 'Justificante del pago del precio']),
  (15, 4, 'Nombramiento y Cese de Administradores', 'Eleva a público los acuerdos sociales de nombramiento, cese o reelección de administradores.',
      array['Certificación del acuerdo de la junta general', 'DNI o NIE de los administradores nombrados',
            'Aceptación del cargo por los nuevos administradores']),
  (16, 5, 'Póliza de Préstamo', 'Intervención notarial de un préstamo personal o empresarial, que le da fuerza ejecutiva.',
      array['DNI o NIE de prestatarios y fiadores', 'Póliza emitida por la entidad financiera',
            'Poderes de quienes firman en nombre de una sociedad']),
  (17, 5, 'Póliza de Crédito', 'Intervención de una línea de crédito concedida por una entidad financiera.',
      array['DNI o NIE de acreditados y fiadores', 'Póliza emitida por la entidad financiera',
            'Poderes de quienes firman en nombre de una sociedad']),
  (18, 5, 'Arrendamiento Financiero (Leasing)', 'Intervención del contrato de arrendamiento financiero de vehículos, maquinaria o inmuebles.',
      array['DNI o NIE de los firmantes', 'Contrato de arrendamiento financiero emitido por la entidad',
            'Poderes de quienes firman en nombre de una sociedad']),
  (19, 6, 'Testamento Abierto', 'Disponga cómo se repartirán sus bienes; el notario le asesora y conserva el original en su protocolo.',
      array['DNI o NIE del testador en vigor', 'Nombre y apellidos de herederos y legatarios',
            'Relación orientativa de bienes (opcional)']),
  (20, 6, 'Declaración de Herederos Abintestato', 'Determina quiénes son los herederos cuando el fallecido no dejó testamento.',
      array['Certificado de defunción', 'Certificado del Registro General de Actos de Última Voluntad',
            'Libro de familia o certificados de nacimiento de los herederos', 'DNI o NIE de dos testigos']),
  (21, 6, 'Aceptación y Partición de Herencia', 'Los herederos aceptan la herencia y se reparten los bienes del fallecido.',
      array['Certificado de defunción', 'Certificado del Registro General de Actos de Última Voluntad',
            'Copia autorizada del último testamento o de la declaración de herederos', 'Títulos de propiedad de los bienes',
            'Certificados bancarios de saldos a la fecha del fallecimiento', 'DNI o NIE de los herederos']),
  (22, 6, 'Donación', 'Transmisión gratuita en vida de dinero, de un inmueble u otros bienes a un familiar o a un tercero.',
      array['DNI o NIE de donante y donatario', 'Título de propiedad del bien donado',
            'Último recibo del IBI, si es un inmueble', 'Justificante de la transferencia, si se dona dinero']),
  (23, 7, 'Acta de Presencia', 'El notario acude a un lugar y deja constancia de los hechos que presencia.',
      array['DNI o NIE del requirente', 'Dirección del lugar y descripción de los hechos que deben constatarse']),
  (24, 7, 'Acta de Notoriedad', 'Acredita un hecho notorio, como la reanudación del tracto registral o la condición de heredero.',
      array['DNI o NIE del requirente', 'Documentos que acrediten el hecho', 'DNI o NIE de dos testigos']),
  (25, 7, 'Acta de Manifestaciones', 'Recoge por escrito y con fecha cierta las declaraciones que usted hace ante el notario.',
      array['DNI o NIE del requirente', 'Texto de las manifestaciones que desea realizar'])
on conflict (id) do nothing;

-- The dynamic form of 'Poder General': who grants the power, who receives it, and its scope.
-- Fields are shown only when their condition holds (one value, or any value of a list).
update public.actos_servicios set url_acto = '/formulario.html', json_definicion = $json$
{
  "secciones": [
    {
      "nombre": "Otorgantes",
      "tipo": "bloque",
      "nombre_logico": "otorgantes",
      "campos": [
        { "nombre": "nif", "tipo": "nif", "etiqueta": "NIF/NIE", "requerido": true,
          "ayuda": "Escriba el NIF o NIE y pulse buscar para rellenar los datos de una persona ya registrada" },
        { "nombre": "nombre", "tipo": "texto", "etiqueta": "Nombre", "requerido": true },
        { "nombre": "primer_apellido", "tipo": "texto", "etiqueta": "Primer apellido", "requerido": true },
        { "nombre": "segundo_apellido", "tipo": "texto", "etiqueta": "Segundo apellido" },
        { "nombre": "fecha_nacimiento", "tipo": "fecha", "etiqueta": "Fecha de nacimiento", "requerido": true,
          "ayuda": "Formato dd-mm-aaaa" },
        { "nombre": "estado_civil", "tipo": "select", "etiqueta": "Estado civil", "requerido": true,
          "opciones": ["SOLTERO", "CASADO", "SEPARADO", "DIVORCIADO", "VIUDO"] },
        { "nombre": "regimen_economico", "tipo": "select", "etiqueta": "Régimen económico", "requerido": true,
          "opciones": ["GANANCIALES", "PRIVATIVO"],
          "condiciones_visibilidad": { "campo": "estado_civil", "valor": "CASADO" } },
        { "nombre": "profesion", "tipo": "texto", "etiqueta": "Profesión" },
        { "nombre": "domicilio", "tipo": "textarea", "etiqueta": "Domicilio", "requerido": true,
          "ayuda": "Vía, número, piso, código postal y localidad" },
        { "nombre": "email", "tipo": "email", "etiqueta": "Correo electrónico" },
        { "nombre": "telefono", "tipo": "telefono", "etiqueta": "Teléfono" }
      ]
    },
    {
      "nombre": "Apoderados",
      "tipo": "bloque",
      "nombre_logico": "apoderados",
      "campos": [
        { "nombre": "nif", "tipo": "nif", "etiqueta": "NIF/NIE", "requerido": true,
          "ayuda": "Escriba el NIF o NIE y pulse buscar para rellenar los datos de una persona ya registrada" },
        { "nombre": "nombre", "tipo": "texto", "etiqueta": "Nombre", "requerido": true },
        { "nombre": "primer_apellido", "tipo": "texto", "etiqueta": "Primer apellido", "requerido": true },
        { "nombre": "segundo_apellido", "tipo": "texto", "etiqueta": "Segundo apellido" },
        { "nombre": "relacion", "tipo": "select", "etiqueta": "Relación con el otorgante",
          "opciones": ["CONYUGE", "HIJO", "FAMILIAR", "ABOGADO", "GESTOR", "OTRA"] },
        { "nombre": "relacion_otra", "tipo": "texto", "etiqueta": "Indique la relación", "requerido": true,
          "condiciones_visibilidad": { "campo": "relacion", "valor": "OTRA" } },
        { "nombre": "email", "tipo": "email", "etiqueta": "Correo electrónico" },
        { "nombre": "telefono", "tipo": "telefono", "etiqueta": "Teléfono" }
      ]
    },
    {
      "nombre": "Propósito",
      "tipo": "bloque",
      "nombre_logico": "proposito",
      "campos": [
        { "nombre": "alcance", "tipo": "select", "etiqueta": "Alcance del poder", "requerido": true,
          "opciones": ["GENERAL", "ESPECIAL", "LIMITADO"],
          "ayuda": "General: todos sus asuntos. Especial o limitado: solo las facultades que indique" },
        { "nombre": "facultades", "tipo": "textarea", "etiqueta": "Facultades que se confieren", "requerido": true,
          "ayuda": "Por ejemplo: vender la vivienda de la calle Mayor, 3 de Madrid; gestionar cuentas bancarias",
          "condiciones_visibilidad": { "campo": "alcance", "valor": ["ESPECIAL", "LIMITADO"] } },
        { "nombre": "forma_actuacion", "tipo": "select", "etiqueta": "Forma de actuación de los apoderados", "requerido": true,
          "opciones": ["SOLIDARIA", "MANCOMUNADA"],
          "ayuda": "Solidaria: cada apoderado puede actuar solo. Mancomunada: deben actuar juntos" },
        { "nombre": "fecha_fin", "tipo": "fecha", "etiqueta": "Vigente hasta", "min": "hoy",
          "ayuda": "Déjelo en blanco si el poder no tiene fecha de caducidad" },
        { "nombre": "autocontratacion", "tipo": "checkbox", "etiqueta": "Permitir la autocontratación y el conflicto de intereses" },
        { "nombre": "numero_copias", "tipo": "numero", "etiqueta": "Número de copias autorizadas", "entero": true, "min": 1, "max": 20 },
        { "nombre": "observaciones", "tipo": "textarea", "etiqueta": "Observaciones para la notaría" }
      ]
    }
  ]
}
$json$::jsonb
where id = 3;

-- Reusable form components: the three sections of 'Poder General' and a generic request section.
insert into public.componentes_formulario (id, nombre, comp_json)
select s.n, 'Bloque ' || lower(s.seccion ->> 'nombre'), s.seccion
  from public.actos_servicios a
 cross join lateral jsonb_array_elements(a.json_definicion -> 'secciones') with ordinality as s (seccion, n)
 where a.id = 3
on conflict (id) do nothing;

insert into public.componentes_formulario (id, nombre, comp_json) values
  (4, 'Bloque detalles del encargo', $json$
  {
    "nombre": "Detalles del encargo",
    "tipo": "bloque",
    "nombre_logico": "proposito",
    "campos": [
      { "nombre": "descripcion", "tipo": "textarea", "etiqueta": "Describa lo que necesita", "requerido": true },
      { "nombre": "fecha_prevista", "tipo": "fecha", "etiqueta": "Fecha prevista de firma", "ayuda": "Formato dd-mm-aaaa" },
      { "nombre": "urgente", "tipo": "checkbox", "etiqueta": "Es urgente" }
    ]
  }
  $json$::jsonb)
on conflict (id) do nothing;

-- Every other act gets a simple form: its otorgantes and the details of the request.
update public.actos_servicios a
   set json_definicion = jsonb_build_object('secciones', jsonb_build_array(
         (select comp_json from public.componentes_formulario where id = 1),
         (select comp_json from public.componentes_formulario where id = 4)))
 where a.id <> 3 and a.json_definicion is null;

-- Deed templates per office (acto_id null = for every act; definicionactoid = the act's id) ----
insert into public.plantillas_escrituras (id, nombre, plantilla, acto_id, notaria_id, definicionactoid, version) values
  (1, 'Poder general amplio', 'NÚMERO {{numero_protocolo}}.
PODER GENERAL.
En {{localidad}}, a {{fecha}}.
Ante mí, {{notario}}, Notario del Ilustre Colegio de Madrid,
COMPARECE: {{otorgantes}}.
OTORGA: Que confiere poder tan amplio y bastante como en Derecho se requiera a favor de {{apoderados}}, para que, actuando de forma {{forma_actuacion}}, administre, rija y gobierne todos sus bienes, y le represente ante toda clase de personas, entidades y organismos públicos y privados.',
      3, 1, 3, 2),
  (2, 'Compraventa de vivienda libre', 'NÚMERO {{numero_protocolo}}.
COMPRAVENTA.
En {{localidad}}, a {{fecha}}.
Ante mí, {{notario}}, Notaria del Ilustre Colegio de Madrid,
COMPARECEN: {{otorgantes}}.
EXPONEN: {{descripcion}}.
Y que la finca está libre de cargas y arrendatarios, al corriente en el pago del IBI y de los gastos de comunidad.
OTORGAN: Que venden y transmiten la finca descrita en los términos expuestos.',
      5, 1, 5, 1),
  (3, 'Testamento abierto con sustitución vulgar', 'NÚMERO {{numero_protocolo}}.
TESTAMENTO.
En {{localidad}}, a {{fecha}}.
COMPARECE: {{otorgantes}}, quien, a mi juicio, tiene la capacidad necesaria para otorgar este testamento.
DISPOSICIONES: Primera. {{descripcion}}, con sustitución vulgar a favor de sus descendientes. Segunda. Revoca cualquier otro testamento anterior.',
      19, 1, 19, 1),
  (4, 'Encabezamiento y comparecencia común', 'NÚMERO {{numero_protocolo}}.
En {{localidad}}, mi residencia, a {{fecha}}.
Ante mí, {{notario}}, Notario del Ilustre Colegio de Madrid,
COMPARECE: {{otorgantes}}.
Identifico al compareciente por su documento de identidad reseñado, y tiene, a mi juicio, la capacidad legal necesaria para otorgar esta escritura.',
      null, 1, null, 1),
  (5, 'Poder general', 'NÚMERO {{numero_protocolo}}.
PODER GENERAL.
En {{localidad}}, a {{fecha}}.
Ante mí, {{notario}}, Notario del Ilustre Colegio de Cataluña,
COMPARECE: {{otorgantes}}.
OTORGA: Que confiere poder general a favor de {{apoderados}}, con las facultades de administración y disposición que se relacionan.',
      3, 2, 3, 1),
  (6, 'Constitución de sociedad limitada con administrador único', 'NÚMERO {{numero_protocolo}}.
CONSTITUCIÓN DE SOCIEDAD DE RESPONSABILIDAD LIMITADA.
En {{localidad}}, a {{fecha}}.
COMPARECEN: {{otorgantes}}.
OTORGAN: Que constituyen una sociedad de responsabilidad limitada en los términos siguientes: {{descripcion}}. El capital social está dividido en participaciones de un euro de valor nominal, íntegramente suscritas y desembolsadas.',
      12, 2, 12, 1),
  (7, 'Poder general', 'NÚMERO {{numero_protocolo}}.
PODER GENERAL.
En {{localidad}}, a {{fecha}}.
Ante mí, {{notario}}, Notaria del Ilustre Colegio de Valencia,
COMPARECE: {{otorgantes}}.
OTORGA: Que confiere poder general a favor de {{apoderados}}, para que le represente en la generalidad de sus asuntos.',
      3, 3, 3, 1),
  (8, 'Acta de presencia', 'NÚMERO {{numero_protocolo}}.
ACTA DE PRESENCIA.
En {{localidad}}, a {{fecha}}.
REQUERIMIENTO: {{otorgantes}} me requiere para que me persone en el lugar que indica y haga constar por diligencia los hechos que presencie: {{descripcion}}.
DILIGENCIA: Constituido en dicho lugar, hago constar lo que presencio.',
      23, 3, 23, 1)
on conflict (id) do nothing;

-- Later inserts (admin screens, tests) must not collide with the explicit ids above.
do $$
declare
  t text;
  top bigint;
begin
  foreach t in array array[
    'notarias', 'personal', 'disponibilidad', 'tipos_asunto', 'categorias_servicios',
    'actos_servicios', 'componentes_formulario', 'plantillas_escrituras'
  ] loop
    execute format('select max(id) from public.%I', t) into top;
    if top is not null then
      perform setval(pg_get_serial_sequence('public.' || t, 'id'), top);
    end if;
  end loop;
end
$$;
