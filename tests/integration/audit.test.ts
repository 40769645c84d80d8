import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { AUDIT_ENTITIES, auditWriter } from '../../server/audit';
import type { Queryable } from '../../server/db/db';

/**
 * The audit log of the services API: every request on personas, privilegios, expedientes and
 * actos leaves one row (who, what, which, answer, when, from where), refused ones too; only
 * admins read it, one page at a time. Requests are real HTTP; rows are read as the server's role.
 */

let server: TestServer;
let untrusted: TestServer;
const ADMIN_ID = '00000000-0000-4000-8000-000000000001';
const ana = { id: randomUUID(), email: 'ana.auditoria@example.com' };
const bea = { id: randomUUID(), email: 'bea.auditoria@example.com' };
let anaToken: string;
let beaToken: string;
let adminToken: string;
let lastIp = 0;
/** Each test calls from its own address, so its rows are easy to tell apart. */
const newIp = () => `203.0.113.${++lastIp}`;

interface Row {
  actor: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  status: number;
  ip: string | null;
  at: Date;
}

async function rowsFrom(ip: string, s = server): Promise<Row[]> {
  const { rows } = await s.ctx.db.query<Row>(
    'select actor, action, entity, entity_id, status, ip, at from servicios.audit_log where ip = $1 order by id',
    [ip],
  );
  return rows;
}

const nif = (n: number) => `${String(n).padStart(8, '0')}${'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23]}`;

beforeAll(async () => {
  server = await startTestServer();
  for (const [p, numero, nombre] of [[ana, nif(73000001), 'Ana'], [bea, nif(73000002), 'Bea']] as const) {
    await server.ctx.db.query(
      `insert into servicios.personas (id, tipo_persona, identificador_tipo, identificador_numero, nombre, email)
       values ($1, 'FISICA', 'NIF', $2, $3, $4)`,
      [p.id, numero, nombre, p.email],
    );
  }
  anaToken = await server.token(ana.id);
  beaToken = await server.token(bea.id);
  adminToken = await server.token(ADMIN_ID, 'admin');
});
afterAll(async () => {
  await server?.close();
  await untrusted?.close();
});

const call = (path: string, ip: string, init: { method?: string; token?: string; json?: unknown } = {}) =>
  server.api(path, { ...init, headers: { 'X-Forwarded-For': ip } });

describe('what is recorded', () => {
  it('a read, a refused read and an anonymous read: who, what, which, answer, when, from where', async () => {
    const ip = newIp();
    const before = new Date(Date.now() - 1000);
    expect((await call(`/persona/${ana.id}`, ip, { token: anaToken })).status).toBe(200);
    expect((await call(`/persona/${ana.id}`, ip, { token: beaToken })).status).toBe(404);
    expect((await call(`/persona/${ana.id}`, ip)).status).toBe(401);
    expect((await call(`/persona/${ana.id}`, ip, { token: 'not.a.token' })).status).toBe(401);
    const rows = await rowsFrom(ip);
    expect(rows.map(({ at: _at, ...r }) => r)).toEqual([
      { actor: ana.id, action: 'read', entity: 'persona', entity_id: ana.id, status: 200, ip },
      { actor: bea.id, action: 'read', entity: 'persona', entity_id: ana.id, status: 404, ip },
      { actor: null, action: 'read', entity: 'persona', entity_id: ana.id, status: 401, ip },
      { actor: null, action: 'read', entity: 'persona', entity_id: ana.id, status: 401, ip },
    ]);
    for (const r of rows) expect(r.at.getTime()).toBeGreaterThan(before.getTime());
  });

  it('a create records the new id from the answer; an update and the legacy /clientes are recorded too', async () => {
    const ip = newIp();
    const created = await call('/persona', ip, {
      method: 'POST',
      token: anaToken,
      json: { tipoPersona: 'FISICA', identificador: { tipo: 'NIF', numero: nif(73000010) }, nombre: 'Carmela', primerApellido: 'Secreta' },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const updated = await call(`/persona/${id}`, ip, {
      method: 'PUT',
      token: anaToken,
      json: { tipoPersona: 'FISICA', identificador: { tipo: 'NIF', numero: nif(73000010) }, nombre: 'Carmela', primerApellido: 'Reservada' },
    });
    expect(updated.status).toBe(200);
    const invalid = await call('/persona', ip, { method: 'POST', token: anaToken, json: { tipoPersona: 'OTRA' } });
    expect(invalid.status).toBe(400);
    expect((await call(`/clientes?userEmail=${encodeURIComponent(ana.email)}`, ip, { token: anaToken })).status).toBe(200);
    expect((await call(`/clientes/${id}?userEmail=${encodeURIComponent(ana.email)}`, ip, { token: beaToken })).status).toBe(403);

    expect((await rowsFrom(ip)).map((r) => [r.actor, r.action, r.entity, r.entity_id, r.status])).toEqual([
      [ana.id, 'create', 'persona', id, 201],
      [ana.id, 'update', 'persona', id, 200],
      [ana.id, 'create', 'persona', null, 400],
      [ana.id, 'read', 'persona', null, 200],
      [bea.id, 'read', 'persona', id, 403],
    ]);
  });

  it('privilegios, expedientes and actos, with the id the path names', async () => {
    const ip = newIp();
    const grant = await call('/privilegio', ip, {
      method: 'POST',
      token: anaToken,
      json: { personaOtorganteId: ana.id, personaReceptoraId: ana.id, tipoPrivilegio: 'GENERAL', fechaInicioRelacion: '2025-01-01' },
    });
    expect(grant.status).toBe(400); // to oneself: refused, still recorded
    expect((await call(`/privilegio/concedidos/${ana.id}`, ip, { token: anaToken })).status).toBe(200);
    const expediente = await call('/expediente', ip, {
      method: 'POST',
      token: anaToken,
      json: { personaId: ana.id, notariaId: 1, titulo: 'Compraventa', dueDate: '2031-01-31' },
    });
    expect(expediente.status).toBe(201);
    const expId = ((await expediente.json()) as { id: string }).id;
    const acto = await call('/acto', ip, { method: 'POST', token: anaToken, json: { expedienteId: expId, titulo: 'Poder General' } });
    expect(acto.status).toBe(201);
    const actoId = ((await acto.json()) as { id: string }).id;
    expect((await call(`/acto/${actoId}`, ip, { method: 'PUT', token: beaToken, json: { titulo: 'Otro' } })).status).toBe(404);
    expect((await call(`/acto/expediente/${expId}`, ip, { token: anaToken })).status).toBe(200);
    expect((await call(`/expediente/owner/${ana.id}`, ip, { token: anaToken })).status).toBe(200);

    expect((await rowsFrom(ip)).map((r) => [r.actor, r.action, r.entity, r.entity_id, r.status])).toEqual([
      [ana.id, 'create', 'privilegio', null, 400],
      [ana.id, 'read', 'privilegio', ana.id, 200],
      [ana.id, 'create', 'expediente', expId, 201],
      [ana.id, 'create', 'acto', actoId, 201],
      [bea.id, 'update', 'acto', actoId, 404],
      [ana.id, 'read', 'acto', expId, 200],
      [ana.id, 'read', 'expediente', ana.id, 200],
    ]);
  });

  it('probing: ids that are not ids, unknown paths and unknown methods are recorded, bounded and storable', async () => {
    const ip = newIp();
    const probes = [`/persona/${'x'.repeat(5000)}`, '/persona/%00abc', "/expediente/1'%20or%20'1'='1", '/persona/a/b/c/d'];
    const statuses = [];
    for (const p of probes) statuses.push((await call(p, ip, { token: beaToken })).status);
    expect(statuses).toEqual([404, 400, 404, 404]); // a NUL character is refused before any route
    expect((await call(`/persona/${ana.id}`, ip, { method: 'DELETE', token: beaToken })).status).toBe(404);
    const rows = await rowsFrom(ip);
    expect(rows.map((r) => [r.action, r.entity, r.status])).toEqual([
      ['read', 'persona', 404],
      ['read', 'persona', 400],
      ['read', 'expediente', 404],
      ['read', 'persona', 404],
      ['delete', 'persona', 404],
    ]);
    expect(rows[0].entity_id).toHaveLength(200);
    expect(rows[1].entity_id).toBe('\uFFFDabc');
    expect(rows[2].entity_id).toBe("1' or '1'='1");
  });

  it('other paths are not audited: health, sign-in, personaNotaria, the audit log itself', async () => {
    const ip = newIp();
    await call('/health', ip);
    await call('/auth/refresh', ip, { method: 'POST', json: { refresh_token: 'x' } });
    await call(`/personaNotaria/persona/${ana.id}`, ip, { token: anaToken });
    await call('/auditoria', ip, { token: adminToken });
    expect(await rowsFrom(ip)).toEqual([]);
  });

  it('never stores a request body: no column holds the data that was sent', async () => {
    const ip = newIp();
    const marker = 'Zacarías-Marcador-Único';
    await call('/persona', ip, {
      method: 'POST',
      token: anaToken,
      json: { tipoPersona: 'FISICA', identificador: { tipo: 'NIF', numero: nif(73000020) }, nombre: marker, email: 'marcador@example.com' },
    });
    await call('/persona', ip, { method: 'POST', token: anaToken, json: { nombre: marker } });
    const { rows } = await server.ctx.db.query<{ n: number }>(
      `select count(*)::int as n from servicios.audit_log a where to_jsonb(a)::text ilike '%' || $1 || '%' or to_jsonb(a)::text ilike '%marcador@%'`,
      [marker],
    );
    expect(rows[0].n).toBe(0);
    expect(await rowsFrom(ip)).toHaveLength(2);
  });
});

describe('a change and its audit row commit together', () => {
  it('a change whose row cannot be stored is neither kept nor acknowledged; the next ones are', async () => {
    const ip = newIp();
    const persona = (numero: number, primerApellido: string) => ({
      tipoPersona: 'FISICA',
      identificador: { tipo: 'NIF', numero: nif(numero) },
      nombre: 'Dolores',
      primerApellido,
    });
    const created = await call('/persona', ip, { method: 'POST', token: anaToken, json: persona(73000030, 'Antes') });
    const { id } = (await created.json()) as { id: string };
    const expediente = await call('/expediente', ip, {
      method: 'POST',
      token: anaToken,
      json: { personaId: ana.id, notariaId: 1, titulo: 'Herencia', dueDate: '2031-01-31' },
    });
    const expId = ((await expediente.json()) as { id: string }).id;
    const actos = async () => (await server.ctx.db.query('select 1 from servicios.actos where expediente_id = $1', [expId])).rowCount;
    const stored = () => server.ctx.db.query('select primer_apellido from servicios.personas where id = $1 or identificador_numero = $2', [id, nif(73000031)]);
    // the audit log refuses this address's rows from now on, as a failing disk or a lost connection would
    await server.ctx.db.exec(`alter table servicios.audit_log add constraint audit_test_refuses check (ip is distinct from '${ip}') not valid`);
    try {
      const refused = [
        await call('/persona', ip, { method: 'POST', token: anaToken, json: persona(73000031, 'Nueva') }),
        await call(`/persona/${id}`, ip, { method: 'PUT', token: anaToken, json: persona(73000030, 'Cambiada') }),
        await call('/acto', ip, { method: 'POST', token: anaToken, json: { expedienteId: expId, titulo: 'Poder General' } }),
      ];
      expect(refused.map((r) => r.status)).toEqual([500, 500, 500]);
      expect(await refused[0].json()).toEqual({ message: 'Error interno del servidor' });
      expect((await stored()).rows).toEqual([{ primer_apellido: 'Antes' }]);
      expect(await actos()).toBe(0);
    } finally {
      await server.ctx.db.exec('alter table servicios.audit_log drop constraint audit_test_refuses');
    }
    const updated = await call(`/persona/${id}`, ip, { method: 'PUT', token: anaToken, json: persona(73000030, 'Cambiada') });
    expect(updated.status).toBe(200);
    expect((await stored()).rows).toEqual([{ primer_apellido: 'Cambiada' }]);
    expect((await rowsFrom(ip)).map((r) => [r.action, r.entity, r.status])).toEqual([
      ['create', 'persona', 201],
      ['create', 'expediente', 201],
      ['update', 'persona', 200],
    ]);
  });

  it('a refused change is rolled back and still recorded, on its own', async () => {
    const ip = newIp();
    // bea may not change ana's record: 404, and nothing changed
    const res = await call(`/persona/${ana.id}`, ip, {
      method: 'PUT',
      token: beaToken,
      json: { tipoPersona: 'FISICA', identificador: { tipo: 'NIF', numero: nif(73000001) }, nombre: 'Intrusa' },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect((await server.ctx.db.query('select nombre from servicios.personas where id = $1', [ana.id])).rows).toEqual([{ nombre: 'Ana' }]);
    expect((await rowsFrom(ip)).map((r) => [r.actor, r.action, r.status])).toEqual([[bea.id, 'update', res.status]]);
  });
});

describe('group commit', () => {
  it('40 concurrent reads: every one recorded, with its own time, in fewer inserts than requests', async () => {
    const ip = newIp();
    let inserts = 0;
    const counting = { ...server.ctx.db, query: (sql: string, params?: unknown[]) => (inserts++, server.ctx.db.query(sql, params)) };
    const write = auditWriter(counting as Queryable);
    const times = Array.from({ length: 40 }, (_, i) => new Date(Date.UTC(2026, 0, 1, 9, 0, i)));
    await Promise.all(
      times.map((at, i) =>
        write({ at: at.toISOString(), actor: ana.id, action: 'read', entity: 'persona', entity_id: `p${i}`, status: 200, ip }),
      ),
    );
    const rows = await rowsFrom(ip);
    expect(rows.map((r) => [r.entity_id, r.at.getTime()])).toEqual(times.map((at, i) => [`p${i}`, at.getTime()]));
    expect(inserts).toBeGreaterThan(0);
    expect(inserts).toBeLessThan(40);
  });

  it('a row the table refuses fails alone: the rows grouped with it are stored', async () => {
    const ip = newIp();
    const write = auditWriter(server.ctx.db);
    const row = (entity_id: string, action = 'read') =>
      write({ at: new Date().toISOString(), actor: null, action: action as 'read', entity: 'acto', entity_id, status: 200, ip });
    const results = await Promise.allSettled([row('a'), row('b'), row('c', 'borrar'), row('d')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((await rowsFrom(ip)).map((r) => r.entity_id).sort()).toEqual(['a', 'b', 'd']);
  });
});

describe('the client address (TRUST_PROXY)', () => {
  it('without a trusted proxy, a client-sent X-Forwarded-For is ignored: the socket address is recorded', async () => {
    untrusted = await startTestServer({ trustProxy: 0 });
    const token = await untrusted.token(ADMIN_ID, 'admin');
    const res = await untrusted.api(`/persona/${ADMIN_ID}`, { token, headers: { 'X-Forwarded-For': '198.51.100.99' } });
    expect(res.status).toBe(200);
    const { rows } = await untrusted.ctx.db.query<{ ip: string }>('select ip from servicios.audit_log order by id desc limit 1');
    expect(rows[0].ip).toMatch(/^(127\.0\.0\.1|::1)$/);
  });

  it('behind one trusted proxy, the address that proxy appended is recorded, not what the client sent', async () => {
    const res = await server.api(`/persona/${ana.id}`, { token: anaToken, headers: { 'X-Forwarded-For': '6.6.6.6, 192.0.2.77' } });
    expect(res.status).toBe(200);
    const { rows } = await server.ctx.db.query<{ ip: string }>('select ip from servicios.audit_log order by id desc limit 1');
    expect(rows[0].ip).toBe('192.0.2.77');
  });
});

describe('GET /auditoria', () => {
  type Page = { data: { id: number; at: string; actor: string | null; action: string; entity: string; entityId: string | null; status: number; ip: string }[]; total: number };
  const auditoria = async (query: string, token = adminToken) => server.api(`/auditoria${query}`, { token });

  it('admins only: anonymous 401, anyone else 404 as if it did not exist', async () => {
    expect((await auditoria('', '')).status).toBe(401);
    const asClient = await auditoria('', anaToken);
    expect(asClient.status).toBe(404);
    expect((await auditoria('?pageSize=1', beaToken)).status).toBe(404);
    const nowhere = await server.api('/no-existe', { token: anaToken });
    expect([asClient.status, await asClient.json()]).toEqual([nowhere.status, await nowhere.json()]);
  });

  it('newest first, one page at a time, filtered by entity and actor', async () => {
    const ip = newIp();
    for (let i = 0; i < 3; i++) await call(`/persona/${bea.id}`, ip, { token: beaToken });
    await call(`/expediente/owner/${bea.id}`, ip, { token: beaToken });

    const first = (await (await auditoria(`?pageSize=2&actor=${bea.id}`)).json()) as Page;
    const { rows } = await server.ctx.db.query<{ n: number }>('select count(*)::int as n from servicios.audit_log where actor = $1', [bea.id]);
    expect(first.total).toBe(rows[0].n);
    expect(first.data).toHaveLength(2);
    expect(first.data[0]).toMatchObject({ actor: bea.id, action: 'read', entity: 'expediente', entityId: bea.id, status: 200, ip });
    expect(first.data[1]).toMatchObject({ entity: 'persona', entityId: bea.id });
    expect(Date.parse(first.data[0].at)).toBeGreaterThanOrEqual(Date.parse(first.data[1].at));

    const second = (await (await auditoria(`?page=2&pageSize=2&actor=${bea.id}`)).json()) as Page;
    expect(second.data.map((r) => r.id)).not.toContain(first.data[0].id);
    expect(second.data[0].id).toBeLessThan(first.data[1].id);

    const personas = (await (await auditoria(`?entity=persona&actor=${bea.id}&pageSize=100`)).json()) as Page;
    expect(personas.data.length).toBeGreaterThanOrEqual(3);
    expect(new Set(personas.data.map((r) => r.entity))).toEqual(new Set(['persona']));

    const beyond = (await (await auditoria(`?page=9999&actor=${bea.id}`)).json()) as Page;
    expect(beyond).toMatchObject({ data: [], total: rows[0].n });
  });

  it('a bad filter is a 400 with a Spanish message', async () => {
    for (const [query, message] of [
      ['?entity=usuarios', `La entidad debe ser ${AUDIT_ENTITIES.slice(0, -1).join(', ')} o ${AUDIT_ENTITIES.at(-1)}`],
      ['?actor=nadie', 'El actor debe ser un identificador de persona'],
      ['?pageSize=1000', 'El tamaño de página debe estar entre 1 y 100'],
      ['?page=0', 'La página debe ser un número entero positivo'],
      ['?page=abc', 'La página debe ser un número entero positivo'],
    ]) {
      const res = await auditoria(query);
      expect([res.status, ((await res.json()) as { message: string }).message], query).toEqual([400, message]);
    }
  });
});
