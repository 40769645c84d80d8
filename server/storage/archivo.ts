import { fileTypeFromBuffer } from 'file-type';

/** Files the portal keeps: deeds, copies and identity documents, 20 MB at most. */
export const MAX_ARCHIVO_BYTES = 20 * 1024 * 1024;
/** Room for the multipart envelope around the file (boundaries, headers, the file name). */
export const MAX_SUBIDA_BYTES = MAX_ARCHIVO_BYTES + 64 * 1024;

export const MENSAJE_ARCHIVO_GRANDE = 'El archivo supera el tamaño máximo de 20 MB';
export const MENSAJE_TIPO_ARCHIVO = 'El archivo debe ser un PDF, una imagen JPEG o una imagen PNG';
export const MENSAJE_SIN_ARCHIVO = 'Adjunte el archivo en el campo «archivo»';
export const MENSAJE_ARCHIVO_VACIO = 'El archivo está vacío';
/** A part header the multipart parser refuses: in practice control characters in the file's name. */
export const MENSAJE_NOMBRE_ARCHIVO = 'El nombre del archivo contiene caracteres no válidos: cámbielo y súbalo de nuevo';

/** The paths that take an upload (POST, multipart field `archivo`): their body may reach MAX_SUBIDA_BYTES. */
export const RUTA_SUBIDA = /\/(expediente|persona)\/[^/]+\/documentos\/?$/;

export const TIPOS_ARCHIVO = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type TipoArchivo = (typeof TIPOS_ARCHIVO)[number];

/**
 * The type of a file by its first bytes (magic numbers), never by its name or the type the browser
 * sent: null when it is none of PDF, JPEG or PNG.
 */
export async function tipoPorContenido(bytes: Uint8Array): Promise<TipoArchivo | null> {
  const found = await fileTypeFromBuffer(bytes.subarray(0, 4100));
  return found && (TIPOS_ARCHIVO as readonly string[]).includes(found.mime) ? (found.mime as TipoArchivo) : null;
}

const EXTENSION: Record<TipoArchivo, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

/**
 * The name a file is shown and downloaded with: the base name the browser sent, without control,
 * format (bidi) characters or path separators, at most 120 characters, with the extension of its real type.
 */
export function nombreSeguro(nombre: string | undefined, tipo: TipoArchivo): string {
  const base = (nombre ?? '')
    .split(/[\\/]/)
    .pop()!
    .normalize('NFC')
    // control and format characters (Cc, Cf: the bidi overrides and isolates, zero-width marks), line
    // and paragraph separators: 'factura\u202Efdp.pdf' would be shown as 'facturapdf.pdf'
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}"<>|:*?]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .slice(0, 110)
    .trim();
  return `${base || 'documento'}.${EXTENSION[tipo]}`;
}

/**
 * Content-Disposition of a download (RFC 6266 with RFC 5987's filename*): an ASCII fallback with
 * only safe characters, and the real name percent-encoded in UTF-8.
 */
export function contentDisposition(nombre: string): string {
  const ascii = nombre.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9._ -]/g, '_') || 'documento';
  const encoded = encodeURIComponent(nombre).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
