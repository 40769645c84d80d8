import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { startTestServer, type TestServer } from '../support/server';
import { PDF, formulario } from '../support/archivos';
import { barrerAlArrancar, barrerArchivos } from '../../server/storage/barrido';
import type { StorageSettings } from '../../server/storage/index';

/**
 * The storage module's two backends behind the same routes: a folder, and an S3-compatible bucket
 * reached with the AWS SDK over real HTTP (s3rver, a small S3-compatible server run in process; no
 * network needed). The same journey for both: upload, download, delete, and the sweep that
 * removes a file whose row never committed.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-test-'));
let s3: { close(): Promise<void> };
let s3Endpoint = '';

beforeAll(async () => {
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(tmp, 's3'), configureBuckets: [{ name: 'documentos' }] });
  const address = (await server.run()) as AddressInfo;
  s3Endpoint = `http://127.0.0.1:${address.port}`;
  s3 = server;
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const backends: [string, () => StorageSettings][] = [
  ['a folder', () => ({ kind: 'local', dir: path.join(tmp, 'carpeta') })],
  [
    'an S3-compatible bucket',
    () => ({ kind: 's3', bucket: 'documentos', endpoint: s3Endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, prefix: 'portal/' }),
  ],
];

describe.each(backends)('files in %s', (_name, settings) => {
  let s: TestServer;
  let staff = '';
  let cliente = '';
  let expediente = '';

  beforeAll(async () => {
    s = await startTestServer({ storage: settings() });
    const { rows } = await s.ctx.db.query<{ id: string }>(
      `insert into servicios.personas (tipo_persona, identificador_numero, nombre, primer_apellido) values ('FISICA', '12345678Z', 'Ana', 'García') returning id`,
    );
    const exp = await s.ctx.db.query<{ id: string }>(`insert into servicios.expedientes (titulo, persona_id, notaria_id) values ('Herencia', $1, 1) returning id`, [rows[0].id]);
    expediente = exp.rows[0].id;
    cliente = await s.token(rows[0].id);
    // another id than the client's (a persona of her own would make the case the staff member's, issue 31 item 8)
    staff = await s.token(rows[0].id.replace(/^./, (c) => (c === 'f' ? 'e' : 'f')), 'assistant', [1]);
  });
  afterAll(() => s?.close());

  const claves = async () => {
    const all: string[] = [];
    for await (const k of s.ctx.storage.list(new Date(Date.now() + 86_400_000))) all.push(k);
    return all;
  };

  it('stores an upload, streams it back whole and removes it with its row', async () => {
    expect(s.ctx.storage.kind).toBe(settings().kind);
    const up = await s.api(`/expediente/${expediente}/documentos`, { method: 'POST', token: staff, body: formulario(PDF, 'escritura.pdf') });
    expect(up.status).toBe(201);
    const doc = (await up.json()) as { id: string };
    const { rows } = await s.ctx.db.query<{ clave: string }>('select clave from servicios.documentos where id = $1', [doc.id]);
    expect(await claves()).toEqual([rows[0].clave]);
    const down = await s.api(`/documento/${doc.id}`, { token: cliente });
    expect(down.status).toBe(200);
    expect(new Uint8Array(await down.arrayBuffer())).toEqual(PDF);
    expect((await s.api(`/documento/${doc.id}`, { method: 'DELETE', token: staff })).status).toBe(204);
    expect(await claves()).toEqual([]);
    expect(await s.ctx.storage.get(rows[0].clave)).toBeNull();
  });

  it('the sweep removes old files no row names and keeps the others', async () => {
    const up = await s.api(`/expediente/${expediente}/documentos`, { method: 'POST', token: staff, body: formulario(PDF, 'escritura.pdf') });
    const doc = (await up.json()) as { id: string };
    const { rows } = await s.ctx.db.query<{ clave: string }>('select clave from servicios.documentos where id = $1', [doc.id]);
    // what a crash between the write and the commit leaves
    await s.ctx.storage.put('2026/11/huerfano', PDF, 'application/pdf');
    expect((await claves()).sort()).toEqual([rows[0].clave, '2026/11/huerfano'].sort());
    // a recent file may be an upload about to commit: left alone
    expect(await barrerArchivos(s.ctx.db, s.ctx.storage)).toBe(0);
    expect(await barrerArchivos(s.ctx.db, s.ctx.storage, new Date(Date.now() + 2 * 3600_000))).toBe(1);
    expect(await claves()).toEqual([rows[0].clave]);
  });

  it('at start, a folder like a bucket keeps the grace (another instance may be writing), removes what is older and says how many', async () => {
    // issue 31, item 1: a folder may be shared, so a fresh file without a row may be another
    // instance's upload about to commit; before, a folder's start sweep removed it whatever its age
    const antes = await claves();
    await s.ctx.storage.put('2026/11/subida-en-curso', PDF, 'application/pdf');
    const logs: string[] = [];
    expect(await barrerAlArrancar(s.ctx.db, s.ctx.storage, (m) => logs.push(m))).toBe(0);
    expect((await claves()).sort()).toEqual([...antes, '2026/11/subida-en-curso'].sort());
    expect(logs).toEqual(['[archivos] barrido al arrancar: 0 archivo(s) sin registro de más de 60 minutos eliminado(s)']);
    // two hours later it is what a crash left: it goes, and the log counts it
    expect(await barrerAlArrancar(s.ctx.db, s.ctx.storage, (m) => logs.push(m), new Date(Date.now() + 2 * 3600_000))).toBe(1);
    expect((await claves()).sort()).toEqual(antes.sort());
    expect(logs[1]).toBe('[archivos] barrido al arrancar: 1 archivo(s) sin registro de más de 60 minutos eliminado(s)');
  });
});
