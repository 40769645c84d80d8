import { z } from 'zod';

/**
 * Personal data under Spanish law (RGPD, LOPDGDD): the texts of the basic layer of information
 * (LOPDGDD art. 11), the data-protection requests a person may make, and their rules. Shared by the
 * registration step, the public /privacidad page, the /perfil section and the server.
 */

/** The basic layer: what the registration step shows before the e-mail is sent. */
export const CAPA_BASICA = {
  titulo: 'Información básica sobre protección de datos',
  finalidad: 'Gestionar su acceso al portal y los expedientes, actos, citas y documentos que solicite a la notaría.',
  legitimacion: 'La ejecución de los servicios que usted solicita y el cumplimiento de las obligaciones legales del notario (Ley del Notariado y normativa de prevención del blanqueo de capitales).',
  destinatarios: 'No se ceden datos a terceros salvo obligación legal (Administraciones Públicas, registros y el Consejo General del Notariado).',
  derechos: 'Puede acceder a sus datos, rectificarlos, exportarlos y solicitar su supresión, limitación u oposición desde la sección Privacidad de su perfil.',
  masInformacion: 'Puede consultar la información adicional y detallada en la página de privacidad.',
} as const;

export const TIPOS_SOLICITUD = ['SUPRESION', 'OPOSICION', 'LIMITACION'] as const;
export type TipoSolicitud = (typeof TIPOS_SOLICITUD)[number];
export const ETIQUETA_SOLICITUD: Record<TipoSolicitud, string> = {
  SUPRESION: 'Supresión',
  OPOSICION: 'Oposición',
  LIMITACION: 'Limitación del tratamiento',
};

export const ESTADOS_SOLICITUD = ['PENDIENTE', 'ACEPTADA', 'RECHAZADA'] as const;

export const MENSAJE_MOTIVO_OBLIGATORIO = 'Indique el motivo de su solicitud';
export const MENSAJE_SOLICITUD_ABIERTA = 'Ya tiene una solicitud de este tipo pendiente de respuesta';

/** POST /privacidad/solicitudes */
export const nuevaSolicitudSchema = z.object({
  tipo: z.enum(TIPOS_SOLICITUD, { error: 'El tipo de solicitud debe ser SUPRESION, OPOSICION o LIMITACION' }),
  motivo: z
    .string({ error: MENSAJE_MOTIVO_OBLIGATORIO })
    .trim()
    .min(1, MENSAJE_MOTIVO_OBLIGATORIO)
    .max(2000, 'El motivo no puede superar los 2000 caracteres'),
});
export type NuevaSolicitud = z.infer<typeof nuevaSolicitudSchema>;

/** The office answers within one month (RGPD art. 12.3). */
export function plazoRespuesta(creada: Date): Date {
  const d = new Date(creada);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
}

/** A data-protection request as the API answers it. */
export const solicitudSchema = z.object({
  id: z.string(),
  personaId: z.string(),
  tipo: z.enum(TIPOS_SOLICITUD),
  motivo: z.string(),
  estado: z.enum(ESTADOS_SOLICITUD),
  creadaEn: z.string(),
  plazo: z.string(),
  respuesta: z.string().nullable(),
  respondidaEn: z.string().nullable(),
});
export type Solicitud = z.infer<typeof solicitudSchema>;

/** GET /privacidad/accesos: one read or change of the caller's records by someone else. */
export const accesoSchema = z.object({
  at: z.string(),
  actor: z.string().nullable(),
  actorNombre: z.string().nullable(),
  accion: z.enum(['read', 'create', 'update', 'delete']),
  entidad: z.string(),
  entidadId: z.string().nullable(),
  propio: z.boolean(),
});
export type Acceso = z.infer<typeof accesoSchema>;

const paginaSchema = (max: number, message: string) => z.coerce.number({ error: message }).int(message).min(1, message).max(max, message);
export const accesosQuerySchema = z.object({
  page: paginaSchema(1_000_000, 'La página debe ser un número entero positivo').default(1),
  pageSize: paginaSchema(100, 'El tamaño de página debe estar entre 1 y 100').default(20),
  propios: z.enum(['true', 'false'], { error: 'El parámetro propios debe ser true o false' }).default('false'),
});

/** PUT /despacho/privacidad/solicitudes/{id}: the office's answer, e-mailed to the person. */
export const respuestaSolicitudSchema = z.object({
  estado: z.enum(['ACEPTADA', 'RECHAZADA'], { error: 'El estado debe ser ACEPTADA o RECHAZADA' }),
  respuesta: z
    .string({ error: 'Escriba la respuesta para la persona' })
    .trim()
    .min(1, 'Escriba la respuesta para la persona')
    .max(4000, 'La respuesta no puede superar los 4000 caracteres'),
});
export type RespuestaSolicitud = z.infer<typeof respuestaSolicitudSchema>;

/** A request in the office's inbox: with the person's name and whether its month has passed. */
export const solicitudBandejaSchema = solicitudSchema.extend({ personaNombre: z.string().nullable(), vencida: z.boolean() });
export type SolicitudBandeja = z.infer<typeof solicitudBandejaSchema>;

export const MENSAJE_SOLICITUD_RESPONDIDA = 'Esta solicitud ya está respondida';
export const SOLICITUD_NO_ENCONTRADA = 'Solicitud no encontrada';
