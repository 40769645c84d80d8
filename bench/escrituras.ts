/**
 * Deeds (issue 32), measured in process: a 20-page draft renders in < 1 s; a signed electronic copy
 * of a 5 MB deed is issued (stamped on every page, QR, signed) in < 2 s; GET /verificacion/{csv}
 * answers with p95 < 50 ms with 100,000 copies issued (the server on an embedded database, each
 * look-up audited and counted against its address's limit, as in production).
 */
import { randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Bench } from './lib/bench.js';
import { below } from './lib/report.js';
import { median, percentile, round, timeSequential } from './lib/stats.js';
import { pdfBorrador } from '../server/escrituras/pdf-borrador.js';
import { emitirCopia } from '../server/escrituras/copia-electronica.js';
import { certificadoDePrueba } from '../server/escrituras/firma.js';
import { openPglite } from '../server/db/pglite.js';
import { startServer } from '../server/boot.js';
import { csvAgrupado, nuevoCsv } from '../domain/verificacion.js';
import { API_BASE } from '../api/endpoint.js';

const PARRAFO = 'OTORGA: Que confiere poder tan amplio y bastante como en Derecho se requiera a favor de JOHN SMITH, con NIE número X1234567L, para que, actuando de forma solidaria, administre, rija y gobierne todos sus bienes, con ñ, acentos y un importe de 1.500,00 €. ';

async function escritura(mb: number, paginas: number) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  for (let i = 1; i <= paginas; i++) pdf.addPage([595.28, 841.89]).drawText(`ESCRITURA. Folio ${i}.`, { x: 80, y: 760, size: 12, font });
  // incompressible bytes make the file its size, as a scanned deed would
  await pdf.attach(randomBytes(mb * 1024 * 1024), 'anexo.bin', { mimeType: 'application/octet-stream' });
  return pdf.save();
}

export const escrituras: Bench = {
  name: 'escrituras',
  title: 'deed drafts, signed copies, CSV verification',
  async run(ctx) {
    // 1. a draft of 20 pages
    const texto = Array.from({ length: 180 }, (_, i) => `${i + 1}. ${PARRAFO}`).join('\n');
    let paginas = 0;
    const borrador = await timeSequential(async () => {
      const bytes = await pdfBorrador({ notaria: 'Notaría López Martín', direccionNotaria: 'Calle de Serrano, 45, 28001 Madrid', titulo: 'Poder general', subtitulo: 'Borrador', faltan: ['número de protocolo'], texto });
      paginas = (await PDFDocument.load(bytes)).getPageCount();
    }, ctx.quick ? 3 : 7, 1);
    ctx.figure('draft-20-pages-ms', round(median(borrador)), 'ms', below(1000, 'ms'), `${paginas} pages; runs ${borrador.map((t) => round(t)).join(', ')} ms`);

    // 2. a signed copy of a 5 MB deed
    const firma = certificadoDePrueba();
    const original = await escritura(5, 20);
    const copia = await timeSequential(async () => {
      await emitirCopia({ original, csv: nuevoCsv(), urlVerificacion: 'https://notaria.example/verificar/XXXX', tipo: 'AUTORIZADA', notaria: 'Notaría López Martín', firma });
    }, ctx.quick ? 2 : 5, 1);
    ctx.figure('signed-copy-5mb-ms', round(median(copia)), 'ms', below(2000, 'ms'), `${round(original.byteLength / 1024 / 1024, 2)} MB, 20 pages; runs ${copia.map((t) => round(t)).join(', ')} ms`);

    // 3. /verificacion with 100,000 copies
    const n = ctx.quick ? 20_000 : 100_000;
    const db = await openPglite(null);
    const server = await startServer({ port: 0, dataDir: null, databaseUrl: null, production: false, trustProxy: 1, verificacionesPorHora: 1_000_000 }, { db, log: () => undefined });
    try {
      const csvs = Array.from({ length: n }, () => nuevoCsv());
      await db.query(`insert into servicios.personas (id, tipo_persona, identificador_numero, nombre) values ('00000000-0000-4000-8000-0000000000b1', 'FISICA', '99999999R', 'Bench') on conflict do nothing`);
      const { rows } = await db.query<{ id: string }>(`insert into servicios.expedientes (titulo, persona_id, notaria_id) values ('Bench', '00000000-0000-4000-8000-0000000000b1', 1) returning id`);
      const exp = rows[0].id;
      for (let i = 0; i < n; i += 10_000) {
        const lote = csvs.slice(i, i + 10_000);
        await db.query(
          `with d as (
             insert into servicios.documentos (expediente_id, tipo, nombre, mime, tamano, clave, lado)
             select $1, 'COPIA', 'Copia.pdf', 'application/pdf', 1000, 'bench/' || c, 'NOTARIA' from unnest($2::text[]) c
             returning id, upper(substr(clave, 7)) as csv)
           insert into servicios.copias_electronicas (csv, expediente_id, documento_origen_id, documento_id, tipo, emisor_id, notaria_id, sha256)
           select d.csv, $1, d.id, d.id, 'AUTORIZADA', '00000000-0000-4000-8000-0000000000b1', 1, repeat('a', 64) from d`,
          [exp, lote.map((c) => c.toLowerCase())],
        );
      }
      for (const t of ['copias_electronicas', 'audit_log', 'documentos']) await db.query(`analyze servicios.${t}`);
      let k = 0;
      const tiempos = await timeSequential(async () => {
        const csv = csvs[k++ % csvs.length];
        const res = await fetch(`${server.url}${API_BASE}/verificacion/${csvAgrupado(csv)}`, { headers: { 'X-Forwarded-For': `198.51.100.${k % 200}` } });
        if (res.status !== 200) throw new Error(`verificación ${res.status}`);
        await res.arrayBuffer();
      }, ctx.quick ? 200 : 1000, 20);
      ctx.figure('verificacion-p95-ms', round(percentile(tiempos, 95), 2), 'ms', below(50, 'ms'), `${n.toLocaleString('en')} copies; median ${round(median(tiempos), 2)} ms, ${tiempos.length} sequential look-ups`);
    } finally {
      await server.close();
    }
  },
};
