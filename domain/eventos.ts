/**
 * The live changes of a case that the services API pushes (GET /eventos) and the portal's
 * liveProvider turns into Refine live events (channel `resources/{name}`). Without zod: the
 * portal's start reads these; the stream checks each event with cambioCasoSchema
 * (domain/cambio-caso.ts) once the first one arrives.
 */

/** The portal's resources (Refine's names) whose data of a case may change while a page shows it. */
export const RECURSOS_EVENTO = ['mensajes', 'expedientes', 'despacho-expedientes', 'actos', 'documentos', 'copias', 'borradores'] as const;
export type RecursoEvento = (typeof RECURSOS_EVENTO)[number];

export const TIPOS_CAMBIO = ['created', 'updated', 'deleted'] as const;

/** An event `cambio`: which case, what of it changed, how. Never the data itself. */
export interface CambioCaso {
  expedienteId: string;
  recursos: RecursoEvento[];
  tipo: (typeof TIPOS_CAMBIO)[number];
}
