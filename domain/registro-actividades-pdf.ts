import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { CAMPOS_ACTIVIDAD, type Actividad } from './registro-actividades';

/** The standard fonts write WinAnsi: Spanish letters fit; anything else becomes '?'. */
const legible = (s: string) => s.replace(/[^\x20-\x7E\xA0-\xFF€]/g, '?');

/** The record of processing activities as a PDF (A4): one block per activity. Browser and Node alike. */
export async function registroActividadesPdf(actividades: Actividad[], fecha: Date = new Date()): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Registro de actividades de tratamiento');
  pdf.setLanguage('es-ES');
  const normal = await pdf.embedFont(StandardFonts.Helvetica);
  const negrita = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [ancho, alto, margen] = [595.28, 841.89, 48];
  let page = pdf.addPage([ancho, alto]);
  let y = alto - margen;
  const escribir = (texto: string, bold = false, size = 9.5, sangria = 0) => {
    const font = bold ? negrita : normal;
    const max = ancho - 2 * margen - sangria;
    let linea = '';
    const lineas: string[] = [];
    for (const palabra of legible(texto).split(' ')) {
      const prueba = linea ? `${linea} ${palabra}` : palabra;
      if (linea && font.widthOfTextAtSize(prueba, size) > max) {
        lineas.push(linea);
        linea = palabra;
      } else linea = prueba;
    }
    lineas.push(linea);
    for (const l of lineas) {
      if (y < margen + size) {
        page = pdf.addPage([ancho, alto]);
        y = alto - margen;
      }
      page.drawText(l, { x: margen + sangria, y, size, font, color: rgb(0.1, 0.1, 0.1) });
      y -= size * 1.4;
    }
  };
  escribir('Registro de actividades de tratamiento (RGPD art. 30)', true, 15);
  escribir(`Generado el ${fecha.toLocaleDateString('es-ES', { timeZone: 'Europe/Madrid' })} a partir de las declaraciones de los recursos del portal.`, false, 9.5);
  for (const a of actividades) {
    y -= 10;
    escribir(a.actividad, true, 11.5);
    for (const [campo, titulo] of CAMPOS_ACTIVIDAD) escribir(`${titulo}: ${a[campo]}`, false, 9.5, 8);
  }
  return pdf.save();
}
