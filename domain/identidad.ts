import { z } from 'zod';

/** How an account was bound to its document (server/auth/identidad.ts). */
export const METODOS_PRUEBA = ['invitacion', 'certificado', 'oficina'] as const;
export type MetodoPrueba = (typeof METODOS_PRUEBA)[number];

/** How the office checked a document (metodo 'oficina'). */
export const FORMAS_VERIFICACION = ['presencial', 'videoconferencia'] as const;

/** Identity levels as the portal shows them (server/auth/identidad.ts decides them). */
export const identidadSchema = z.object({
  /** 'correo': only the mailbox is proven; 'probada': the account is bound to its document. */
  nivel: z.enum(['correo', 'probada']),
  metodo: z.enum(METODOS_PRUEBA).optional(),
  detalle: z.string().optional(),
  probadoAt: z.string().optional(),
  /** The staff member who checked it (metodo 'oficina'): their name as the client reads it. */
  probadoPor: z.string().optional(),
});
export type IdentidadDto = z.infer<typeof identidadSchema>;

/** POST /identidad/persona/{id}/verificacion: how the office checked the document. */
export const verificacionSchema = z.object({
  forma: z.enum(FORMAS_VERIFICACION, { error: 'Indique cómo se comprobó el documento: presencial o videoconferencia' }),
});

const METODO: Record<NonNullable<IdentidadDto['metodo']>, string> = {
  invitacion: 'por invitación a su email',
  certificado: 'con certificado digital',
  oficina: 'en la notaría',
};

/** 'Identidad verificada en la notaría (videoconferencia) por Lucía Fernández Ruiz el 26/11/2026'. */
export function describirIdentidad(i: IdentidadDto): string {
  if (i.nivel !== 'probada' || !i.metodo) return 'Su identidad no está verificada todavía: su cuenta solo ha comprobado su email. Puede verificarla en su notaría.';
  const como = i.metodo === 'oficina' && i.detalle ? ` (${i.detalle})` : '';
  const quien = i.probadoPor ? ` por ${i.probadoPor}` : '';
  const cuando = i.probadoAt ? ` el ${new Date(i.probadoAt).toLocaleDateString('es-ES', { timeZone: 'Europe/Madrid' })}` : '';
  return `Identidad verificada ${METODO[i.metodo]}${como}${quien}${cuando}.`;
}

/** A document whose proven owner displaced an earlier account (GET /identidad/conflictos). */
export const conflictoIdentidadSchema = z.object({
  tipoDocumento: z.string(),
  numeroDocumento: z.string(),
  personaAnterior: z.string(),
  personaActual: z.string().nullable(),
  desplazadoAt: z.string(),
});
export type ConflictoIdentidadDto = z.infer<typeof conflictoIdentidadSchema>;
