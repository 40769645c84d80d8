import fs from 'node:fs';
import { createRequire } from 'node:module';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import { partesConFaltas } from '../../domain/borrador.js';

/**
 * The draft of a deed as a PDF (pdf-lib, fonts embedded and subset with @pdf-lib/fontkit): A4,
 * margins fit for printing and binding (3 cm inside, 2 cm outside), the notaría's letterhead and
 * 'Página n de m' and 'Borrador sin valor de escritura pública' on every page, the missing data
 * in red on yellow as [Falta: …]. Font: DejaVu Serif (npm dejavu-fonts-ttf, Bitstream Vera licence):
 * accents, ñ, €.
 */

const require = createRequire(import.meta.url);
const fuente = (archivo: string) => fs.readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${archivo}`));
let fuentes: { normal: Uint8Array; negrita: Uint8Array } | null = null;
export const bytesFuentes = () => (fuentes ??= { normal: fuente('DejaVuSerif.ttf'), negrita: fuente('DejaVuSerif-Bold.ttf') });

const A4: [number, number] = [595.28, 841.89];
const CM = 28.35;
const MARGEN = { izquierdo: 3 * CM, derecho: 2 * CM, superior: 3.6 * CM, inferior: 2.5 * CM };
const CUERPO = 11;
const INTERLINEA = CUERPO * 1.5;
const TINTA = rgb(0.1, 0.1, 0.1);
const FALTA_TINTA = rgb(0.66, 0.03, 0.1);
const FALTA_FONDO = rgb(1, 0.93, 0.55);

export interface DatosPdfBorrador {
  notaria: string;
  direccionNotaria: string | null;
  titulo: string;
  /** e.g. 'Borrador versión 2, generado el 26/11/2026' */
  subtitulo: string;
  faltan: string[];
  texto: string;
}

interface Trozo {
  texto: string;
  falta: boolean;
}

/** A paragraph's words, a missing-data marker kept whole. */
function trozos(parrafo: string): Trozo[] {
  const salida: Trozo[] = [];
  partesConFaltas(parrafo).forEach((p, i) => {
    if (i % 2) salida.push({ texto: `[${p}]`, falta: true });
    else for (const w of p.split(/(?<=\s)/)) if (w) salida.push({ texto: w, falta: false });
  });
  return salida;
}

export async function pdfBorrador(d: DatosPdfBorrador): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(d.titulo);
  pdf.setAuthor(d.notaria);
  pdf.setLanguage('es-ES');
  pdf.setProducer('Portal de la Notaría');
  const normal = await pdf.embedFont(bytesFuentes().normal, { subset: true });
  const negrita = await pdf.embedFont(bytesFuentes().negrita, { subset: true });
  const ancho = A4[0] - MARGEN.izquierdo - MARGEN.derecho;

  let pagina!: PDFPage;
  let y = 0;
  const nuevaPagina = () => {
    pagina = pdf.addPage(A4);
    y = A4[1] - MARGEN.superior;
  };
  const sitio = (alto: number) => {
    if (y - alto < MARGEN.inferior) nuevaPagina();
  };
  nuevaPagina();

  /** Writes runs of text wrapped to the column; markers in red on yellow. */
  const escribir = (lista: Trozo[], fuenteTexto: PDFFont, tam: number, interlinea: number) => {
    let linea: Trozo[] = [];
    let usado = 0;
    const volcar = () => {
      sitio(interlinea);
      let x = MARGEN.izquierdo;
      for (const t of linea) {
        const w = fuenteTexto.widthOfTextAtSize(t.texto, tam);
        if (t.falta) pagina.drawRectangle({ x: x - 1, y: y - tam * 0.3, width: w + 2, height: tam * 1.25, color: FALTA_FONDO });
        pagina.drawText(t.texto, { x, y, size: tam, font: fuenteTexto, color: t.falta ? FALTA_TINTA : TINTA });
        x += w;
      }
      y -= interlinea;
      linea = [];
      usado = 0;
    };
    for (const t of lista) {
      const w = fuenteTexto.widthOfTextAtSize(t.texto, tam);
      if (usado + w > ancho && linea.length) volcar();
      linea.push(t);
      usado += w;
    }
    if (linea.length) volcar();
  };

  escribir([{ texto: d.titulo.toUpperCase(), falta: false }], negrita, 13, 20);
  escribir([{ texto: d.subtitulo, falta: false }], normal, 9, 18);
  y -= 6;
  if (d.faltan.length) {
    escribir([{ texto: 'Datos pendientes en el acto:', falta: false }], negrita, 10, 15);
    for (const f of d.faltan) escribir([{ texto: '• ', falta: false }, { texto: `[Falta: ${f}]`, falta: true }], normal, 10, 15);
    y -= 8;
  }
  for (const parrafo of d.texto.split(/\n+/)) {
    if (!parrafo.trim()) continue;
    escribir(trozos(parrafo.trim()), normal, CUERPO, INTERLINEA);
    y -= CUERPO * 0.6;
  }

  // letterhead, watermark and page numbers, once the number of pages is known
  const paginas = pdf.getPages();
  paginas.forEach((p, i) => {
    const arriba = A4[1] - 1.5 * CM;
    p.drawText(d.notaria, { x: MARGEN.izquierdo, y: arriba, size: 11, font: negrita, color: TINTA });
    if (d.direccionNotaria) p.drawText(d.direccionNotaria, { x: MARGEN.izquierdo, y: arriba - 13, size: 8.5, font: normal, color: rgb(0.35, 0.35, 0.35) });
    p.drawLine({ start: { x: MARGEN.izquierdo, y: arriba - 20 }, end: { x: A4[0] - MARGEN.derecho, y: arriba - 20 }, thickness: 0.6, color: rgb(0.5, 0.5, 0.5) });
    const pie = `Página ${i + 1} de ${paginas.length}`;
    p.drawText(pie, { x: A4[0] - MARGEN.derecho - normal.widthOfTextAtSize(pie, 8.5), y: 1.3 * CM, size: 8.5, font: normal, color: rgb(0.35, 0.35, 0.35) });
    p.drawText('Borrador sin valor de escritura pública', { x: MARGEN.izquierdo, y: 1.3 * CM, size: 8.5, font: normal, color: rgb(0.35, 0.35, 0.35) });
  });
  return pdf.save();
}
