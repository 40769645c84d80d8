import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createClient } from '@supabase/supabase-js';
import { openPostgres } from '../../server/db/postgres';
import { PREPARED_PER_CONNECTION } from '../../server/db/pg-batch';
import type { Db } from '../../server/db/db';
import { startServer, type RunningServer } from '../../server/boot';
import { SERVICES, TEST_JWT_SECRET } from '../support/server';

/**
 * The whole server on a real PostgreSQL server (DATABASE_URL) instead of PGlite: first start
 * migrates and seeds, sign-in and the /rest/v1 gateway behave as on the embedded database,
 * and a restart applies nothing. `npm test` starts a throw-away PostgreSQL when the machine has one.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

/** A Db on the test server with these environment settings (read when it opens). */
async function openWith(env: Record<string, string>, url = adminUrl!) {
  const before = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  return openPostgres(url).finally(() => {
    for (const [k, v] of Object.entries(before)) if (v === undefined) delete process.env[k]; else process.env[k] = v;
  });
}

/**
 * A Db whose batches all run on one connection, which every batch finds as the last one left it:
 * the pool's only connection (no pipelines), or the one pipelined connection.
 */
const oneConnection = (via: 'pool' | 'pipeline' = 'pool') =>
  openWith(via === 'pool' ? { PG_POOL_SIZE: '1', PG_PIPELINES: '0' } : { PG_POOL_SIZE: '1', PG_PIPELINES: '1' });

/** `use` with a Db and the name of a table of its own, dropped (and the Db closed) afterwards. */
async function withBatchTable(open: () => Promise<Db>, use: (db: Db, table: string) => Promise<void>) {
  const db = await open();
  const table = `batch_${randomUUID().slice(0, 8)}`;
  try {
    await use(db, table);
  } finally {
    await db.exec(`drop table if exists ${table}`);
    await db.close();
  }
}

/** A valid DNI (number and its check letter). */
const dni = (n: number) => `${n}${'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23]}`;

/** The pool's ten connections open first, so that concurrent requests meet inside the database. */
const openPoolConnections = (server: RunningServer) =>
  Promise.all(Array.from({ length: 10 }, () => server.ctx.db.query('select pg_sleep(0.05)')));

/** A new, empty database on the test server for `use`, dropped afterwards. */
async function withFreshDatabase(use: (databaseUrl: string) => Promise<void>) {
  const admin = await openPostgres(adminUrl!);
  const name = `notaria_${randomUUID().slice(0, 8)}`;
  await admin.exec(`create database ${name}`);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  try {
    await use(url.toString());
  } finally {
    await admin.exec(`drop database if exists ${name} with (force)`);
    await admin.close();
  }
}

/**
 * A TCP proxy to PostgreSQL whose network can hang: frozen, it forwards nothing either way and
 * leaves new connections unanswered, yet closes nothing, as a frozen server (SIGSTOP) or a hung
 * network looks to the portal. Thawed, everything held goes on.
 */
async function hangingNetwork(target: URL) {
  let frozen = false;
  const sockets = new Set<net.Socket>();
  const held: (() => void)[] = [];
  const proxy = net.createServer((client) => {
    const connect = () => {
      const upstream = net.connect(Number(target.port), target.hostname);
      for (const [from, to] of [[client, upstream], [upstream, client]] as const) {
        sockets.add(from);
        from.on('data', (d) => {
          to.write(d);
          if (frozen) from.pause();
        });
        from.on('close', () => to.destroy());
        from.on('error', () => to.destroy());
      }
    };
    client.pause();
    if (frozen) held.push(() => (client.resume(), connect()));
    else {
      client.resume();
      connect();
    }
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.host = `127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
  return {
    url: url.toString(),
    freeze() {
      frozen = true;
      for (const s of sockets) s.pause();
    },
    thaw() {
      frozen = false;
      for (const s of sockets) if (!s.destroyed) s.resume();
      held.splice(0).forEach((go) => go());
    },
    close() {
      for (const s of sockets) s.destroy();
      proxy.close();
    },
  };
}

/**
 * A TCP proxy to PostgreSQL that, once armed, ends each new connection in the very packet that
 * makes it ready: its first ReadyForQuery and, right behind it, the FATAL of an administrator's
 * termination (57P01), as a failover or pg_terminate_backend can land on a connection being opened.
 */
async function endsWhenReady(target: URL) {
  let armed = false;
  const FATAL = (() => {
    const fields = Buffer.from('SFATAL\0VFATAL\0C57P01\0Mterminating connection due to administrator command\0\0');
    const head = Buffer.alloc(5);
    head.write('E');
    head.writeInt32BE(fields.length + 4, 1);
    return Buffer.concat([head, fields]);
  })();
  const proxy = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    const ending = armed;
    let pending = Buffer.alloc(0);
    client.on('data', (d) => upstream.write(d));
    upstream.on('data', (d) => {
      if (!ending) return void client.write(d);
      pending = Buffer.concat([pending, d]);
      // whole messages (type, length) up to the first ReadyForQuery ('Z'), then the FATAL in the same write
      for (let at = 0; at + 5 <= pending.length; ) {
        const end = at + 1 + pending.readInt32BE(at + 1);
        if (end > pending.length) break;
        if (pending[at] === 0x5a) {
          client.end(Buffer.concat([pending.subarray(0, end), FATAL]));
          upstream.destroy();
          return;
        }
        at = end;
      }
    });
    for (const [a, b] of [[client, upstream], [upstream, client]] as const) {
      a.on('close', () => b.destroy());
      a.on('error', () => b.destroy());
    }
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.host = `127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
  return { url: url.toString(), arm: (on: boolean) => (armed = on), close: () => proxy.close() };
}

describe.skipIf(!adminUrl)('the portal on PostgreSQL (DATABASE_URL)', () => {
  it('starts, signs a client in with a PIN, serves /rest/v1 under RLS, and restarts without changes', async () => {
    await withFreshDatabase(async (databaseUrl) => {
      const settings = { port: 0, databaseUrl, dataDir: null, jwtSecret: TEST_JWT_SECRET };
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
    });
  }, 90_000);

  // PGlite runs one transaction at a time; only a server with concurrent sessions shows races
  it('starts three instances at once on one empty database: each file is applied once, by one of them', async () => {
    await withFreshDatabase(async (databaseUrl) => {
      const starts = await Promise.allSettled(
        [1, 2, 3].map(() => startServer({ port: 0, databaseUrl, dataDir: null, jwtSecret: TEST_JWT_SECRET }, { log: () => undefined })),
      );
      const servers = starts.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      try {
        expect(starts.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual(['started', 'started', 'started']);
        const applied = servers.flatMap((s) => s.applied);
        expect(applied.length).toBe(new Set(applied).size);
        expect(applied).toContain('supabase/seed.sql');
        const { rows } = await servers[0].ctx.db.query<{ n: number }>('select count(*)::int as n from public.notarias');
        expect(rows[0].n).toBe(3);
      } finally {
        await Promise.all(servers.map((s) => s.close()));
      }
    });
  }, 90_000);

  it('of concurrent uses of one refresh token exactly one is swapped, and the family is revoked', async () => {
    await withFreshDatabase(async (databaseUrl) => {
      const server = await startServer({ port: 0, databaseUrl, dataDir: null, jwtSecret: TEST_JWT_SECRET }, { log: () => undefined });
      try {
        const auth = (path: string, body: object) =>
          fetch(`${server.url}${SERVICES}/auth/${path}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          });
        expect((await auth('unified-login', { username: '12345678Z' })).status).toBe(200);
        const outbox = (await (await fetch(`${server.url}/dev/outbox`)).json()) as { to: string; text: string }[];
        const pin = /\b(\d{6})\b/.exec(outbox.find((m) => m.to === 'ana.garcia@example.com')!.text)![1];
        const login = await auth('pin-login', { username: '12345678Z', pincode: pin, externalIdNotaria: 'NOT001' });
        const { refresh_token } = (await login.json()) as { refresh_token: string };

        await openPoolConnections(server);
        // the owner's tab and a thief with a copy refresh at the same moment
        const racers = await Promise.all(Array.from({ length: 10 }, () => auth('refresh', { refresh_token })));
        const statuses = racers.map((r) => r.status).sort();
        expect(statuses).toEqual([200, ...Array(9).fill(401)]);
        const winner = (await racers.find((r) => r.status === 200)!.json()) as { refresh_token: string };
        const next = await auth('refresh', { refresh_token: winner.refresh_token });
        expect(next.status).toBe(401);
        expect(await next.json()).toEqual({ message: 'La sesión ha caducado. Inicie sesión de nuevo.' });
      } finally {
        await server.close();
      }
    });
  }, 90_000);

  it('holds the per-address PIN cap when many requests arrive at once', async () => {
    await withFreshDatabase(async (databaseUrl) => {
      const server = await startServer(
        {
          port: 0,
          databaseUrl,
          dataDir: null,
          jwtSecret: TEST_JWT_SECRET,
          trustProxy: 1,
          pinLimits: { perUserSeconds: 60, perUserDay: 10, perIpHour: 30 },
        },
        { log: () => undefined },
      );
      try {
        await openPoolConnections(server);
        // from each of three addresses, 200 unknown documents at once: 30 are looked up (403), 170 refused
        for (const address of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
          const statuses = await Promise.all(
            Array.from({ length: 200 }, (_, i) =>
              fetch(`${server.url}${SERVICES}/auth/unified-login`, {
                method: 'POST',
                headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
                body: JSON.stringify({ username: dni(20000000 + i) }),
              }).then((r) => r.status),
            ),
          );
          expect({ address, lookedUp: statuses.filter((s) => s === 403).length }).toEqual({ address, lookedUp: 30 });
          expect(statuses.filter((s) => s === 429)).toHaveLength(170);
        }
      } finally {
        await server.close();
      }
    });
  }, 90_000);

  it('survives a connection ended in the packet that made it ready: the operation fails as a lost connection, the next one works', async () => {
    const net = await endsWhenReady(new URL(adminUrl!));
    // batches on the pool's connections too, not on pipelines (which keep a listener of their own)
    const db = await openWith({ PG_PIPELINES: '0' }, net.url);
    const uncaught: unknown[] = [];
    const record = (e: unknown) => uncaught.push(e);
    process.on('uncaughtException', record);
    try {
      // every new connection of the pool is handed over and ended at once
      net.arm(true);
      const attempts = await Promise.allSettled([
        db.transaction((tx) => tx.query('select 1')),
        db.batch([{ sql: 'select 1' }]),
        db.exec('select 1'),
      ]);
      await new Promise((r) => setTimeout(r, 200));
      expect(uncaught).toEqual([]);
      // the pool's one connection made before (healthy) may serve one of them; the others fail as lost connections (503)
      const failed = attempts.flatMap((a) => (a.status === 'rejected' ? [(a.reason as { code?: string }).code] : []));
      expect(failed.length).toBeGreaterThan(0);
      expect(failed).toEqual(failed.map(() => '08006'));
      net.arm(false);
      expect((await db.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
    } finally {
      process.off('uncaughtException', record);
      await db.close();
      net.close();
    }
  });

  it('stays up when PostgreSQL ends its connections: requests caught in it answer 503, the next ones 200', async () => {
    await withFreshDatabase(async (databaseUrl) => {
      const server = await startServer({ port: 0, databaseUrl, dataDir: null, jwtSecret: TEST_JWT_SECRET }, { log: () => undefined });
      const admin = await openPostgres(adminUrl!);
      const database = new URL(databaseUrl).pathname.slice(1);
      const answers: { status: number; body: unknown }[] = [];
      let running = true;
      // a failover as the server sees it: every backend of its database ended, five times, under load
      const loop = async (path: string) => {
        while (running) {
          const res = await fetch(`${server.url}${path}`);
          answers.push({ status: res.status, body: await res.json() });
        }
      };
      try {
        const loops = Array.from({ length: 12 }, (_, i) => loop(i % 2 ? '/rest/v1/notarias?select=id' : `${SERVICES}/health`));
        let ended = 0;
        for (let i = 0; i < 5; i++) {
          await new Promise((r) => setTimeout(r, 100));
          const { rows } = await admin.query<{ n: number }>(
            'select count(*) filter (where pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1',
            [database],
          );
          ended += rows[0].n;
        }
        running = false;
        await Promise.all(loops);
        expect(ended).toBeGreaterThan(0);
        const unexpected = answers.filter((a) => a.status !== 200 && a.status !== 503);
        expect(unexpected).toEqual([]);
        for (const a of answers.filter((x) => x.status === 503)) {
          expect(a.body).toSatisfy(
            (b: { message?: string; code?: string }) =>
              b.message === 'El servicio no está disponible en este momento. Inténtelo de nuevo en unos segundos.' || b.code === '08006',
          );
        }
        const after = await Promise.all(Array.from({ length: 12 }, () => fetch(`${server.url}/rest/v1/notarias?select=id`)));
        expect(after.map((r) => r.status)).toEqual(Array(12).fill(200));
      } finally {
        running = false;
        await admin.close();
        await server.close();
      }
    });
  }, 90_000);

  it('answers 503 within seconds while PostgreSQL does not answer (frozen server, hung network), and recovers by itself', async () => {
    await withFreshDatabase(async (databaseUrl) => {
      const network = await hangingNetwork(new URL(databaseUrl));
      const server = await startServer(
        { port: 0, databaseUrl: network.url, dataDir: null, jwtSecret: TEST_JWT_SECRET, dbConnectTimeoutSeconds: 2 },
        { log: () => undefined },
      );
      const timed = async (path: string) => {
        const started = performance.now();
        const res = await fetch(`${server.url}${path}`, { signal: AbortSignal.timeout(20_000) });
        return { path, status: res.status, body: (await res.json()) as { message?: string; code?: string }, ms: performance.now() - started };
      };
      try {
        await openPoolConnections(server);
        network.freeze();
        // requests on pooled connections, and more than the pool holds (they would wait for new ones)
        const paths = Array.from({ length: 14 }, (_, i) => (i % 2 ? '/rest/v1/notarias?select=id' : `${SERVICES}/health`));
        const during = await Promise.all(paths.map(timed));
        for (const a of during) {
          expect({ path: a.path, status: a.status }).toEqual({ path: a.path, status: 503 });
          expect(a.ms).toBeLessThan(6000);
        }
        expect(during.find((a) => a.path.endsWith('/health'))!.body).toEqual({
          message: 'El servicio no está disponible en este momento. Inténtelo de nuevo en unos segundos.',
        });
        // once the server is known not to answer, later requests do not wait
        const later = await timed(`${SERVICES}/health`);
        expect([later.status, later.ms < 1000]).toEqual([503, true]);

        network.thaw();
        let back = later;
        for (const deadline = Date.now() + 15_000; back.status !== 200 && Date.now() < deadline; ) {
          await new Promise((r) => setTimeout(r, 250));
          back = await timed(`${SERVICES}/health`);
        }
        expect(back.status).toBe(200);
        const after = await Promise.all(Array.from({ length: 12 }, () => timed('/rest/v1/notarias?select=id')));
        expect(after.map((a) => a.status)).toEqual(Array(12).fill(200));
      } finally {
        network.thaw();
        await server.close();
        network.close();
      }
    });
  }, 90_000);

  it('runs a batch as one transaction: local settings reach the next statement, a failure keeps nothing', async () => {
    await withBatchTable(() => openPostgres(adminUrl!), async (db, table) => {
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
    });
  });

  it('sends a batch at once and leaves its one connection clean after a failure mid-way', async () => {
    await withBatchTable(() => oneConnection(), async (db, table) => {
      await db.exec(`create table ${table} (id int primary key)`);
      const failing = db.batch([
        { sql: `select set_config('request.jwt.claims', $1::text, true)`, params: ['{"sub":"x"}'] },
        { sql: `insert into ${table} values ($1)`, params: [1] },
        { sql: `select 1 / 0` },
        { sql: `insert into ${table} values ($1)`, params: [2] },
      ]);
      await expect(failing).rejects.toMatchObject({ code: '22012' });
      // the same (only) connection: no transaction left open, no setting kept, nothing written
      const [claims, rows, state] = await db.batch([
        { sql: `select current_setting('request.jwt.claims', true) as claims` },
        { sql: `select count(*)::int as n from ${table}` },
        { sql: `select count(*)::int as n from pg_stat_activity where pid = pg_backend_pid() and state = 'active'` },
      ]);
      expect(claims.rows[0].claims || null).toBeNull(); // '' once the session has known the setting
      expect(rows.rows).toEqual([{ n: 0 }]);
      expect(state.rows).toEqual([{ n: 1 }]);
      // many batches at once on the one connection each answer their own rows
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => db.batch([{ sql: 'select $1::int as i', params: [i] }])));
      expect(answers.map(([r]) => r.rows[0].i)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    });
  });

  it('prepares each statement of a batch once per connection, keeps at most PREPARED_PER_CONNECTION, and gets over a failure or a changed table', async () => {
    await withBatchTable(() => oneConnection(), async (db, table) => {
      const prepared = async () =>
        (await db.batch([{ sql: `select count(*)::int as n, count(*) filter (where statement like '%${table}%' and statement not like '%pg_prepared_statements%')::int as mine from pg_prepared_statements` }]))[0].rows[0];
      await db.exec(`create table ${table} (id int primary key, note text)`);
      const read = { sql: `select * from ${table} where id = $1`, params: [1] };
      const insert = (id: unknown) => ({ sql: `insert into ${table} (id, note) values ($1, 'x')`, params: [id] });
      // the same text three times: one prepared statement, the right answers
      for (const id of [1, 2, 3]) await db.batch([insert(id)]);
      expect((await db.batch([read]))[0].rows).toEqual([{ id: 1, note: 'x' }]);
      expect(await prepared()).toMatchObject({ mine: 2 });
      // a batch that fails after its statements were prepared: they run again afterwards, nothing kept
      await expect(db.batch([insert(4), insert('no es un número')])).rejects.toMatchObject({ code: '22P02' });
      await expect(db.batch([insert(4), { sql: 'select from nowhere_at_all' }])).rejects.toMatchObject({ code: '42P01' });
      await db.batch([insert(4)]);
      expect((await db.query(`select count(*)::int as n from ${table}`)).rows).toEqual([{ n: 4 }]);
      // the table changes under a kept plan whose columns were read with *: answered with the new columns
      await db.exec(`alter table ${table} add column extra int default 7`);
      expect((await db.batch([read]))[0].rows).toEqual([{ id: 1, note: 'x', extra: 7 }]);
      // many different texts: the oldest are closed, the connection keeps a bounded number
      for (let i = 0; i < PREPARED_PER_CONNECTION + 30; i++) await db.batch([{ sql: `select ${i} as i, count(*) from ${table}` }]);
      const { n } = await prepared();
      expect(n).toBeLessThanOrEqual(PREPARED_PER_CONNECTION + 1);
      expect(n).toBeGreaterThan(PREPARED_PER_CONNECTION / 2);
      expect((await db.batch([read]))[0].rows).toEqual([{ id: 1, note: 'x', extra: 7 }]);
    });
  });

  it('pipelines batches on one connection: each answers its own rows, a failed one keeps nothing and fails no other', async () => {
    await withBatchTable(() => oneConnection('pipeline'), async (db, table) => {
      await db.exec(`create table ${table} (id int primary key, claims text)`);
      // the pipeline opens on the first batch, which the pool runs meanwhile
      await db.batch([{ sql: 'select 1' }]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const batch = (i: number) => {
        const statements = [
          { sql: `select from (select set_config('request.jwt.claims', $1::text, true)) s`, params: [`{"i":${i}}`] },
          { sql: `insert into ${table} values ($1, current_setting('request.jwt.claims', true))`, params: [i] },
          { sql: `select $1::int / $2::int as q, current_setting('request.jwt.claims', true) as claims`, params: [i, i % 3 === 0 ? 0 : 1] },
        ];
        // every fifth fails before its texts are parsed, every third at its last statement
        return db.batch(i % 5 === 0 ? [{ sql: 'select 1 / 0' }, ...statements] : statements);
      };
      // the first batch written fails before its texts are parsed; those written behind it use the same texts
      const ids = [5, ...Array.from({ length: 40 }, (_, i) => i + 1).filter((i) => i !== 5)];
      const settled = await Promise.allSettled(ids.map(batch));
      const fails = (i: number) => i % 3 === 0 || i % 5 === 0;
      settled.forEach((r, n) => {
        const i = ids[n];
        if (fails(i)) expect(r).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
        else expect(r.status === 'fulfilled' && r.value[2].rows).toEqual([{ q: i, claims: `{"i":${i}}` }]);
      });
      const kept = await db.query<{ id: number; claims: string }>(`select id, claims from ${table} order by id`);
      expect(kept.rows).toEqual([...ids].sort((a, b) => a - b).filter((i) => !fails(i)).map((i) => ({ id: i, claims: `{"i":${i}}` })));
      // afterwards every text runs again, and no setting outlived its batch
      await db.batch([{ sql: `delete from ${table}` }]);
      expect((await Promise.all([batch(1), batch(2)])).map(([, , r]) => r.rows[0].q)).toEqual([1, 2]);
      expect((await db.batch([{ sql: `select current_setting('request.jwt.claims', true) as claims` }]))[0].rows[0].claims || null).toBeNull();
    });
  });

  it('a statement prepared once answers each role and claims under their own row-level security', async () => {
    await withBatchTable(() => oneConnection(), async (db, table) => {
      await db.exec(`
        create table ${table} (id int primary key, owner text);
        insert into ${table} values (1, 'ana'), (2, 'luis'), (3, 'ana');
        alter table ${table} enable row level security;
        create policy own on ${table} for select to authenticated using (owner = (current_setting('request.jwt.claims', true)::json ->> 'sub'));
        grant select on ${table} to anon, authenticated;`);
      const as = (role: string, sub: string) =>
        db.batch([
          { sql: `select from (select set_config('role', $1::text, true), set_config('request.jwt.claims', $2::text, true)) s`, params: [role, JSON.stringify({ sub })] },
          { sql: `select coalesce(string_agg(id::text, ',' order by id), '') as ids from ${table}` },
        ]);
      // more than the five executions after which PostgreSQL may keep one generic plan
      for (let i = 0; i < 8; i++) {
        expect((await as('authenticated', 'ana'))[1].rows).toEqual([{ ids: '1,3' }]);
        expect((await as('authenticated', 'luis'))[1].rows).toEqual([{ ids: '2' }]);
        expect((await as('anon', 'ana'))[1].rows).toEqual([{ ids: '' }]);
      }
      // the connection's own role again afterwards: the table owner sees every row
      expect((await db.batch([{ sql: `select coalesce(string_agg(id::text, ',' order by id), '') as ids from ${table}` }]))[0].rows).toEqual([{ ids: '1,2,3' }]);
    });
  });
});
