import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { TABLAS_EXPORTACION, type Exportacion } from '../../domain/privacidad-exportacion.js';

/** The standard fonts write WinAnsi: Spanish letters fit; anything else becomes '?'. */
const legible = (s: string) => s.replace(/[^\x20-\x7E\xA0-\xFF€]/g, '?');

const valor = (v: unknown): string => (v === null || v === undefined ? '-' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/**
 * The export as a readable PDF (A4, one section per table, one block per row with its fields).
 * Same content as the JSON: it is built from it.
 */
export async function exportacionPdf(datos: Exportacion, titularNombre: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Datos personales');
  pdf.setLanguage('es-ES');
  pdf.setCreator('Portal de la notaría');
  const normal = await pdf.embedFont(StandardFonts.Helvetica);
  const negrita = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [ancho, alto, margen] = [595.28, 841.89, 48];
  let page: PDFPage = pdf.addPage([ancho, alto]);
  let y = alto - margen;

  const linea = (texto: string, font: PDFFont = normal, size = 9, sangria = 0) => {
    const max = ancho - 2 * margen - sangria;
    // wrapped by width, word by word (a long word is cut)
    const palabras = legible(texto).split(' ');
    const lineas: string[] = [];
    let actual = '';
    for (const p of palabras) {
      let palabra = p;
      while (font.widthOfTextAtSize(palabra, size) > max) {
        let n = palabra.length;
        while (n > 1 && font.widthOfTextAtSize(palabra.slice(0, n), size) > max) n = Math.floor(n * 0.8);
        if (actual) {
          lineas.push(actual);
          actual = '';
        }
        lineas.push(palabra.slice(0, n));
        palabra = palabra.slice(n);
      }
      const prueba = actual ? `${actual} ${palabra}` : palabra;
      if (font.widthOfTextAtSize(prueba, size) > max) {
        lineas.push(actual);
        actual = palabra;
      } else actual = prueba;
    }
    lineas.push(actual);
    for (const l of lineas) {
      if (y < margen + size) {
        page = pdf.addPage([ancho, alto]);
        y = alto - margen;
      }
      page.drawText(l, { x: margen + sangria, y, size, font, color: rgb(0.1, 0.1, 0.1) });
      y -= size * 1.35;
    }
  };

  linea('Sus datos personales en el portal de la notaría', negrita, 16);
  y -= 4;
  linea(`Titular: ${titularNombre}`, normal, 10);
  linea(`Generado el ${new Date(datos.generadaEn).toLocaleString('es-ES', { timeZone: 'Europe/Madrid' })}`, normal, 10);
  linea('Copia de los datos que la notaría trata sobre usted y las personas que gestiona o representa (artículos 15 y 20 del RGPD).', normal, 10);
  for (const [tabla, titulo] of Object.entries(TABLAS_EXPORTACION) as [keyof typeof TABLAS_EXPORTACION, string][]) {
    const filas = datos[tabla] as Record<string, unknown>[];
    y -= 8;
    linea(`${titulo} (${filas.length})`, negrita, 12);
    if (!filas.length) linea('Ninguno.', normal, 9, 8);
    for (const f of filas) {
      y -= 3;
      for (const [k, v] of Object.entries(f)) linea(`${k}: ${valor(v)}`, normal, 8.5, 8);
    }
  }
  return pdf.save();
}
