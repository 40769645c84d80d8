/** Small real files for the upload tests: each starts with its format's magic bytes. */
export const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);
/** A 1×1 PNG. */
export const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
);
/** The start of a JPEG (SOI and a JFIF APP0 segment). */
export const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);

/** A multipart body with the file in `archivo` and other text fields. */
export function formulario(bytes: Uint8Array, nombre: string, campos: Record<string, string> = {}, tipo = 'application/octet-stream') {
  const form = new FormData();
  form.set('archivo', new Blob([new Uint8Array(bytes)], { type: tipo }), nombre);
  for (const [k, v] of Object.entries(campos)) form.set(k, v);
  return form;
}
