import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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

describe('uploads are streamed', () => {
  it('an upload is written to the storage while it still arrives, never held whole; a refused one leaves nothing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-archivos-'));
    const s = await startTestServer({ storage: { kind: 'local', dir } });
    servers.push(s);
    const token = await s.token(ANA.personaId);
    const limite = '----portalprueba';
    const enc = new TextEncoder();
    const relleno = new Uint8Array(64 * 1024).fill(0x20);
    let seguir!: () => void;
    const pausa = new Promise<void>((r) => (seguir = r));
    let enviados = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(c) {
        if (enviados === 0) c.enqueue(enc.encode(`--${limite}\r\nContent-Disposition: form-data; name="archivo"; filename="grande.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`));
        else if (enviados <= 160) c.enqueue(relleno); // 10 MB
        else {
          c.enqueue(enc.encode(`\n%%EOF\n\r\n--${limite}\r\nContent-Disposition: form-data; name="tipo"\r\n\r\nDNI_ANVERSO\r\n--${limite}--\r\n`));
          c.close();
        }
        enviados++;
        if (enviados === 33) await pausa; // 2 MB sent, then the client waits
      },
    });
    const respuesta = fetch(`${s.url}/nt/demo/v1/servicios/persona/${ANA.personaId}/documentos`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': `multipart/form-data; boundary=${limite}` },
      body,
      duplex: 'half',
    } as RequestInit);
    // while the body is held half-way, its first 2 MB are already in a file of the storage
    const enDisco = () => {
      let mayor = 0;
      const walk = (d: string) => {
        for (const e of fs.readdirSync(d, { withFileTypes: true })) {
          const p = path.join(d, e.name);
          if (e.isDirectory()) walk(p);
          else mayor = Math.max(mayor, fs.statSync(p).size);
        }
      };
      walk(dir);
      return mayor;
    };
    const hasta = Date.now() + 10_000;
    while (enDisco() < 1024 * 1024 && Date.now() < hasta) await new Promise((r) => setTimeout(r, 50));
    expect(enDisco()).toBeGreaterThanOrEqual(1024 * 1024);
    seguir();
    const res = await respuesta;
    const doc = (await res.json()) as { tamano: number; tipo: string };
    expect(res.status).toBe(201);
    expect(doc.tamano).toBeGreaterThan(10 * 1024 * 1024);
    // the field after the file still counts
    expect(doc.tipo).toBe('DNI_ANVERSO');

    // a file over 20 MB sent without a length is stopped as it arrives: 413, and no file is left
    const archivos = () => fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
    const antes = archivos();
    let trozos = 0;
    const grande = new ReadableStream<Uint8Array>({
      pull(c) {
        if (trozos++ === 0) c.enqueue(enc.encode(`--${limite}\r\nContent-Disposition: form-data; name="archivo"; filename="g.pdf"\r\n\r\n%PDF-1.4\n`));
        else if (trozos < 400) c.enqueue(relleno); // 25 MB
        else c.close();
      },
    });
    const rechazada = await fetch(`${s.url}/nt/demo/v1/servicios/persona/${ANA.personaId}/documentos`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': `multipart/form-data; boundary=${limite}` },
      body: grande,
      duplex: 'half',
    } as RequestInit).catch(() => null);
    if (rechazada) {
      expect(rechazada.status).toBe(413);
      expect(((await rechazada.json()) as { message: string }).message).toBe('El archivo supera el tamaño máximo de 20 MB');
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(archivos()).toBe(antes);
  }, 60_000);
});
