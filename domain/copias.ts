import { z } from 'zod';

/** Copies of a finished case's deed: asked for by its client side, prepared and delivered by the office. */
export const TIPOS_COPIA = ['SIMPLE', 'AUTORIZADA'] as const;
export const ESTADOS_COPIA = ['SOLICITADA', 'EN_PREPARACION', 'DISPONIBLE', 'RECHAZADA'] as const;
export type TipoCopia = (typeof TIPOS_COPIA)[number];
export type EstadoCopia = (typeof ESTADOS_COPIA)[number];

export const ETIQUETA_TIPO_COPIA: Record<TipoCopia, string> = { SIMPLE: 'Copia simple', AUTORIZADA: 'Copia autorizada' };
export const ETIQUETA_ESTADO_COPIA: Record<EstadoCopia, string> = {
  SOLICITADA: 'Solicitada',
  EN_PREPARACION: 'En preparación',
  DISPONIBLE: 'Disponible',
  RECHAZADA: 'Rechazada',
};

/** Cases whose deed exists: only these take copy requests. */
export const ESTADOS_CON_ESCRITURA = ['FINALIZADO', 'COMPLETADO'] as const;

export const solicitudCopiaSchema = z.object({
  tipo: z.enum(TIPOS_COPIA, { error: 'El tipo de copia debe ser simple o autorizada' }),
  motivo: z
    .string({ error: 'Indique el motivo de la solicitud' })
    .trim()
    .min(1, 'Indique el motivo de la solicitud')
    .max(500, 'El motivo no puede superar los 500 caracteres'),
});

export const cambioCopiaSchema = z
  .object({
    estado: z.enum(['EN_PREPARACION', 'DISPONIBLE', 'RECHAZADA'], { error: 'El estado debe ser EN_PREPARACION, DISPONIBLE o RECHAZADA' }),
    documentoId: z.uuid({ error: 'Documento no válido' }).optional(),
    motivo: z.string().trim().max(500, 'El motivo no puede superar los 500 caracteres').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.estado === 'DISPONIBLE' && !v.documentoId) ctx.addIssue({ code: 'custom', path: ['documentoId'], message: 'Adjunte el PDF de la copia' });
    if (v.estado === 'RECHAZADA' && !v.motivo) ctx.addIssue({ code: 'custom', path: ['motivo'], message: 'Indique el motivo del rechazo' });
  });

export const copiaSchema = z.object({
  id: z.string(),
  expedienteId: z.string(),
  expedienteTitulo: z.string(),
  notariaId: z.number(),
  clienteNombre: z.string(),
  solicitanteId: z.string(),
  tipo: z.enum(TIPOS_COPIA),
  motivo: z.string(),
  estado: z.enum(ESTADOS_COPIA),
  motivoRechazo: z.string().nullable(),
  documentoId: z.string().nullable(),
  creadaEn: z.string(),
  actualizadaEn: z.string(),
});
export type CopiaDto = z.infer<typeof copiaSchema>;
