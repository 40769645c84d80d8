import { z } from 'zod';

/** Documents of a case (uploaded by the office) and of a persona (identity documents, deed of incorporation). */
export const TIPOS_DOCUMENTO_EXPEDIENTE = ['ESCRITURA', 'COPIA', 'OTRO'] as const;
export const TIPOS_DOCUMENTO_PERSONA = ['DNI_ANVERSO', 'DNI_REVERSO', 'ESCRITURA_CONSTITUCION'] as const;
export type TipoDocumentoExpediente = (typeof TIPOS_DOCUMENTO_EXPEDIENTE)[number];
export type TipoDocumentoPersona = (typeof TIPOS_DOCUMENTO_PERSONA)[number];

export const ETIQUETA_TIPO_DOCUMENTO: Record<TipoDocumentoExpediente | TipoDocumentoPersona, string> = {
  ESCRITURA: 'Escritura',
  COPIA: 'Copia',
  OTRO: 'Otro documento',
  DNI_ANVERSO: 'DNI Anverso',
  DNI_REVERSO: 'DNI Reverso',
  ESCRITURA_CONSTITUCION: 'Escritura de constitución',
};

/** The other fields of an upload (multipart), beside `archivo`. */
export const subidaExpedienteSchema = z.object({
  tipo: z.enum(TIPOS_DOCUMENTO_EXPEDIENTE, { error: 'El tipo de documento debe ser ESCRITURA, COPIA u OTRO' }).default('ESCRITURA'),
});
export const subidaPersonaSchema = z.object({
  tipo: z.enum(TIPOS_DOCUMENTO_PERSONA, { error: 'El tipo de documento debe ser DNI_ANVERSO, DNI_REVERSO o ESCRITURA_CONSTITUCION' }),
});

export interface DocumentoDto {
  id: string;
  expedienteId: string | null;
  personaId: string | null;
  tipo: TipoDocumentoExpediente | TipoDocumentoPersona;
  nombre: string;
  mime: string;
  tamano: number;
  lado: 'CLIENTE' | 'NOTARIA';
  creadoEn: string;
}

/** Accepted by the file pickers; the server checks the content, not this. */
export const ACEPTA_ARCHIVOS = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
export const MAX_ARCHIVO_MB = 20;

/** Why an upload was refused for the storage bounds (413) or the pace (429). */
export const MENSAJES_CUOTA = {
  ritmo: (porMinuto: number) => `Ha subido demasiados documentos seguidos (el máximo es ${porMinuto} por minuto). Espere un momento antes de subir otro.`,
  expediente: (mb: number) => `Este expediente ha alcanzado el espacio máximo para documentos (${mb} MB).`,
  persona: (mb: number) => `Esta persona ha alcanzado el espacio máximo para documentos (${mb} MB).`,
  cuenta: (mb: number) => `Su cuenta ha alcanzado el espacio máximo para documentos (${mb} MB). Elimine alguno antes de subir otro.`,
} as const;
