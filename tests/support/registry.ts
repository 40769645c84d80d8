import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { CatalogueConfig, Role, Viewer } from '../../domain/resource';
import { catalogueConfigs } from '../../resources';
import { prepareRow } from '../../src/crud/schema-rules';
import { TEST_JWT_SECRET, type TestServer } from './server';

/**
 * The registry's sample rows for the tests that iterate over it (the authorization matrices, the
 * fuzz test): each declaration's `sample`, validated and cleaned by its own schema as the form
 * would send it, with the rows it refers to (ref('notarias')) stored first. No seed needed.
 */

let counter = 0;
/** A distinct number for each sample of this test process. */
export const nextSample = () => ++counter;

/** The declaration's sample as the row to store (its soft-delete column live). */
export function sampleRow(config: CatalogueConfig, ref: (resource: string) => number, n = nextSample()): Record<string, unknown> {
  if (!config.sample) throw new Error(`${config.name} declares no sample`);
  const prepared = prepareRow(config, config.sample({ n, ref }));
  if (!prepared.ok) throw new Error(`${config.name}: the sample is not valid: ${JSON.stringify(prepared.errors)}`);
  return config.deletion.mode === 'soft' ? { ...prepared.row, [config.deletion.column]: true } : prepared.row;
}

/** Inserts a row as the server's own role (no RLS) and returns its id. */
export async function storeRow(server: TestServer, table: string, row: Record<string, unknown>): Promise<number> {
  const cols = Object.keys(row).map((c) => `"${c}"`).join(', ');
  const { rows } = await server.ctx.db.query<{ id: number }>(
    `insert into public."${table}" (${cols}) select ${cols} from jsonb_populate_record(null::public."${table}", $1::jsonb) returning id`,
    [JSON.stringify(row)],
  );
  return Number(rows[0].id);
}

/**
 * Stores samples as the server's own role. `ref` stores one sample of the referred resource the
 * first time it is asked for and reuses it (a resource's references must be registered too).
 */
export function sampleStore(server: TestServer, configs: CatalogueConfig[] = catalogueConfigs()) {
  const refs = new Map<string, number>();
  const pending = new Map<string, Promise<number>>();
  const byName = (name: string) => {
    const config = configs.find((c) => c.name === name);
    if (!config) throw new Error(`sample ref: ${name} is not registered`);
    return config;
  };
  /** Resolves every reference the sample of `config` makes, so that `ref` can answer synchronously. */
  async function prepareRefs(config: CatalogueConfig): Promise<void> {
    const asked: string[] = [];
    config.sample?.({ n: 0, ref: (r) => (asked.push(r), 1) });
    for (const name of asked) {
      if (refs.has(name)) continue;
      if (!pending.has(name)) pending.set(name, store(byName(name)).then((id) => (refs.set(name, id), id)));
      await pending.get(name);
    }
  }
  const ref = (name: string) => {
    const id = refs.get(name);
    if (id === undefined) throw new Error(`sample ref: ${name} not stored yet`);
    return id;
  };
  async function row(config: CatalogueConfig): Promise<Record<string, unknown>> {
    await prepareRefs(config);
    return sampleRow(config, ref);
  }
  async function store(config: CatalogueConfig, changes: Record<string, unknown> = {}): Promise<number> {
    return storeRow(server, config.name, { ...(await row(config)), ...changes });
  }
  return { row, store };
}

/** The four points of view of the access rules, with real tokens as the server signs them. */
export const VIEWERS = ['anon', 'assistant', 'staff', 'admin'] as const satisfies readonly Role[];
export type ViewerRole = (typeof VIEWERS)[number];

/**
 * An access token like the server's; staff also carry the notarías they work at (claim notarias).
 */
export async function tokenFor(role: Exclude<ViewerRole, 'anon'>, notarias: number[] = []): Promise<string> {
  const claims: Record<string, unknown> = { role: 'authenticated', app_role: role, email: `${role}.${randomUUID().slice(0, 8)}@example.com` };
  if (role === 'staff') claims.notarias = notarias;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(randomUUID())
    .setIssuedAt()
    .setExpirationTime('15m')
    .sign(new TextEncoder().encode(TEST_JWT_SECRET));
}

export const viewerOf = (role: ViewerRole, notarias: number[] = []): Viewer => (role === 'staff' ? { role, notarias } : { role });
