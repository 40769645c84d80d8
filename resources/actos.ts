/** The notarial acts of a case (services API); a case's acts are filtered by expedienteId. */
export default {
  name: 'actos',
  dataProvider: 'servicios' as const,
  labels: { singular: 'Acto', plural: 'Actos', gender: 'm' as const },
  paths: {
    list: '/acto/expediente/{expedienteId}',
    create: '/acto',
    update: '/acto/{id}',
  },
};
