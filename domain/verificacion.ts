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
export interface VerificacionDto {
  csv: string;
  estado: 'VALIDA' | 'REVOCADA';
  notaria: string;
  tipo: (typeof TIPOS_COPIA_ELECTRONICA)[number];
  emitidaEn: string;
  sha256: string;
  /** Only an authorised copy's file is offered to whoever holds its CSV. */
  descargable: boolean;
  prueba: boolean;
  revocadaEn?: string;
  motivoRevocacion?: string;
}

export interface CopiaElectronicaDto {
  id: string;
  expedienteId: string;
  documentoOrigenId: string;
  documentoId: string;
  nombreArchivo: string;
  tipo: (typeof TIPOS_COPIA_ELECTRONICA)[number];
  csv: string;
  sha256: string;
  emitidaEn: string;
  solicitanteId: string | null;
  emisorId: string;
  revocadaEn: string | null;
  motivoRevocacion: string | null;
}
