import { anyone, catalogueAccess, HARD_DELETE } from '../domain/resource';
import { optionalEmail, optionalPhone, optionalText, optionalUrl, requiredPositiveInt, requiredText } from '../domain/schema-blocks';
import { defineCatalogue } from '../domain/columns';

/** Notary offices (table notarias). Deleted for real; staff and templates go with them (on delete cascade). */
export default defineCatalogue({
  name: 'notarias',
  dataProvider: 'supabase',
  labels: { singular: 'Notaría', plural: 'Notarías', gender: 'f' },
  adminTab: { order: 1 },
  columns: {
    nombre: { label: 'Nombre', rule: requiredText('El nombre es obligatorio'), widget: 'text', list: { sortable: true } },
    direccion: { label: 'Dirección', rule: requiredText('La dirección es obligatoria'), widget: 'text', list: { sortable: true } },
    email: { label: 'Email', rule: optionalEmail('Formato de email inválido'), widget: 'email' },
    telefono: {
      label: 'Teléfono',
      rule: optionalPhone(
        'El teléfono debe tener al menos 6 dígitos',
        'El teléfono solo puede tener números, espacios, +, paréntesis, guiones o puntos, y hasta 15 dígitos',
      ),
      widget: 'text',
    },
    sistema_videoconferencia: {
      label: 'Sistema de videoconferencia',
      rule: optionalUrl('La URL del sistema de videoconferencia no es válida'),
      widget: 'url',
      placeholder: 'https://',
    },
    externalidnotaria: {
      label: 'Identificador externo',
      rule: requiredText('El identificador externo es obligatorio'),
      widget: 'text',
      placeholder: 'NOT001',
      help: 'El código con el que los clientes inician sesión en esta notaría',
      list: { title: 'Identificador', sortable: true },
    },
    idint: {
      label: 'Número interno',
      rule: requiredPositiveInt('El número interno es obligatorio', 'El número interno debe ser un número entero positivo'),
      widget: 'number',
      help: 'El número con el que los expedientes identifican la notaría',
    },
    // the controller and its data-protection officer, shown on /privacidad and at registration
    responsable_tratamiento: {
      label: 'Responsable del tratamiento',
      rule: optionalText(200),
      widget: 'text',
      help: 'Nombre del notario o de la sociedad titular; figura en la información de privacidad',
    },
    dpd_nombre: { label: 'Delegado de protección de datos', rule: optionalText(200), widget: 'text' },
    dpd_email: { label: 'Correo del delegado de protección de datos', rule: optionalEmail('Formato de email del delegado de protección de datos inválido'), widget: 'email' },
  },
  list: {
    columns: ['nombre', 'direccion', 'email', 'telefono', 'externalidnotaria'],
    searchFields: ['nombre', 'direccion', 'externalidnotaria'],
    searchPlaceholder: 'Buscar por nombre, dirección o identificador...',
  },
  defaultSort: { field: 'nombre', order: 'asc' },
  deletion: HARD_DELETE,
  access: catalogueAccess(anyone),
  sample: ({ n }) => ({ nombre: `Notaría de prueba ${n}`, direccion: 'Calle Real 5, Toledo', email: '', telefono: '925000000', sistema_videoconferencia: '', externalidnotaria: `PRB${n}`, idint: 700000 + n }),
  messages: {
    unique: {
      notarias_externalidnotaria_key: { field: 'externalidnotaria', message: 'Ya existe una notaría con este identificador externo.' },
      notarias_idint_key: { field: 'idint', message: 'Ya existe una notaría con este número interno.' },
    },
    inUse: 'La notaría tiene citas o datos asociados.',
  },
});
