import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, anyone, nobody, onlyLive, ownerOr, permits, signedIn, staffMember, staffOfNotaria, HARD_DELETE, type AccessRule, type Viewer } from '../../domain/resource';
import { boundCaller, ruleSql } from '../../domain/access-sql';
import { decodeJwt } from 'jose';
import { stateCatalogues } from '../../server/db/migrate';
import { signAccessToken } from '../../server/auth/jwt';
import { viewerOf } from '../../server/auth/viewer';
import type { SessionUser } from '../../server/auth/middleware';
import { startTestServer, type TestServer } from '../support/server';

/**
 * One algebra, two compilations: for every shape of access rule, every kind of caller and rows of
 * every kind, the RLS policies the migration runner states from a declaration (through the
 * request roles and the token's claims, as the gateway and a hosted PostgREST run them) and the
 * generic handler's bound condition let through exactly the rows permits() lets through.
 */

const A = randomUUID();
const B = randomUUID();
const RULES: Record<string, AccessRule> = {
  anyone,
  signedIn,
  admin,
  nobody,
  staffOfNotaria: staffOfNotaria(),
  staffMember,
  onlyLiveAnyone: onlyLive(anyone, 'activo'),
  onlyLiveStaff: onlyLive(staffOfNotaria(), 'activo'),
  ownerOnly: ownerOr('owner_id'),
  ownerOrStaff: ownerOr('owner_id', staffOfNotaria()),
  ownerOrAdmin: ownerOr('owner_id', admin),
};
/** Who calls, as the server signs their token: app_role admin or assistant, and the notarías they work at. */
const CALLERS: Record<string, { app_role: 'admin' | 'assistant'; sub?: string; notarias?: number[] }> = {
  anon: { app_role: 'assistant' },
  'client A': { app_role: 'assistant', sub: A },
  'client B': { app_role: 'assistant', sub: B },
  'staff of 1': { app_role: 'assistant', sub: randomUUID(), notarias: [1] },
  'staff of 1 and 2': { app_role: 'assistant', sub: randomUUID(), notarias: [1, 2] },
  admin: { app_role: 'admin', sub: randomUUID() },
  'admin, staff of 2': { app_role: 'admin', sub: randomUUID(), notarias: [2] },
};
const ROWS = [
  { id: 1, notaria_id: 1, owner_id: A, activo: true },
  { id: 2, notaria_id: 2, owner_id: B, activo: false },
  { id: 3, notaria_id: 1, owner_id: null, activo: false },
  { id: 4, notaria_id: 2, owner_id: A, activo: true },
];

/** The claims of each caller's token as the server signs it, and the viewer the server reads from them. */
async function tokenOf(caller: (typeof CALLERS)[string]): Promise<{ claims: Record<string, unknown>; viewer: Viewer }> {
  if (!caller.sub) return { claims: decodeJwt(server.ctx.anonKey), viewer: { role: 'anon' } };
  const claims = decodeJwt(await signAccessToken(server.ctx.config.jwtSecret, { sub: caller.sub, app_role: caller.app_role, notarias: caller.notarias }));
  return { claims, viewer: viewerOf({ id: caller.sub, appRole: caller.app_role, notarias: caller.notarias ?? [] } as SessionUser) };
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  const tables = Object.keys(RULES).flatMap((name) => [`leer_${name.toLowerCase()}`, `cambiar_${name.toLowerCase()}`]);
  for (const table of tables) {
    await server.ctx.db.exec(`create table public.${table} (id int primary key, notaria_id bigint, owner_id uuid, activo boolean not null);`);
    await server.ctx.db.query(`insert into public.${table} select * from jsonb_to_recordset($1::jsonb) as r(id int, notaria_id bigint, owner_id uuid, activo boolean)`, [JSON.stringify(ROWS)]);
  }
  // the rule reads (edits are admin's), or the rule changes (reads are anyone's)
  await stateCatalogues(
    server.ctx.db,
    Object.entries(RULES).flatMap(([name, rule]) => [
      { name: `leer_${name.toLowerCase()}`, access: { list: rule, create: admin, edit: admin, delete: admin }, deletion: HARD_DELETE },
      { name: `cambiar_${name.toLowerCase()}`, access: { list: anyone, create: rule, edit: rule, delete: rule }, deletion: HARD_DELETE },
    ]),
  );
}, 60_000);
afterAll(() => server?.close());

/** Runs `sql` through RLS with the token's request role and claims, as the gateway does, in a transaction that is rolled back. */
async function as<T>(claims: Record<string, unknown>, sql: string, params: unknown[] = []): Promise<T[] | 'refused'> {
  let out: T[] | 'refused' = [];
  await server.ctx.db
    .transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
      await tx.exec(`set local role ${claims.role === 'anon' ? 'anon' : 'authenticated'}`);
      try {
        out = (await tx.query<T>(sql, params)).rows;
      } catch (e) {
        if ((e as { code?: string }).code !== '42501') throw e;
        out = 'refused';
      }
      throw new Error('rollback');
    })
    .catch((e: Error) => {
      if (e.message !== 'rollback') throw e;
    });
  return out;
}

const CASES = Object.entries(RULES).flatMap(([rule, r]) => Object.entries(CALLERS).map(([caller, c]) => [rule, caller, r, c] as const));

describe('an access rule compiled to SQL answers as permits()', () => {
  it.each(CASES)('%s, read by %s: the RLS policy and the bound condition', async (name, _caller, rule, caller) => {
    const { claims, viewer } = await tokenOf(caller);
    // a live column hides the switched-off rows from those the edit rule (admin here) refuses
    const expected = ROWS.filter((row) => permits(rule, viewer, row) && (!rule.liveColumn || row.activo || permits(admin, viewer, row))).map((r) => r.id);
    const rls = await as<{ id: number }>(claims, `select id from public.leer_${name.toLowerCase()} order by id`);
    expect(rls === 'refused' ? [] : rls.map((r) => r.id)).toEqual(expected);

    const params: unknown[] = [];
    const bound = await server.ctx.db.query<{ id: number }>(`select id from public.leer_${name.toLowerCase()} t where ${ruleSql(rule, boundCaller(viewer, params))} order by id`, params);
    expect(bound.rows.map((r) => r.id)).toEqual(ROWS.filter((row) => permits(rule, viewer, row)).map((r) => r.id));
  });

  it.each(CASES)('%s, changed by %s: update, delete and insert through RLS', async (name, _caller, rule, caller) => {
    const { claims, viewer } = await tokenOf(caller);
    const table = `public.cambiar_${name.toLowerCase()}`;
    for (const row of ROWS) {
      const may = viewer.role !== 'anon' && permits(rule, viewer, row);
      const updated = await as(claims, `update ${table} set activo = activo where id = $1 returning id`, [row.id]);
      expect(updated === 'refused' ? 0 : updated.length, `update ${row.id}`).toBe(may ? 1 : 0);
      const deleted = await as(claims, `delete from ${table} where id = $1 returning id`, [row.id]);
      expect(deleted === 'refused' ? 0 : deleted.length, `delete ${row.id}`).toBe(may ? 1 : 0);
      const inserted = await as(claims, `insert into ${table} values ($1 + 100, $2, $3, $4) returning id`, [row.id, row.notaria_id, row.owner_id, row.activo]);
      expect(inserted === 'refused' ? 0 : inserted.length, `insert like ${row.id}`).toBe(may ? 1 : 0);
    }
  });
});
