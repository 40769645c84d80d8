import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { PDF, formulario } from '../support/archivos';
import { isPgError } from '../../server/db/db';

/**
 * Issue 31, item 1: two instances with one STORAGE_DIR. Each start swept every file without a
 * row, an upload another instance was writing included: acknowledged uploads lost their file
 * (download 404), and the writes caught mid-rename answered 500 logged as 'Postgres ENOENT'.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-compartido-'));
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('two instances sharing a folder', () => {
  it("a start keeps another instance's fresh uploads and the file it is writing, and logs how many it removed", async () => {
    const a = await startTestServer({ storage: { kind: 'local', dir } });
    servers.push(a);
    const persona = await a.ctx.db.query<{ id: string }>(
      `insert into servicios.personas (tipo_persona, identificador_numero, nombre, primer_apellido) values ('FISICA', '12345678Z', 'Ana', 'García') returning id`,
    );
    const exp = await a.ctx.db.query<{ id: string }>(`insert into servicios.expedientes (titulo, persona_id, notaria_id) values ('Herencia', $1, 1) returning id`, [persona.rows[0].id]);
    const staff = await a.token(persona.rows[0].id.replace(/^./, (c) => (c === 'f' ? 'e' : 'f')), 'assistant', [1]);
    const up = await a.api(`/expediente/${exp.rows[0].id}/documentos`, { method: 'POST', token: staff, body: formulario(PDF, 'escritura.pdf') });
    expect(up.status).toBe(201);
    const doc = (await up.json()) as { id: string };
    // a file instance A is writing at this moment (renamed to its key when complete)
    fs.mkdirSync(path.join(dir, '2026', '11'), { recursive: true });
    const escribiendo = path.join(dir, '2026', '11', 'en-curso.0a1b2c.tmp');
    fs.writeFileSync(escribiendo, PDF);

    const logs: string[] = [];
    servers.push(await startTestServer({ storage: { kind: 'local', dir } }, { log: (m) => logs.push(m) }));

    const descarga = await a.api(`/documento/${doc.id}`, { token: staff });
    expect(descarga.status).toBe(200);
    expect(new Uint8Array(await descarga.arrayBuffer())).toEqual(PDF);
    expect(fs.existsSync(escribiendo)).toBe(true);
    expect(logs.filter((m) => m.startsWith('[archivos]'))).toEqual(['[archivos] barrido al arrancar: 0 archivo(s) sin registro de más de 60 minutos eliminado(s)']);
  });

  it("a file system's error is not taken for the database's", () => {
    const enoent = Object.assign(new Error("ENOENT: no such file or directory, rename 'x.tmp' -> 'x'"), { code: 'ENOENT', errno: -2, syscall: 'rename' });
    const eperm = Object.assign(new Error('EPERM: operation not permitted'), { code: 'EPERM', errno: -1, syscall: 'unlink' });
    expect([isPgError(enoent), isPgError(eperm)]).toEqual([false, false]);
    expect(isPgError(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(true);
  });
});
