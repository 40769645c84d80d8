import { z } from 'zod';

/**
 * The live changes of a case that the services API pushes (GET /eventos) and the portal's
 * liveProvider turns into Refine live events (channel `resources/{name}`).
 */

/** The portal's resources (Refine's names) whose data of a case may change while a page shows it. */
export const RECURSOS_EVENTO = ['mensajes', 'expedientes', 'despacho-expedientes', 'actos', 'documentos', 'copias', 'borradores'] as const;
export type RecursoEvento = (typeof RECURSOS_EVENTO)[number];

/** An event `cambio`: which case, what of it changed, how. Never the data itself. */
export const cambioCasoSchema = z.object({
  expedienteId: z.string(),
  recursos: z.array(z.enum(RECURSOS_EVENTO)).min(1),
  tipo: z.enum(['created', 'updated', 'deleted']),
});
export type CambioCaso = z.infer<typeof cambioCasoSchema>;
