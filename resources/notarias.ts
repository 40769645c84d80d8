import { z } from 'zod';
import { anyone, catalogueAccess, defineResource, HARD_DELETE, optionalEmail, optionalPhone, optionalText, optionalUrl, requiredPositiveInt, requiredText } from '../domain/resource';

/** Notary offices (table notarias). Deleted for real; staff and templates go with them (on delete cascade). */
export const notariaSchema = z.object({
  nombre: requiredText('El nombre es obligatorio'),
  direccion: requiredText('La dirección es obligatoria'),
  email: optionalEmail('Formato de email inválido'),
  telefono: optionalPhone(
    'El teléfono debe tener al menos 6 dígitos',
    'El teléfono solo puede tener números, espacios, +, paréntesis, guiones o puntos, y hasta 15 dígitos',
  ),
  sistema_videoconferencia: optionalUrl('La URL del sistema de videoconferencia no es válida'),
  externalidnotaria: requiredText('El identificador externo es obligatorio'),
  idint: requiredPositiveInt('El número interno es obligatorio', 'El número interno debe ser un número entero positivo'),
  // the controller and its data-protection officer, shown on /privacidad and at registration
  responsable_tratamiento: optionalText(200),
  dpd_nombre: optionalText(200),
  dpd_email: optionalEmail('Formato de email del delegado de protección de datos inválido'),
});

export default defineResource({
  name: 'notarias',
  dataProvider: 'supabase',
  labels: { singular: 'Notaría', plural: 'Notarías', gender: 'f' },
  adminTab: { order: 1 },
  schema: notariaSchema,
  fields: [
    { name: 'nombre', label: 'Nombre', widget: 'text' },
    { name: 'direccion', label: 'Dirección', widget: 'text' },
    { name: 'email', label: 'Email', widget: 'email' },
    { name: 'telefono', label: 'Teléfono', widget: 'text' },
    { name: 'sistema_videoconferencia', label: 'Sistema de videoconferencia', widget: 'url', placeholder: 'https://' },
    { name: 'externalidnotaria', label: 'Identificador externo', widget: 'text', placeholder: 'NOT001', help: 'El código con el que los clientes inician sesión en esta notaría' },
    { name: 'idint', label: 'Número interno', widget: 'number', help: 'El número con el que los expedientes identifican la notaría' },
    { name: 'responsable_tratamiento', label: 'Responsable del tratamiento', widget: 'text', help: 'Nombre del notario o de la sociedad titular; figura en la información de privacidad' },
    { name: 'dpd_nombre', label: 'Delegado de protección de datos', widget: 'text' },
    { name: 'dpd_email', label: 'Correo del delegado de protección de datos', widget: 'email' },
  ],
  list: {
    columns: [
      { title: 'Nombre', field: 'nombre', sortable: true },
      { title: 'Dirección', field: 'direccion', sortable: true },
      { title: 'Email', field: 'email' },
      { title: 'Teléfono', field: 'telefono' },
      { title: 'Identificador', field: 'externalidnotaria', sortable: true },
    ],
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
