/** The conversation of a case between its client side and the office (services API). */
export default {
  name: 'mensajes',
  dataProvider: 'servicios' as const,
  labels: { singular: 'Mensaje', plural: 'Mensajes', gender: 'm' as const },
  paths: {
    list: '/expediente/{expedienteId}/mensajes',
    create: '/expediente/{expedienteId}/mensajes',
    custom: { noLeidos: '/mensajes/no-leidos' },
  },
} as const;
