import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createClient } from '@supabase/supabase-js';
import { openPostgres } from '../../server/db/postgres';
import { startServer } from '../../server/boot';
import { TEST_JWT_SECRET } from '../support/server';

/**
 * The whole server on a real PostgreSQL server (DATABASE_URL) instead of PGlite: first start
 * migrates and seeds, sign-in and the /rest/v1 gateway behave as on the embedded database,
 * and a restart applies nothing. `npm test` starts a throw-away PostgreSQL when the machine has one.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('the portal on PostgreSQL (DATABASE_URL)', () => {
  it('starts, signs a client in with a PIN, serves /rest/v1 under RLS, and restarts without changes', async () => {
    const admin = await openPostgres(adminUrl!);
    const name = `notaria_${randomUUID().slice(0, 8)}`;
    await admin.exec(`create database ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const settings = { port: 0, databaseUrl: url.toString(), dataDir: null, jwtSecret: TEST_JWT_SECRET };
    try {
      const first = await startServer(settings, { log: () => undefined });
      expect(first.ctx.db.kind).toBe('postgres');
      expect(first.applied).toContain('supabase/seed.sql');
      try {
        const proxy = async (body: object) => {
          const res = await fetch(`${first.url}/functions/v1/auth-proxy`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          });
          return { status: res.status, body: (await res.json()) as Record<string, string> };
        };
        expect((await proxy({ action: 'unifiedLogin', username: '12345678Z' })).status).toBe(200);
        const outbox = (await (await fetch(`${first.url}/dev/outbox`)).json()) as { to: string; text: string }[];
        const pin = /\b(\d{6})\b/.exec(outbox.find((m) => m.to === 'ana.garcia@example.com')!.text)![1];
        const login = await proxy({ action: 'loginWithPincode', username: '12345678Z', pincode: pin, externalIdNotaria: 'NOT001' });
        expect(login.status).toBe(200);
        expect(login.body.message).toBe('Acceso correcto');

        const client = (token?: string) =>
          createClient(first.url, first.ctx.anonKey, {
            accessToken: token ? async () => token : undefined,
            realtime: { transport: WebSocket as never },
          });
        const { data: actos, error } = await client()
          .from('actos_servicios')
          .select('nombre, categorias_servicios(nombre)')
          .eq('id', 3)
          .single();
        expect(error).toBeNull();
        expect(actos).toEqual({ nombre: 'Poder General', categorias_servicios: { nombre: 'Poderes' } });

        const asClient = await client(login.body.access_token).from('tipos_asunto').insert({ name: 'Intruso' });
        expect(asClient.error?.code).toBe('42501');
        const { count } = await client(login.body.access_token)
          .from('tipos_asunto')
          .select('*', { count: 'exact', head: true })
          .eq('name', 'Intruso');
        expect(count).toBe(0);
      } finally {
        await first.close();
      }
      const again = await startServer(settings, { log: () => undefined });
      expect(again.applied).toEqual([]);
      await again.close();
    } finally {
      await admin.exec(`drop database if exists ${name} with (force)`);
      await admin.close();
    }
  }, 90_000);

  it('runs a batch as one transaction: local settings reach the next statement, a failure keeps nothing', async () => {
    const db = await openPostgres(adminUrl!);
    const table = `batch_${randomUUID().slice(0, 8)}`;
    try {
      await db.exec(`create table ${table} (id int primary key)`);
      const [, seen] = await db.batch([
        { sql: `select set_config('request.jwt.claims', $1::text, true)`, params: ['{"sub":"x"}'] },
        { sql: `select current_setting('request.jwt.claims', true) as claims` },
      ]);
      expect(seen.rows).toEqual([{ claims: '{"sub":"x"}' }]);
      await expect(
        db.batch([
          { sql: `insert into ${table} values ($1)`, params: [1] },
          { sql: `insert into ${table} values ($1)`, params: [1] },
        ]),
      ).rejects.toMatchObject({ code: '23505' });
      expect((await db.query(`select * from ${table}`)).rowCount).toBe(0);
    } finally {
      await db.exec(`drop table if exists ${table}`);
      await db.close();
    }
  });
});
