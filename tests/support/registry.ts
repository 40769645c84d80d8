import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { CatalogueConfig, Role, Viewer } from '../../domain/resource';
import { catalogueConfigs } from '../../resources';
import { sampleStore } from './samples';
import { TEST_JWT_SECRET, type TestServer } from './server';

/** Inserts a row as the server's own role (no RLS) and returns its id. */
export async function storeRow(server: TestServer, table: string, row: Record<string, unknown>): Promise<number> {
  const cols = Object.keys(row).map((c) => `"${c}"`).join(', ');
  const { rows } = await server.ctx.db.query<{ id: number }>(
    `insert into public."${table}" (${cols}) select ${cols} from jsonb_populate_record(null::public."${table}", $1::jsonb) returning id`,
    [JSON.stringify(row)],
  );
  return Number(rows[0].id);
}

/** Samples stored as the server's own role (no RLS). */
export const serverSamples = (server: TestServer, configs: CatalogueConfig[] = catalogueConfigs()) =>
  sampleStore((table, row) => storeRow(server, table, row), configs);

/** The four points of view of the access rules, with real tokens as the server signs them. */
export const VIEWERS = ['anon', 'client', 'staff', 'admin'] as const satisfies readonly Role[];
export type ViewerRole = (typeof VIEWERS)[number];

/**
 * An access token like the server's; staff also carry the notarías they work at (claim notarias).
 */
export async function tokenFor(role: Exclude<ViewerRole, 'anon'>, notarias: number[] = []): Promise<string> {
  // the server signs clients and staff as app_role 'assistant', staff with the notarías they work at (claim notarias)
  const claims: Record<string, unknown> = { role: 'authenticated', app_role: role === 'admin' ? 'admin' : 'assistant', email: `${role}.${randomUUID().slice(0, 8)}@example.com` };
  if (role === 'staff') claims.notarias = notarias;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(randomUUID())
    .setIssuedAt()
    .setExpirationTime('15m')
    .sign(new TextEncoder().encode(TEST_JWT_SECRET));
}

export const viewerOf = (role: ViewerRole, notarias: number[] = []): Viewer => (role === 'staff' ? { role, notarias } : { role });
