import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_JWT_SECRET, startTestServer, type TestServer } from '../support/server';
import { ANA, LUCIA } from '../support/sign-in';
import { PDF, formulario } from '../support/archivos';
import { MENSAJES_IDENTIFICADOR } from '../../domain/identifiers';
import { MENSAJE_NOMBRE_ARCHIVO } from '../../server/storage/archivo';

/**
 * Issue 31, item 14: a document name kept the right-to-left override ('factura\u202Efdp.pdf'
 * shows as 'factura' + 'pdf.pdf' reversed), a PASAPORTE number took any text, and a correctly
 * signed token without `exp` was accepted.
 */
let s: TestServer;
let expediente: string;

beforeAll(async () => {
  s = await startTestServer();
  const res = await s.api('/expediente', { method: 'POST', token: await s.token(ANA.personaId), json: { titulo: 'Nombres', dueDate: '2030-12-31', personaId: ANA.personaId, notariaId: 1, links: [] } });
  expediente = (await res.json()).id;
});
afterAll(() => s?.close());

describe('document names', () => {
  it('lose bidi overrides and isolates, zero-width and other format or control characters', async () => {
    const staff = await s.token(LUCIA.personaId, 'assistant', [1]);
    for (const [enviado, guardado] of [
      ['factura\u202Efdp.pdf', 'facturafdp.pdf'],
      ['\u2066escritura\u2069\u200B \u200Ffinal\u2028.pdf', 'escritura final.pdf'],
      ['ab\u061Cc\uFEFF.pdf', 'abc.pdf'],
    ]) {
      const res = await s.api(`/expediente/${expediente}/documentos`, { method: 'POST', token: staff, body: formulario(PDF, enviado, { tipo: 'OTRO' }) });
      expect([enviado, res.status, (await res.json()).nombre]).toEqual([enviado, 201, guardado]);
    }
    // a C0 control character makes the part's header invalid: refused with a clear reason, nothing stored
    const res = await s.api(`/expediente/${expediente}/documentos`, { method: 'POST', token: staff, body: formulario(PDF, 'a\u0007b.pdf', { tipo: 'OTRO' }) });
    expect([res.status, (await res.json()).message]).toEqual([400, MENSAJE_NOMBRE_ARCHIVO]);
  });
});

describe('a PASAPORTE number', () => {
  const persona = (numero: string) => ({ tipoPersona: 'FISICA', identificador: { tipo: 'PASAPORTE', numero }, nombre: 'Pat', primerApellido: 'Doe' });

  it("is letters and digits only, 3 to 20: ';DROPTABLEX;', U+202E and 21 characters are refused, nothing stored", async () => {
    const token = await s.token(ANA.personaId);
    const antes = (await s.ctx.db.query('select count(*)::int as n from servicios.personas')).rows;
    expect((await s.api('/persona', { method: 'POST', token, json: persona('A'.repeat(21)) })).status).toBe(400);
    for (const numero of [';DROPTABLEX;', 'AB\u202E123', 'AB']) {
      const res = await s.api('/persona', { method: 'POST', token, json: persona(numero) });
      const body = await res.json();
      expect([numero, res.status, JSON.stringify(body)]).toEqual([numero, 400, expect.stringContaining(MENSAJES_IDENTIFICADOR.pasaporte)]);
    }
    expect((await s.ctx.db.query('select count(*)::int as n from servicios.personas')).rows).toEqual(antes);
    expect((await s.api('/persona', { method: 'POST', token, json: persona('XDA123456') })).status).toBe(201);
  });
});

describe('a token without exp', () => {
  it('is refused by the services API and the gateway, however well signed', async () => {
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const sinExp = await new SignJWT({ sub: ANA.personaId, role: 'authenticated', app_role: 'admin' }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt().sign(key);
    expect((await s.api(`/persona/${ANA.personaId}`, { token: sinExp })).status).toBe(401);
    const gw = await fetch(`${s.url}/rest/v1/citas?select=id`, { headers: { apikey: s.ctx.anonKey, Authorization: `Bearer ${sinExp}` } });
    expect(gw.status).toBe(401);
    // the same claims with an exp work, and the anon key (no exp, grants nothing) still does
    const conExp = await new SignJWT({ sub: ANA.personaId, role: 'authenticated', app_role: 'assistant' }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt().setExpirationTime('5m').sign(key);
    expect((await s.api(`/persona/${ANA.personaId}`, { token: conExp })).status).toBe(200);
    expect((await fetch(`${s.url}/rest/v1/notarias?select=id&limit=1`, { headers: { apikey: s.ctx.anonKey, Authorization: `Bearer ${s.ctx.anonKey}` } })).status).toBe(200);
  });
});
