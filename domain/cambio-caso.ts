import { z } from 'zod';
import { RECURSOS_EVENTO, TIPOS_CAMBIO, type CambioCaso } from './eventos';

/** An event `cambio` of the services API's stream (domain/eventos.ts), as the portal checks it. */
export const cambioCasoSchema = z.object({
  expedienteId: z.string(),
  recursos: z.array(z.enum(RECURSOS_EVENTO)).min(1),
  tipo: z.enum(TIPOS_CAMBIO),
}) satisfies z.ZodType<CambioCaso>;
