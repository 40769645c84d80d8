import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { openPostgres } from '../../server/db/postgres';
import { startServer, type RunningServer } from '../../server/boot';
import { signAccessToken } from '../../server/auth/jwt';
import { SERVICES, TEST_JWT_SECRET } from '../support/server';

/**
 * Several instances on one PostgreSQL (DATABASE_URL): a change made through one instance reaches
 * the event streams held by another (NOTIFY / LISTEN), still only for those who may see the case.
 * Runs when `npm test` found a PostgreSQL to start (TEST_DATABASE_URL).
 */
const adminUrl = process.env.TEST_DATABASE_URL;

async function abrir(server: RunningServer, token: string) {
  const control = new AbortController();
  const res = await fetch(`${server.url}${SERVICES}/eventos`, { headers: { Authorization: `Bearer ${token}` }, signal: control.signal });
  expect(res.status).toBe(200);
  const eventos: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (e) => eventos.push(e) });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      /* closed */
    }
  })();
  await esperar(() => eventos.some((e) => e.event === 'listo'));
  return {
    cambios: () => eventos.filter((e) => e.event === 'cambio').map((e) => JSON.parse(e.data) as { expedienteId: string }),
    recargas: () => eventos.filter((e) => e.event === 'recargar').length,
    ids: () => eventos.filter((e) => e.id !== undefined).map((e) => e.id),
    cerrar: () => control.abort(),
  };
}

async function esperar(cond: () => boolean, ms = 5_000) {
  const hasta = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > hasta) throw new Error('no llegó a tiempo');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Two instances on a fresh database of the test PostgreSQL, stopped and dropped after `fn`. */
async function conDosInstancias(fn: (s: { a: RunningServer; b: RunningServer; admin: Awaited<ReturnType<typeof openPostgres>>; name: string }) => Promise<void>) {
  const admin = await openPostgres(adminUrl!);
  const name = `notaria_${randomUUID().slice(0, 8)}`;
  await admin.exec(`create database ${name}`);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  const settings = { port: 0, databaseUrl: url.toString(), dataDir: null, jwtSecret: TEST_JWT_SECRET };
  const a = await startServer(settings, { log: () => undefined });
  const b = await startServer(settings, { log: () => undefined });
  try {
    await fn({ a, b, admin, name });
  } finally {
    await a.close();
    await b.close();
    await admin.exec(`drop database if exists ${name} with (force)`);
    await admin.close();
  }
}

describe.skipIf(!adminUrl)('event streams across instances (PostgreSQL)', () => {
  it('a message posted through one instance reaches the streams of another, and only those who may see the case', async () => {
    await conDosInstancias(async ({ a, b }) => {
      const persona = async (nif: string) =>
        (
          await a.ctx.db.query<{ id: string }>(
            `insert into servicios.personas (tipo_persona, identificador_numero, nombre, primer_apellido, fecha_nacimiento, estado_civil)
             values ('FISICA', $1, 'Prueba', 'Prueba', '1980-05-17', 'CASADO') returning id`,
            [nif],
          )
        ).rows[0].id;
      const ana = await persona('12345678Z');
      const otro = await persona('87654321X');
      const lucia = await persona('11111111H');
      const { rows } = await a.ctx.db.query<{ id: string }>(
        `insert into servicios.expedientes (titulo, persona_id, notaria_id, created_by) values ('Compraventa', $1, 1, $1) returning id`,
        [ana],
      );
      const expediente = rows[0].id;
      const tokenAna = await signAccessToken(TEST_JWT_SECRET, { sub: ana, app_role: 'assistant' });
      const tokenOtro = await signAccessToken(TEST_JWT_SECRET, { sub: otro, app_role: 'assistant' });
      const tokenLucia = await signAccessToken(TEST_JWT_SECRET, { sub: lucia, app_role: 'assistant', notarias: [1] });

      // Lucía and the other client listen on instance A; Ana writes through instance B
      const [enA, otroEnA, anaEnA] = [await abrir(a, tokenLucia), await abrir(a, tokenOtro), await abrir(a, tokenAna)];
      const anaEnB = await abrir(b, tokenAna);
      const r = await fetch(`${b.url}${SERVICES}/expediente/${expediente}/mensajes`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${tokenAna}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ texto: 'Hola desde la otra instancia' }),
      });
      expect(r.status).toBe(201);
      await esperar(() => enA.cambios().length > 0 && anaEnA.cambios().length > 0 && anaEnB.cambios().length > 0);
      expect(enA.cambios()).toEqual([{ expedienteId: expediente, recursos: ['mensajes'], tipo: 'created' }]);
      // delivered once per stream, though both instances hear the NOTIFY
      await new Promise((r) => setTimeout(r, 300));
      expect(anaEnB.cambios()).toHaveLength(1);
      expect(otroEnA.cambios()).toEqual([]);
      [enA, otroEnA, anaEnA, anaEnB].forEach((f) => f.cerrar());
    });
  }, 90_000);
  it('a change committed while the LISTEN connections are down reaches every stream, or tells it to ask again, within 5 s', async () => {
    await conDosInstancias(async ({ a, b, admin, name }) => {
      const { rows: p } = await a.ctx.db.query<{ id: string }>(
        `insert into servicios.personas (tipo_persona, identificador_numero, nombre, primer_apellido, fecha_nacimiento, estado_civil)
         values ('FISICA', '12345678Z', 'Prueba', 'Prueba', '1980-05-17', 'CASADO') returning id`,
      );
      const ana = p[0].id;
      const { rows } = await a.ctx.db.query<{ id: string }>(
        `insert into servicios.expedientes (titulo, persona_id, notaria_id, created_by) values ('Compraventa', $1, 1, $1) returning id`,
        [ana],
      );
      const expediente = rows[0].id;
      const token = await signAccessToken(TEST_JWT_SECRET, { sub: ana, app_role: 'assistant' });
      const enA = await abrir(a, token);
      const enB = await abrir(b, token);

      // the database drops both instances' LISTEN connections (as a restart does), and a message
      // is committed through A before they are back
      const { rows: muertas } = await admin.query<{ ok: boolean }>(
        `select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = $1 and query ilike 'listen %'`,
        [name],
      );
      expect(muertas.length).toBe(2);
      await new Promise((r) => setTimeout(r, 50));
      const antes = Date.now();
      const r = await fetch(`${a.url}${SERVICES}/expediente/${expediente}/mensajes`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ texto: 'Durante el corte' }),
      });
      expect(r.status).toBe(201);
      // each stream hears the change, or is told to ask for everything again (which shows it)
      const enterado = (f: typeof enA) => f.cambios().length > 0 || f.recargas() > 0;
      await esperar(() => enterado(enA) && enterado(enB), 5_000);
      expect(Date.now() - antes).toBeLessThan(5_000);
      // every event carries its position in the stream: 1, 2, … without a gap
      for (const f of [enA, enB]) expect(f.ids()).toEqual(f.ids().map((_, i) => String(i + 1)));
      [enA, enB].forEach((f) => f.cerrar());
    });
  }, 90_000);
});
