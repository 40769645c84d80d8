import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { allows, REFERENCIA_NO_LEGIBLE, type CrudAction, type Referenciable, type ServiciosConfig, type Viewer } from '../../domain/resource';
import { catalogueConfig } from '../../resources';
import { serverSamples } from './registry';
import type { TestServer } from './server';

/**
 * The services API's resources served by the generic handler (a declaration with `crud`), tested
 * from their declarations alone: for each, the authorization matrix (describeServiciosMatrix) and
 * the fuzz test (describeServiciosFuzz). tests/integration/authz-matrix.test.ts and fuzz.test.ts
 * run them on the registry's declarations, tests/integration/resource-fixture.test.ts on the
 * fixture resource; a new declaration is covered without editing a test.
 */

/** The declarations these tests cover: served by the generic handler, with a sample row. */
export const crudDeclarations = (configs: readonly ServiciosConfig[]) => configs.filter((c) => c.crud && c.sample && c.schema);

/** The points of view: no session, the row's owner, another client, staff of the row's notaría and of another, an admin. */
export const SERVICIOS_VIEWERS = ['anon', 'client', 'otherClient', 'staff', 'otherStaff', 'admin'] as const;
type Who = (typeof SERVICIOS_VIEWERS)[number];
type Cell = number | 'lista' | 'sin la fila';

let nif = 73_000_000 + Math.floor(Math.random() * 900_000);
const nextNif = () => {
  nif++;
  return `${nif}${'TRWAGMYFPDXBNJZSQVHLCKE'[nif % 23]}`;
};

/** A person of schema servicios (the owner column's reference), stored as the server's own role. */
async function persona(server: TestServer, id: string): Promise<void> {
  await server.ctx.db.query(
    `insert into servicios.personas (id, tipo_persona, identificador_tipo, identificador_numero, nombre, primer_apellido, email)
     values ($1, 'FISICA', 'NIF', $2, 'Registro', 'Prueba', $3)`,
    [id, nextNif(), `registro.${id.slice(0, 8)}@example.com`],
  );
}

/** Everything a declaration's tests need: the people, their tokens, and sample records. */
async function worldFor(server: TestServer, config: ServiciosConfig) {
  const catalogueSamples = serverSamples(server);
  const refs = new Map<string, number>();
  // the catalogue rows the sample refers to (ref('notarias')), stored first; a services reference
  // (ref('expedientes')) is a row of the caller's own, stored below for each point of view
  const asked: string[] = [];
  config.sample!({ n: 0, ref: (r) => (asked.push(r), 1) });
  for (const name of asked) {
    if (Object.hasOwn(REFERENCIA_NO_LEGIBLE, name)) continue;
    const referred = catalogueConfig(name);
    if (!referred) throw new Error(`${config.name}: sample ref ${name} is neither a registered catalogue nor a services reference`);
    if (!refs.has(name)) refs.set(name, await catalogueSamples.store(referred));
  }
  let n = Math.floor(Math.random() * 100_000);
  const sample = (own: (r: Referenciable) => string) =>
    config.sample!({ n: ++n, ref: (r) => (Object.hasOwn(REFERENCIA_NO_LEGIBLE, r) ? own(r as Referenciable) : refs.get(r)!) });
  // the notaría a row belongs to, from the rule that names its column (staffOfNotaria)
  const notariaColumn = Object.values(config.access).find((r) => r.notariaColumn)?.notariaColumn;
  const notaria = Number(notariaColumn ? sample(() => randomUUID())[notariaColumn] : 0);
  const otraNotaria = notaria + 100_000;
  const ids = Object.fromEntries(SERVICIOS_VIEWERS.map((w) => [w, randomUUID()])) as Record<Who, string>;
  for (const who of SERVICIOS_VIEWERS) if (who !== 'anon') await persona(server, ids[who]);
  // each person's own row of every resource the sample refers to (a case of theirs)
  const owned = new Map<string, string>();
  for (const who of SERVICIOS_VIEWERS) {
    if (who === 'anon') continue;
    for (const r of new Set(asked.filter((a) => Object.hasOwn(REFERENCIA_NO_LEGIBLE, a)))) owned.set(`${who}:${r}`, await referenciable(server, r as Referenciable, ids[who], notaria));
  }
  /** A valid record whose references are rows `who` may read (for anon, the client's). */
  const record = (who: Who = 'client') => sample((r) => owned.get(`${who === 'anon' ? 'client' : who}:${r}`)!);
  /** The id of `who`'s own row of a referenciable resource. */
  const own = (who: Exclude<Who, 'anon'>, r: Referenciable) => owned.get(`${who}:${r}`)!;
  const viewers: Record<Who, Viewer> = {
    anon: { role: 'anon' },
    client: { role: 'client', id: ids.client },
    otherClient: { role: 'client', id: ids.otherClient },
    staff: { role: 'staff', id: ids.staff, notarias: [notaria] },
    otherStaff: { role: 'staff', id: ids.otherStaff, notarias: [otraNotaria] },
    admin: { role: 'admin', id: ids.admin },
  };
  const tokens: Record<Who, string | undefined> = {
    anon: undefined,
    client: await server.token(ids.client),
    otherClient: await server.token(ids.otherClient),
    staff: await server.token(ids.staff, 'assistant', [notaria]),
    otherStaff: await server.token(ids.otherStaff, 'assistant', [otraNotaria]),
    admin: await server.token(ids.admin, 'admin'),
  };
  const { crud, paths } = config;
  const path = (action: 'list' | 'one' | 'create' | 'update' | 'delete', id?: string) => {
    const route = paths[action];
    // the generic paths hold no other placeholder than {id} (crudPaths)
    return route && 'path' in route ? route.path.replace('{id}', id ?? '') : undefined;
  };
  const table = `servicios."${crud!.table}"`;
  const stored = async (id: string) =>
    (await server.ctx.db.query<{ r: Record<string, unknown> }>(`select to_jsonb(t) as r from ${table} t where id = $1`, [id])).rows[0]?.r;
  /** A record of the client's, created through the API as the client. */
  async function clientRow(): Promise<Record<string, unknown>> {
    const res = await server.api(path('create')!, { method: 'POST', token: tokens.client, json: record() });
    const body = (await res.json()) as Record<string, unknown>;
    expect(res.status, `${config.name}: the client creates a record: ${JSON.stringify(body)}`).toBe(201);
    return body;
  }
  return { ids, viewers, tokens, record, own, path, stored, clientRow, table };
}

/** A row of a referenciable resource owned by `persona`: what the generic handler's references point at. */
async function referenciable(server: TestServer, r: Referenciable, persona: string, notaria: number): Promise<string> {
  switch (r) {
    case 'expedientes': {
      const { rows } = await server.ctx.db.query<{ id: string }>(
        `insert into servicios.expedientes (titulo, persona_id, notaria_id, created_by) values ('Caso de prueba', $1, $2, $1) returning id`,
        [persona, notaria || 1],
      );
      return rows[0].id;
    }
  }
}

/**
 * The services API's authorization matrix of each declaration, from its access rules: one table
 * per action, one column per point of view, expected answers from allows(declaration, action,
 * viewer, row). A row one may not see answers 404, exactly like a row that does not exist; a row one
 * sees but may not change, 403; a refused change changes nothing.
 */
export function describeServiciosMatrix(getServer: () => TestServer, configs: () => readonly ServiciosConfig[]) {
  const declared = crudDeclarations(configs());
  if (!declared.length) return;
  describe.each(declared.map((c) => [c.name, c] as const))('%s (services API), as its declaration says', (_name, config) => {
    let w: Awaited<ReturnType<typeof worldFor>>;
    beforeAll(async () => {
      w = await worldFor(getServer(), config);
    });
    const may = (action: CrudAction, who: Who, row?: Record<string, unknown>) => allows(config, action, w.viewers[who], row);
    const api = (path: string, who: Who, init: { method?: string; json?: unknown } = {}) => getServer().api(path, { ...init, token: w.tokens[who] });
    const table = async (cells: (who: Who) => Promise<[Cell, Cell]>) => {
      const got: Record<string, Cell> = {};
      const expected: Record<string, Cell> = {};
      for (const who of SERVICIOS_VIEWERS) [got[who], expected[who]] = await cells(who);
      expect(got).toEqual(expected);
    };

    it.runIf(!!config.paths.list)('list: the client\'s row is listed to whoever may list it', async () => {
      const row = await w.clientRow();
      await table(async (who) => {
        const res = await api(`${w.path('list')}?pageSize=100&id=${row.id}`, who);
        const body = (await res.json()) as { data?: { id: string }[] };
        const got: Cell = res.status !== 200 ? res.status : body.data?.some((r) => r.id === row.id) ? 'lista' : 'sin la fila';
        const expected: Cell = who === 'anon' ? 401 : !may('list', who) ? 403 : may('list', who, row) ? 'lista' : 'sin la fila';
        return [got, expected];
      });
    });

    it.runIf(!!config.paths.one)('one: read by whoever may list it; 404 for the others, as for a record that does not exist', async () => {
      const row = await w.clientRow();
      await table(async (who) => {
        const res = await api(w.path('one', String(row.id))!, who);
        const expected: Cell = who === 'anon' ? 401 : may('list', who, row) ? 200 : 404;
        if (res.status === 404) {
          const missing = await api(w.path('one', randomUUID())!, who);
          expect([missing.status, await missing.json()], `${config.name}: hidden as ${who}`).toEqual([404, await res.json()]);
        }
        return [res.status, expected];
      });
    });

    it.runIf(!!config.paths.create)('create: stored as the caller\'s own, whatever the body says', async () => {
      const owner = config.crud!.owner;
      await table(async (who) => {
        const record = { ...w.record(who), [owner]: w.ids.otherClient };
        const res = await api(w.path('create')!, who, { method: 'POST', json: record });
        const body = (await res.json()) as Record<string, unknown>;
        if (res.status === 201) expect((await w.stored(String(body.id)))?.[owner], `${config.name}: owner of ${who}'s record`).toBe(w.ids[who]);
        const mine = { ...record, [owner]: w.ids[who] };
        const expected: Cell = who === 'anon' ? 401 : may('create', who) && may('create', who, mine) ? 201 : 403;
        return [res.status, expected];
      });
    });

    it.runIf(!!config.paths.update)('update: 404 for who may not see it, 403 for who sees it but may not change it; a refused change changes nothing', async () => {
      await table(async (who) => {
        const row = await w.clientRow();
        const before = await w.stored(String(row.id));
        const changed = w.record(who);
        const res = await api(w.path('update', String(row.id))!, who, { method: 'PUT', json: changed });
        const after = await w.stored(String(row.id));
        if (res.status === 200) expect(after, `${config.name}: ${who} changes it`).not.toEqual(before);
        else expect(after, `${config.name}: ${who} may not change it`).toEqual(before);
        const expected: Cell = who === 'anon' ? 401 : !may('list', who, row) ? 404 : may('edit', who, row) ? 200 : 403;
        return [res.status, expected];
      });
    });

    it.runIf(!!config.paths.delete)('delete: as update; an allowed one removes the record', async () => {
      await table(async (who) => {
        const row = await w.clientRow();
        const res = await api(w.path('delete', String(row.id))!, who, { method: 'DELETE' });
        const gone = !(await w.stored(String(row.id)));
        expect(gone, `${config.name}: ${who} deletes`).toBe(res.status === 200);
        // a resource that deletes nothing serves no DELETE at all
        const expected: Cell =
          config.deletion.mode === 'none' ? 404 : who === 'anon' ? 401 : !may('list', who, row) ? 404 : may('delete', who, row) ? 200 : 403;
        return [res.status, expected];
      });
    });

    const references = Object.entries(config.crud?.references ?? {});
    it.runIf(references.length > 0)('references: a row the caller may not read answers 400 under its column, exactly like one that does not exist; nothing is stored or changed', async () => {
      const row = await w.clientRow();
      const before = await w.stored(String(row.id));
      const count = async () => (await getServer().ctx.db.query<{ n: number }>(`select count(*)::int as n from ${w.table}`)).rows[0].n;
      const rows = await count();
      for (const [column, resource] of references) {
        const refused = { status: 400, body: { message: REFERENCIA_NO_LEGIBLE[resource], fieldErrors: { [column]: REFERENCIA_NO_LEGIBLE[resource] } } };
        for (const id of [w.own('otherClient', resource), randomUUID()]) {
          const created = await api(w.path('create')!, 'client', { method: 'POST', json: { ...w.record('client'), [column]: id } });
          expect({ status: created.status, body: await created.json() }, `${config.name}: POST with ${column} = ${id}`).toEqual(refused);
          if (!w.path('update')) continue;
          const updated = await api(w.path('update', String(row.id))!, 'client', { method: 'PUT', json: { ...w.record('client'), [column]: id } });
          expect({ status: updated.status, body: await updated.json() }, `${config.name}: PUT with ${column} = ${id}`).toEqual(refused);
        }
      }
      expect(await count()).toBe(rows);
      expect(await w.stored(String(row.id))).toEqual(before);
    });
  });
}

// ---- fuzz ----------------------------------------------------------------------------------------

const NASTY = [
  '', ' ', '\u0000', 'a\u0000b', '%00', '\uFEFF', '\u202Eevil', '😀', '../../../etc/passwd', '%2e%2e%2f', "' or '1'='1",
  '1; drop table servicios.personas; --', '$1', '%', '\\', '"', '<script>alert(1)</script>', 'null', 'NaN', '-1', '0', '1e309',
  '99999999999999999999', '00000000-0000-0000-0000-000000000000', '2147483648', '-9223372036854775809', 'x'.repeat(5000),
];
const nasty = fc.oneof(fc.constantFrom(...NASTY), fc.string({ unit: 'binary', maxLength: 24 }));
const wrongValue = fc.oneof(fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 1e308, 2 ** 63, [], {}, [null], { $gt: '' }), nasty, fc.jsonValue({ maxDepth: 2 }));
const encoded = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80'; // a lone surrogate cannot be UTF-8: the invalid bytes themselves
  }
};

/** The bar of every answer: never a 5xx; a 4xx says why in JSON ({ message }). */
async function checkAnswer(what: string, res: Response): Promise<void> {
  const text = await res.text();
  if (res.status >= 500) throw new Error(`${what}\n→ ${res.status} ${text.slice(0, 300)}`);
  if (res.status < 400) return;
  const message = (JSON.parse(text) as { message?: unknown } | null)?.message;
  if (typeof message !== 'string' || !message.trim()) throw new Error(`${what}\n→ ${res.status} without a message: ${text.slice(0, 200)}`);
}

/**
 * Generated malformed input against each declaration's endpoints, as its owner: bodies that break
 * its schema (a wrong value, a missing key, a NUL character, a huge text), malformed ids and
 * queries. No answer is a 5xx, every 4xx says why, and its table is the same afterwards.
 */
export function describeServiciosFuzz(getServer: () => TestServer, configs: () => readonly ServiciosConfig[], budgetMs = 6_000) {
  const declared = crudDeclarations(configs());
  if (!declared.length) return;
  describe.each(declared.map((c) => [c.name, c] as const))('%s (services API), fuzzed', (_name, config) => {
    it('malformed bodies, ids and queries are 4xx that say why, and change nothing', async () => {
      const server = getServer();
      const w = await worldFor(server, config);
      const mine = await w.clientRow();
      const keys = Object.keys(config.schema!.shape);
      const fingerprint = async () =>
        (await server.ctx.db.query<{ n: number; h: string | null }>(`select count(*)::int as n, md5(string_agg(x::text, '|' order by x::text)) as h from ${w.table} x`)).rows[0];
      const before = await fingerprint();
      let tried = 0;
      const body = fc
        .tuple(fc.constantFrom(...keys), fc.oneof(wrongValue, fc.constant(undefined), fc.constantFrom('nul', 'huge')))
        .map(([key, value]) => {
          const record: Record<string, unknown> = { ...w.record() };
          if (value === 'nul') record[key] = `${String(record[key] ?? '')}\u0000`;
          else if (value === 'huge') record[key] = 'x'.repeat(300_000);
          else if (value === undefined) delete record[key];
          else record[key] = value;
          return record;
        })
        // only bodies its schema refuses (an accepted one would be stored), or with a NUL character, which the server refuses
        .filter((record) => !config.schema!.safeParse(record).success || JSON.stringify(record).includes('\\u0000'));
      const id = fc.oneof(fc.constant(String(mine.id)), fc.uuid(), nasty).map(encoded);
      const request = fc.oneof(
        body.map((b) => ({ method: 'POST', path: w.path('create'), body: b })),
        fc.tuple(fc.constant(String(mine.id)), body).map(([i, b]) => ({ method: 'PUT', path: w.path('update', i), body: b as unknown })),
        fc.tuple(id, fc.oneof(body, wrongValue)).map(([i, b]) => ({ method: 'PUT', path: w.path('update', i), body: b as unknown })),
        id.map((i) => ({ method: 'GET', path: w.path('one', i), body: undefined as unknown })),
        fc.tuple(fc.uuid(), nasty).map(([u, s]) => ({ method: 'DELETE', path: w.path('delete', encoded(`${u}${s}`)), body: undefined as unknown })),
        fc
          .array(fc.tuple(fc.oneof(fc.constantFrom('page', 'pageSize', 'sort', 'order', 'id', ...keys), nasty), nasty), { maxLength: 4 })
          .map((pairs) => ({ method: 'GET', path: `${w.path('list')}?${new URLSearchParams(pairs).toString()}`, body: undefined as unknown })),
      );
      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          if (!r.path) return;
          tried++;
          const res = await server.api(r.path, { method: r.method, token: w.tokens.client, json: r.body });
          await checkAnswer(`${r.method} ${r.path.slice(0, 200)} ${JSON.stringify(r.body)?.slice(0, 300)}`, res);
          if (r.body !== undefined) expect(res.status, `${r.method} ${r.path.slice(0, 200)} ${JSON.stringify(r.body)?.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
        }),
        { seed: Number(process.env.FUZZ_SEED ?? 20261125), numRuns: 1_000_000, interruptAfterTimeLimit: budgetMs, markInterruptAsFailure: false },
      );
      expect(await fingerprint()).toEqual(before);
      console.log(`fuzz ${config.name} (services API): ${tried} requests tried`);
      expect(tried).toBeGreaterThan(0);
    }, budgetMs + 60_000);
  });
}
