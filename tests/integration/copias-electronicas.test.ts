import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { AsnConvert } from '@peculiar/asn1-schema';
import { ContentInfo, SignedData } from '@peculiar/asn1-cms';
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
/** The signed PDF's signed bytes (its ByteRange) and its CMS, as DER and parsed. */
function firmaDe(pdf: Buffer) {
  const texto = pdf.toString('latin1');
  const [a, b, c, d] = /\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\]/.exec(texto)!.slice(1).map(Number);
  const der = Buffer.from(texto.slice(a + b + 1, c - 1).replace(/(00)+$/, ''), 'hex');
  const cms = AsnConvert.parse(AsnConvert.parse(der, ContentInfo).content, SignedData);
  return { firmado: Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]), der, cms };
}
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

  it('the signature is PAdES baseline B-B: content-type, message-digest and ESS signing-certificate-v2 signed, no signing-time, /M given; openssl verifies the CMS', () => {
    const { firmado, der, cms } = firmaDe(bytes);
    const firmante = cms.signerInfos[0];
    const atributos = new Map(firmante.signedAttrs!.map((at) => [at.attrType, Buffer.from(at.attrValues[0])]));
    expect([...atributos.keys()].sort()).toEqual(['1.2.840.113549.1.9.16.2.47', '1.2.840.113549.1.9.3', '1.2.840.113549.1.9.4']);
    // message-digest: the SHA-256 of the signed ranges
    expect(atributos.get('1.2.840.113549.1.9.4')!.subarray(2).equals(createHash('sha256').update(firmado).digest())).toBe(true);
    // signing-certificate-v2 names the signer's certificate by its SHA-256 (ESSCertIDv2.certHash)
    const certificado = Buffer.from(AsnConvert.serialize(cms.certificates![0].certificate!));
    expect(atributos.get('1.2.840.113549.1.9.16.2.47')!.includes(createHash('sha256').update(certificado).digest())).toBe(true);
    expect(firmado.toString('latin1')).toMatch(/\/M \(D:\d{14}/);
    fs.writeFileSync(path.join(tmp, 'firma.der'), der);
    fs.writeFileSync(path.join(tmp, 'firmado.bin'), firmado);
    const openssl = spawnSync('openssl', ['cms', '-verify', '-binary', '-inform', 'DER', '-in', path.join(tmp, 'firma.der'), '-content', path.join(tmp, 'firmado.bin'), '-noverify', '-out', '/dev/null'], { encoding: 'utf8' });
    expect(openssl.stderr).toContain('CMS Verification successful');
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

/** A notary's RSA certificate issued by a CA of the test, as a PKCS#12 with its chain (openssl, as an operator makes one). */
function p12DeNotario(cn: string, clave: string): string {
  const dir = fs.mkdtempSync(path.join(tmp, 'p12-'));
  const f = (n: string) => path.join(dir, n);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', f('ca.key'), '-out', f('ca.pem'), '-days', '30', '-subj', '/CN=AC Notarial de Pruebas/O=Pruebas/C=ES');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', f('n.key'), '-out', f('n.csr'), '-subj', `/CN=${cn}/C=ES`, '-utf8');
  openssl('x509', '-req', '-in', f('n.csr'), '-CA', f('ca.pem'), '-CAkey', f('ca.key'), '-CAcreateserial', '-out', f('n.pem'), '-days', '30');
  openssl('pkcs12', '-export', '-in', f('n.pem'), '-inkey', f('n.key'), '-certfile', f('ca.pem'), '-passout', `pass:${clave}`, '-out', f('n.p12'));
  return f('n.p12');
}

describe("a notaría's own certificate (NOTARIA_P12_FILE_<id>)", () => {
  it("signs that notaría's copies, with its chain and without the test label", async () => {
    const propio = await startTestServer({ notariaP12PorNotaria: { NOT001: { file: p12DeNotario('NOTARIO DE PRUEBAS - 11111111H', 'secreto'), password: 'secreto' } } });
    try {
      const staff = await propio.token(LUCIA.personaId, 'assistant', [1]);
      const ana = await propio.token(ANA.personaId);
      const caso = await propio.api('/expediente', { method: 'POST', token: ana, json: { titulo: 'Copia firmada por su notario', dueDate: '2026-12-31', personaId: ANA.personaId, notariaId: 1, links: [] } }).then(json);
      const form = new FormData();
      form.set('archivo', new Blob([Buffer.from(await deed(1))], { type: 'application/pdf' }), 'Escritura.pdf');
      form.set('tipo', 'ESCRITURA');
      const up = await propio.api(`/expediente/${caso.body.id}/documentos`, { method: 'POST', token: staff, body: form }).then(json);
      const r = await propio.api(`/expediente/${caso.body.id}/copias-electronicas`, { method: 'POST', token: staff, json: { documentoId: up.body.id, tipo: 'AUTORIZADA' } }).then(json);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const propia = Buffer.from(await (await propio.api(`/documento/${r.body.documentoId}`, { token: ana })).arrayBuffer());
      expect(firmaDe(propia).cms.certificates).toHaveLength(2); // the notary's and its CA's
      const archivo = guardar('propia.pdf', propia);
      const firma = pdfsig(archivo);
      expect(firma).toContain('Signature Validation: Signature is Valid.');
      expect(firma).toContain('Signer Certificate Common Name: NOTARIO DE PRUEBAS - 11111111H');
      expect(execFileSync('pdftotext', [archivo, '-'], { encoding: 'utf8' })).not.toContain('PRUEBA');
      expect((await json(await propio.api(`/verificacion/${r.body.csv}`))).body).toMatchObject({ prueba: false });
    } finally {
      await propio.close();
    }
  });

  it("one that cannot be opened stops the start, naming that notaría's setting", async () => {
    const malo = guardar('malo-not001.p12', Buffer.from('no es un pkcs12'));
    const error = await startTestServer({ notariaP12PorNotaria: { NOT001: { file: malo, password: 'x' } } }).then(
      (srv) => srv.close().then(() => null),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toBe(`NOTARIA_P12_FILE_NOT001=${malo} no es un PKCS#12 que se pueda abrir con NOTARIA_P12_PASSWORD_NOT001 (contraseña incorrecta o archivo dañado).`);
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
