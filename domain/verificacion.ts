import { z } from 'zod';

/**
 * The secure verification code (CSV) of an electronic copy: 20 characters of Crockford's base32
 * (100 random bits; no I, L, O or U to misread), shown in five groups of four
 * (XXXX-XXXX-XXXX-XXXX-XXXX). Typed in any case, with or without the dashes or spaces.
 */
export const ALFABETO_CSV = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const LONGITUD_CSV = 20;

/** A new CSV from random bytes (crypto.getRandomValues where it runs). */
export function nuevoCsv(aleatorio: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))): string {
  const bytes = aleatorio(LONGITUD_CSV);
  // 256 is a multiple of 32: each byte's low five bits are uniform
  return Array.from(bytes, (b) => ALFABETO_CSV[b & 31]).join('');
}

export const csvAgrupado = (csv: string) => csv.match(/.{1,4}/g)!.join('-');

/** What a person typed → the stored CSV, or null when it has not its shape. */
export function normalizarCsv(entrada: string): string | null {
  const limpio = entrada.replace(/[\s-]/g, '').toUpperCase();
  return limpio.length === LONGITUD_CSV && [...limpio].every((c) => ALFABETO_CSV.includes(c)) ? limpio : null;
}

export const MENSAJES_VERIFICACION = {
  forma: 'El código seguro de verificación tiene 20 letras y números (XXXX-XXXX-XXXX-XXXX-XXXX)',
  desconocido: 'No existe ninguna copia con ese código seguro de verificación',
  revocada: 'Revocada',
  demasiados: 'Demasiadas consultas desde su dirección. Inténtelo de nuevo dentro de una hora.',
} as const;

export const TIPOS_COPIA_ELECTRONICA = ['SIMPLE', 'AUTORIZADA'] as const;

export const emitirCopiaSchema = z.object({
  documentoId: z.string({ error: 'Indique la escritura de la que se emite la copia' }).uuid('Indique la escritura de la que se emite la copia'),
  tipo: z.enum(TIPOS_COPIA_ELECTRONICA, { error: "El tipo de copia debe ser 'SIMPLE' o 'AUTORIZADA'" }),
  /** The client's request it answers, if any: it becomes DISPONIBLE with this copy. */
  copiaId: z.string().uuid('La solicitud de copia no es válida').optional(),
});

export const revocarCopiaSchema = z.object({
  motivo: z.string({ error: 'Indique el motivo de la revocación' }).trim().min(1, 'Indique el motivo de la revocación').max(500, 'El motivo no puede superar los 500 caracteres'),
});

/** The public facts of a copy (GET /verificacion/{csv}). */
export const verificacionSchema = z.object({
  csv: z.string(),
  estado: z.enum(['VALIDA', 'REVOCADA']),
  notaria: z.string(),
  tipo: z.enum(TIPOS_COPIA_ELECTRONICA),
  emitidaEn: z.string(),
  sha256: z.string(),
  /** Only an authorised copy's file is offered to whoever holds its CSV. */
  descargable: z.boolean(),
  prueba: z.boolean(),
  revocadaEn: z.string().optional(),
  motivoRevocacion: z.string().optional(),
});
export type VerificacionDto = z.infer<typeof verificacionSchema>;

export const copiaElectronicaSchema = z.object({
  id: z.string(),
  expedienteId: z.string(),
  documentoOrigenId: z.string(),
  documentoId: z.string(),
  nombreArchivo: z.string(),
  tipo: z.enum(TIPOS_COPIA_ELECTRONICA),
  csv: z.string(),
  sha256: z.string(),
  emitidaEn: z.string(),
  solicitanteId: z.string().nullable(),
  emisorId: z.string(),
  revocadaEn: z.string().nullable(),
  motivoRevocacion: z.string().nullable(),
});
export type CopiaElectronicaDto = z.infer<typeof copiaElectronicaSchema>;
