import { createHash } from 'node:crypto';
import { PDFDocument, rgb } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import QRCode from 'qrcode';
import { SignPdf } from '@signpdf/signpdf';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { csvAgrupado } from '../../domain/verificacion.js';
import { bytesFuentes } from './pdf-borrador.js';
import type { Firma } from './firma.js';

/**
 * An electronic copy of a deed: every page stamped with its CSV, the verification address and a QR
 * of it (npm qrcode), then signed with the notaría's certificate: @signpdf places the signature
 * (SubFilter ETSI.CAdES.detached, /M the signing time) and FirmantePades writes its CMS as PAdES
 * baseline B-B wants it. 'PRUEBA — sin validez' when the certificate
 * is a test one.
 */
export interface DatosCopia {
  original: Uint8Array;
  csv: string;
  urlVerificacion: string;
  tipo: 'SIMPLE' | 'AUTORIZADA';
  notaria: string;
  firma: Firma;
}

export async function emitirCopia(d: DatosCopia): Promise<{ bytes: Buffer; sha256: string }> {
  const pdf = await PDFDocument.load(d.original, { updateMetadata: false });
  pdf.registerFontkit(fontkit);
  const fuente = await pdf.embedFont(bytesFuentes().normal, { subset: true });
  const qr = await pdf.embedPng(await QRCode.toBuffer(d.urlVerificacion, { errorCorrectionLevel: 'M', margin: 1, width: 160 }));
  const titulo = d.tipo === 'AUTORIZADA' ? 'Copia autorizada electrónica' : 'Copia simple electrónica';
  const lineas = [
    `${titulo}${d.firma.prueba ? ' — PRUEBA — sin validez' : ''}. ${d.notaria}.`,
    `CSV: ${csvAgrupado(d.csv)}`,
    `Verificable en ${d.urlVerificacion}`,
  ];
  for (const pagina of pdf.getPages()) {
    const { width } = pagina.getSize();
    const lado = 44;
    pagina.drawRectangle({ x: 20, y: 8, width: width - 40, height: lado + 6, color: rgb(1, 1, 1), opacity: 0.9 });
    pagina.drawImage(qr, { x: 24, y: 11, width: lado, height: lado });
    lineas.forEach((l, i) => pagina.drawText(l, { x: 24 + lado + 8, y: 11 + lado - 11 - i * 12, size: 7.5, font: fuente, color: i === 0 && d.firma.prueba ? rgb(0.66, 0.03, 0.1) : rgb(0.1, 0.1, 0.1) }));
  }
  pdflibAddPlaceholder({
    pdfDoc: pdf,
    reason: `${titulo} de la escritura`,
    contactInfo: d.urlVerificacion,
    name: d.firma.firmante.nombre,
    location: 'España',
    subFilter: 'ETSI.CAdES.detached',
    signatureLength: 16384,
  });
  const sinFirmar = Buffer.from(await pdf.save({ useObjectStreams: false }));
  const bytes = await new SignPdf().sign(sinFirmar, d.firma.firmante);
  return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}
