import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPARTO, reparto, type Papel } from '../support/reparto';
import { startTestServer, type TestServer } from '../support/server';
import { JPEG, formulario } from '../support/archivos';
import { FINALIDAD_DOCUMENTO_IDENTIDAD } from '../../domain/documentos';
import { destruirVencidos } from '../../server/services/privacidad-retencion';

/**
 * Identity-document images (issue 33): collected with their purpose, seen only by the person and the
 * staff of a notaría with a case of theirs (404 for everyone else, every view in the audit log), and
 * deleted with their file a configured time after every case of the person finished, the deletion
 * recorded in servicios.destrucciones.
 */
let s: TestServer;
let ids: Record<Papel, string>;
let tokens: Record<Papel, string>;
let expediente = '';
let dni = '';
let clave = '';

const CONFIG = { retencionFichasDias: 3650, retencionCitasDias: 1095, intervaloSegundos: 3600, documentosIdentidadDias: 30 };
const q = async <T = any>(sql: string, params: unknown[] = []) => (await s.ctx.db.query<T & Record<string, unknown>>(sql, params)).rows;
const archivo = async () => {
  const claves: string[] = [];
  for await (const k of s.ctx.storage.list(new Date(Date.now() + 60_000))) claves.push(k);
  return claves.includes(clave);
};

beforeAll(async () => {
  s = await startTestServer();
  ({ ids, tokens } = await reparto(s));
  [{ id: expediente }] = await q<{ id: string }>(
    `insert into servicios.expedientes (titulo, persona_id, notaria_id, created_by) values ('Compraventa', $1, 1, $1) returning id`,
    [ids.ana],
  );
});
afterAll(() => s?.close());

describe('identity-document images', () => {
  it('are stored with their purpose', async () => {
    const res = await s.api(`/persona/${ids.ana}/documentos`, { method: 'POST', token: tokens.ana, body: formulario(JPEG, 'dni.jpg', { tipo: 'DNI_ANVERSO' }) });
    const body = (await res.json()) as any;
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body.finalidad).toBe(FINALIDAD_DOCUMENTO_IDENTIDAD);
    dni = body.id;
    [{ clave }] = await q<{ clave: string }>('select clave from servicios.documentos where id = $1', [dni]);
    expect(await archivo()).toBe(true);
  });

  it('only the person and the staff of a notaría with a case of theirs see them (404 otherwise); every view is audited', async () => {
    const ven = new Set<Papel>(['ana', 'staff']);
    for (const who of REPARTO) {
      const res = await s.api(`/documento/${dni}`, { token: tokens[who] });
      await res.arrayBuffer();
      expect(res.status, who).toBe(ven.has(who) ? 200 : 404);
      const lista = await s.api(`/persona/${ids.ana}/documentos`, { token: tokens[who] });
      const docs = lista.status === 200 ? ((await lista.json()) as any[]).map((d) => d.id) : (await lista.arrayBuffer(), []);
      expect(docs.includes(dni), who).toBe(ven.has(who));
    }
    const vistas = await q<{ actor: string }>(`select actor from servicios.audit_log where entity = 'documento' and entity_id = $1 and action = 'read' and status = 200`, [dni]);
    expect(vistas.map((v) => v.actor).sort()).toEqual([ids.ana, ids.staff].sort());
  });

  it('stay while a case of the person is open or finished recently; then go with their file, the deletion recorded', async () => {
    expect(await destruirVencidos(s.ctx.db, { ...CONFIG, documentosIdentidadDias: 0 }, s.ctx.storage)).toEqual([]);
    await q(`update servicios.expedientes set estado = 'FINALIZADO', updated_at = now() - interval '10 days' where id = $1`, [expediente]);
    expect(await destruirVencidos(s.ctx.db, CONFIG, s.ctx.storage)).toEqual([]);
    expect(await q('select id from servicios.documentos where id = $1', [dni])).toHaveLength(1);
    await q(`update servicios.expedientes set updated_at = now() - interval '31 days' where id = $1`, [expediente]);
    expect(await destruirVencidos(s.ctx.db, CONFIG, s.ctx.storage)).toEqual([
      { tipo: 'documento_identidad', personaId: ids.ana, registros: 1, detalle: { documentos: 1 } },
    ]);
    expect(await q('select id from servicios.documentos where id = $1', [dni])).toEqual([]);
    expect(await archivo()).toBe(false);
    expect(await q('select tipo, persona_id, registros from servicios.destrucciones')).toEqual([{ tipo: 'documento_identidad', persona_id: ids.ana, registros: 1 }]);
    const res = await s.api(`/documento/${dni}`, { token: tokens.ana });
    await res.arrayBuffer();
    expect(res.status).toBe(404);
  });

  it('go a configured time after the office verified the identity, even while a case is open', async () => {
    // 'otro' has an open case and an identity image; the office checked the document 10, then 31 days ago
    await q(`insert into servicios.expedientes (titulo, persona_id, notaria_id, created_by) values ('Herencia', $1, 1, $1)`, [ids.otro]);
    const res = await s.api(`/persona/${ids.otro}/documentos`, { method: 'POST', token: tokens.otro, body: formulario(JPEG, 'dni.jpg', { tipo: 'DNI_ANVERSO' }) });
    const doc = ((await res.json()) as { id: string }).id;
    expect(res.status).toBe(201);
    const [{ id: usuario }] = await q<{ id: string }>(
      `insert into servicios.usuarios (tipo_documento, numero_documento, email, persona_id)
       select identificador_tipo, identificador_numero, 'otro@example.com', id from servicios.personas where id = $1 returning id`,
      [ids.otro],
    );
    await q(`insert into servicios.identidades (usuario_id, metodo, detalle, probado_at) values ($1, 'oficina', 'presencial', now() - interval '10 days')`, [usuario]);
    expect(await destruirVencidos(s.ctx.db, CONFIG, s.ctx.storage)).toEqual([]);
    await q(`update servicios.identidades set probado_at = now() - interval '31 days' where usuario_id = $1`, [usuario]);
    expect(await destruirVencidos(s.ctx.db, CONFIG, s.ctx.storage)).toEqual([
      { tipo: 'documento_identidad', personaId: ids.otro, registros: 1, detalle: { documentos: 1 } },
    ]);
    expect(await q('select id from servicios.documentos where id = $1', [doc])).toEqual([]);
  });
});
