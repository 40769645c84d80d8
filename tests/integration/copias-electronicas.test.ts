import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { ANA, JOHN, LUCIA } from '../support/sign-in';
import { StartupError } from '../../server/config';

/**
 * Electronic copies with a CSV (issue 32): the office issues an authorised copy of the case's deed;
 * every page carries the CSV and the verification address; Debian's pdfsig (poppler) reports the
 * signature valid and the signer, and invalid once one byte changes; anyone verifies the CSV
 * without signing in and downloads the same bytes of an authorised copy; guessing is limited per
 * address and audited; a revoked copy answers 410 'Revocada'.
 */
let s: TestServer;
const tokens: Record<string, string> = {};
let expediente: string;
let escritura: string;
const LIMITE = 12;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'copias-'));

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });
const send = (method: string, p: string, who: string, body?: unknown) => s.api(p, { method, token: tokens[who], json: body }).then(json);
const publico = (p: string, ip = '198.51.100.7') => s.api(p, { headers: { 'X-Forwarded-For': ip } });

async function deed(pages: number) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  for (let i = 1; i <= pages; i++) pdf.addPage([595.28, 841.89]).drawText(`ESCRITURA DE PODER GENERAL. Folio ${i}.`, { x: 80, y: 760, size: 12, font });
  return pdf.save();
}
const pdfsig = (file: string) => spawnSync('pdfsig', [file], { encoding: 'utf8' }).stdout;
const guardar = (nombre: string, bytes: Uint8Array) => {
  const f = path.join(tmp, nombre);
  fs.writeFileSync(f, bytes);
  return f;
};

beforeAll(async () => {
  s = await startTestServer({ verificacionesPorHora: LIMITE });
  tokens.ana = await s.token(ANA.personaId);
  tokens.john = await s.token(JOHN.personaId);
  tokens.staff = await s.token(LUCIA.personaId, 'assistant', [1]);
  const r = await send('POST', '/expediente', 'ana', { titulo: 'Poder con copia', dueDate: '2026-12-31', personaId: ANA.personaId, notariaId: 1, links: [] });
  expediente = r.body.id;
  const form = new FormData();
  form.set('archivo', new Blob([Buffer.from(await deed(3))], { type: 'application/pdf' }), 'Escritura de poder.pdf');
  form.set('tipo', 'ESCRITURA');
  const up = await s.api(`/expediente/${expediente}/documentos`, { method: 'POST', token: tokens.staff, body: form }).then(json);
  expect(up.status).toBe(201);
  escritura = up.body.id;
});
afterAll(async () => {
  await s?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('issuing an authorised electronic copy', () => {
  let copia: any;
  let bytes: Buffer;

  it('the office issues it: CSV of 20 characters in groups, SHA-256 of the file, the case and who issued it', async () => {
    expect((await send('POST', `/expediente/${expediente}/copias-electronicas`, 'ana', { documentoId: escritura, tipo: 'AUTORIZADA' })).status).toBe(403);
    expect((await send('POST', `/expediente/${expediente}/copias-electronicas`, 'john', { documentoId: escritura, tipo: 'AUTORIZADA' })).status).toBe(404);
    const malo = await send('POST', `/expediente/${expediente}/copias-electronicas`, 'staff', { documentoId: escritura, tipo: 'OTRA' });
    expect(malo).toMatchObject({ status: 400, body: { message: "El tipo de copia debe ser 'SIMPLE' o 'AUTORIZADA'" } });
    const r = await send('POST', `/expediente/${expediente}/copias-electronicas`, 'staff', { documentoId: escritura, tipo: 'AUTORIZADA' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    copia = r.body;
    expect(copia.csv).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){4}$/);
    expect(copia).toMatchObject({ expedienteId: expediente, documentoOrigenId: escritura, tipo: 'AUTORIZADA', emisorId: LUCIA.personaId, revocadaEn: null });
    const res = await s.api(`/documento/${copia.documentoId}`, { token: tokens.ana });
    expect(res.status).toBe(200);
    bytes = Buffer.from(await res.arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(copia.sha256);
  });

  it('every page carries the CSV, the verification address and the test label', () => {
    const texto = execFileSync('pdftotext', [guardar('copia.pdf', bytes), '-'], { encoding: 'utf8' });
    const paginas = texto.split('\f').filter((p) => p.trim());
    expect(paginas).toHaveLength(3);
    for (const p of paginas) {
      expect(p).toContain(`CSV: ${copia.csv}`);
      expect(p).toContain(`/verificar/${copia.csv}`);
      expect(p).toContain('Copia autorizada electrónica — PRUEBA — sin validez');
    }
  });

  it('pdfsig reports the signature valid and its signer; one byte changed makes it invalid', () => {
    const bien = pdfsig(guardar('copia.pdf', bytes));
    expect(bien).toContain('Signature Validation: Signature is Valid.');
    expect(bien).toContain('Signer Certificate Common Name: Notaria de pruebas (PRUEBA, sin validez)');
    expect(bien).toContain('Signature Type: ETSI.CAdES.detached');
    // one byte inside the signed ranges (a letter of the signature's stated reason)
    const cambiado = Buffer.from(bytes);
    const [fin, inicio2] = /\/ByteRange \[0 (\d+) (\d+)/.exec(cambiado.toString('latin1'))!.slice(1).map(Number);
    const i = cambiado.indexOf('de la escritura');
    expect(i).toBeGreaterThan(0);
    expect(i < fin || i >= inicio2).toBe(true); // signed, not in the signature's own gap
    cambiado[i] = 'D'.charCodeAt(0);
    const mal = pdfsig(guardar('cambiada.pdf', cambiado));
    expect(mal).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
  });

  it('anyone verifies the CSV without signing in, in any case and without dashes, and downloads the same bytes', async () => {
    const r = await json(await publico(`/verificacion/${copia.csv}`));
    expect(r).toMatchObject({ status: 200, body: { csv: copia.csv, estado: 'VALIDA', notaria: 'Notaría López Martín', tipo: 'AUTORIZADA', sha256: copia.sha256, descargable: true, prueba: true } });
    expect((await publico(`/verificacion/${copia.csv.replace(/-/g, '').toLowerCase()}`)).status).toBe(200);
    const archivo = await publico(`/verificacion/${copia.csv}/archivo`);
    expect(archivo.status).toBe(200);
    expect(Buffer.from(await archivo.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('a wrong shape is 400 and an unknown CSV 404, in Spanish', async () => {
    expect(await json(await publico('/verificacion/abc'))).toEqual({ status: 400, body: { message: 'El código seguro de verificación tiene 20 letras y números (XXXX-XXXX-XXXX-XXXX-XXXX)' } });
    expect(await json(await publico('/verificacion/0000-0000-0000-0000-000U'))).toMatchObject({ status: 400 });
    expect(await json(await publico('/verificacion/0000-0000-0000-0000-0000'))).toEqual({ status: 404, body: { message: 'No existe ninguna copia con ese código seguro de verificación' } });
  });

  it('a simple copy is verified but its file is not offered', async () => {
    const r = await send('POST', `/expediente/${expediente}/copias-electronicas`, 'staff', { documentoId: escritura, tipo: 'SIMPLE' });
    expect(r.status).toBe(201);
    expect((await json(await publico(`/verificacion/${r.body.csv}`))).body).toMatchObject({ tipo: 'SIMPLE', descargable: false });
    expect((await publico(`/verificacion/${r.body.csv}/archivo`)).status).toBe(403);
  });

  it('revoked by the office with a reason, the CSV answers 410 Revocada', async () => {
    expect((await send('PUT', `/copia-electronica/${copia.id}/revocar`, 'ana', { motivo: 'x' })).status).toBe(403);
    expect((await send('PUT', `/copia-electronica/${copia.id}/revocar`, 'staff', {})).body.message).toBe('Indique el motivo de la revocación');
    const r = await send('PUT', `/copia-electronica/${copia.id}/revocar`, 'staff', { motivo: 'Escritura rectificada' });
    expect(r.body.motivoRevocacion).toBe('Escritura rectificada');
    const v = await json(await publico(`/verificacion/${copia.csv}`));
    expect(v).toMatchObject({ status: 410, body: { message: 'Revocada', estado: 'REVOCADA', motivoRevocacion: 'Escritura rectificada' } });
    expect((await publico(`/verificacion/${copia.csv}/archivo`)).status).toBe(410);
  });
});

describe('guessing', () => {
  it('is limited per address (429 past the limit, another address unaffected) and every look-up is audited', async () => {
    const ip = '203.0.113.50';
    const estados: number[] = [];
    for (let i = 0; i < LIMITE + 2; i++) estados.push((await publico(`/verificacion/AAAA-BBBB-CCCC-DDDD-${String(1000 + i)}`, ip)).status);
    expect(estados.slice(0, LIMITE)).toEqual(Array(LIMITE).fill(404));
    expect(estados.slice(LIMITE)).toEqual([429, 429]);
    const demasiadas = await json(await publico('/verificacion/AAAA-BBBB-CCCC-DDDD-EEEE', ip));
    expect(demasiadas.body.message).toBe('Demasiadas consultas desde su dirección. Inténtelo de nuevo dentro de una hora.');
    expect((await publico('/verificacion/AAAA-BBBB-CCCC-DDDD-EEEE', '203.0.113.51')).status).toBe(404);
    const { rows } = await s.ctx.db.query<{ n: number }>(`select count(*)::int as n from servicios.audit_log where entity = 'verificacion' and ip = $1`, [ip]);
    expect(rows[0].n).toBe(LIMITE + 3);
  });
});

describe('the certificate', () => {
  it('a PKCS#12 that cannot be opened stops the start with a one-line reason', async () => {
    const malo = guardar('malo.p12', Buffer.from('no es un pkcs12'));
    const error = await startTestServer({ notariaP12File: malo, notariaP12Password: 'x' }).then(
      (srv) => srv.close().then(() => null),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toBe(`NOTARIA_P12_FILE=${malo} no es un PKCS#12 que se pueda abrir con NOTARIA_P12_PASSWORD (contraseña incorrecta o archivo dañado).`);
    expect((error as Error).message).not.toContain('\n');
  });
});
