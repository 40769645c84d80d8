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

/** Identity-document images: collected only for this purpose, stated with each upload and kept with the row. */
export const TIPOS_DOCUMENTO_IDENTIDAD = ['DNI_ANVERSO', 'DNI_REVERSO'] as const;
export const FINALIDAD_DOCUMENTO_IDENTIDAD = 'Identificar a la persona para el otorgamiento de escrituras';
export const esDocumentoIdentidad = (tipo: string) => (TIPOS_DOCUMENTO_IDENTIDAD as readonly string[]).includes(tipo);

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
  /** Why it is held (identity images: FINALIDAD_DOCUMENTO_IDENTIDAD); null for the others. */
  finalidad?: string | null;
}

/** Accepted by the file pickers; the server checks the content, not this. */
export const ACEPTA_ARCHIVOS = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
export const MAX_ARCHIVO_MB = 20;
