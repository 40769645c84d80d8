import { z } from 'zod';
import { ESTADOS_COPIA, TIPOS_COPIA } from './copias-rules';

/** Copies of a finished case's deed: the services API's schemas (the rules without zod are in ./copias-rules). */

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
