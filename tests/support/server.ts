import fs from 'node:fs';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { openPglite } from '../../server/db/pglite';
import { startServer, type RunningServer } from '../../server/boot';
import { signAccessToken, type AppRole } from '../../server/auth/jwt';
import type { Config } from '../../server/config';
import type { ServiciosConfig } from '../../domain/resource';
import { API_BASE } from '../../api/endpoint';
import { checkAnswer } from './answers';

export const TEST_JWT_SECRET = 'integration-test-secret-0123456789abcdef';
export const SERVICES = API_BASE;

export interface TestServer extends RunningServer {
  /** An access token as the server would issue it at sign-in (notarias: staff of those notarías). */
  token(sub: string, appRole?: AppRole, notarias?: number[]): Promise<string>;
  /** The real supabase-js client against this server's /rest/v1, anonymous or with a token. */
  supabase(token?: string): SupabaseClient;
  /** fetch against the services API, with an optional bearer token. */
  api(path: string, init?: RequestInit & { token?: string; json?: unknown }): Promise<Response>;
}

/** Starts the whole server on a free port with its own copy of the migrated, seeded database. */
export async function startTestServer(
  overrides: Partial<Config> = {},
  opts: { log?: (message: string) => void; extraResources?: ServiciosConfig[] } = {},
): Promise<TestServer> {
  const snapshot = process.env.TEST_DB_SNAPSHOT;
  const db = await openPglite(null, snapshot ? new Blob([fs.readFileSync(snapshot)]) : undefined);
  const server = await startServer(
    // trustProxy 1: the tests play the proxy in front and name the caller in X-Forwarded-For
    // segundoFactorOficina 'opcional': the suites sign staff and admin in with the PIN alone (tests of the
    // second factor pass 'obligatorio'; production refuses 'opcional')
    {
      port: 0, dataDir: null, databaseUrl: null, jwtSecret: TEST_JWT_SECRET, production: false, trustProxy: 1,
      segundoFactorOficina: overrides.production ? 'obligatorio' : 'opcional', ...overrides,
    },
    { db, log: opts.log ?? (() => undefined), extraResources: opts.extraResources },
  );
  return {
    ...server,
    token: (sub, appRole = 'assistant', notarias) => signAccessToken(TEST_JWT_SECRET, { sub, app_role: appRole, notarias }),
    supabase: (token) =>
      createClient(server.url, server.ctx.anonKey, {
        accessToken: token ? async () => token : undefined,
        realtime: { transport: WebSocket as never },
        auth: token ? undefined : { persistSession: false, autoRefreshToken: false },
      }),
    api: async (path, init = {}) => {
      const { token, json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (token) headers.set('Authorization', `Bearer ${token}`);
      if (json !== undefined) headers.set('Content-Type', 'application/json');
      const url = `${server.url}${SERVICES}${path}`;
      const res = await fetch(url, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body });
      await checkAnswer(rest.method ?? 'GET', url, res);
      return res;
    },
  };
}
