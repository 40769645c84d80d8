import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { ANA } from '../support/sign-in';
import { PDF, formulario } from '../support/archivos';
import { MENSAJES_CUOTA } from '../../domain/documentos';

/**
 * Issue 31, item 11: one client uploaded 46 documents, 350 MB, in a minute. A quota per account
 * and per case or persona, and a pace of uploads, all configurable; a refused upload keeps no file.
 */
const size = PDF.byteLength;
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

async function setup(documentos: { cuotaCuentaBytes: number; cuotaDuenoBytes: number; subidasPorMinuto: number }) {
  const s = await startTestServer({ documentos });
  servers.push(s);
  const token = await s.token(ANA.personaId);
  const propias: string[] = [];
  for (const numero of ['CQ0001', 'CQ0002']) {
    const { rows } = await s.ctx.db.query<{ id: string }>(
      `insert into servicios.personas (tipo_persona, identificador_tipo, identificador_numero, owner_id, nombre) values ('FISICA', 'PASAPORTE', $1, $2, 'P') returning id`,
      [numero, ANA.personaId],
    );
    propias.push(rows[0].id);
  }
  const subir = (persona: string) => s.api(`/persona/${persona}/documentos`, { method: 'POST', token, body: formulario(PDF, 'dni.pdf', { tipo: 'DNI_ANVERSO' }) });
  const archivos = async () => {
    let n = 0;
    for await (const _ of s.ctx.storage.list(new Date(Date.now() + 3600_000))) n++;
    return n;
  };
  return { s, propias, subir, archivos };
}

describe('storage bounds of uploads', () => {
  it("a persona's documents hold at most their quota, also with 10 parallel uploads; the refused keep no file", async () => {
    const { propias, subir, archivos } = await setup({ cuotaCuentaBytes: 100 * size, cuotaDuenoBytes: 2 * size + 1, subidasPorMinuto: 100 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => subir(propias[0])));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, ...Array(8).fill(413)]);
    expect((await answers.find((r) => r.status === 413)!.json()).message).toBe(MENSAJES_CUOTA.persona(0));
    expect(await archivos()).toBe(2);
  });

  it("an account holds at most its quota across its personas", async () => {
    const { propias, subir } = await setup({ cuotaCuentaBytes: 3 * size + 1, cuotaDuenoBytes: 100 * size, subidasPorMinuto: 100 });
    expect([(await subir(propias[0])).status, (await subir(propias[0])).status, (await subir(propias[1])).status]).toEqual([201, 201, 201]);
    const cuarta = await subir(propias[1]);
    expect([cuarta.status, (await cuarta.json()).message]).toEqual([413, MENSAJES_CUOTA.cuenta(0)]);
  });

  it('an account uploads at most the configured number a minute', async () => {
    const { s, propias, subir } = await setup({ cuotaCuentaBytes: 100 * size, cuotaDuenoBytes: 100 * size, subidasPorMinuto: 3 });
    for (let i = 0; i < 3; i++) expect((await subir(propias[i % 2])).status).toBe(201);
    const otra = await subir(propias[1]);
    expect([otra.status, (await otra.json()).message]).toEqual([429, MENSAJES_CUOTA.ritmo(3)]);
    // a minute later it may upload again
    await s.ctx.db.query(`update servicios.documentos set creado_en = creado_en - interval '2 minutes'`);
    expect((await subir(propias[1])).status).toBe(201);
  });

  it('the defaults are 200 MB an account, 100 MB a case or persona, 10 uploads a minute', async () => {
    const { loadConfig } = await import('../../server/config');
    expect(loadConfig({}).documentos).toEqual({ cuotaCuentaBytes: 200 * 1024 * 1024, cuotaDuenoBytes: 100 * 1024 * 1024, subidasPorMinuto: 10 });
  });
});
