import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { reparto } from '../support/reparto';
import { startTestServer, TEST_JWT_SECRET, SERVICES, type TestServer } from '../support/server';
import { signAccessToken } from '../../server/auth/jwt';
import { MENSAJE_DEMASIADAS_CONEXIONES } from '../../server/routes/eventos';

/**
 * The live stream of changes (GET /eventos, server-sent events) on a real server and database:
 * who receives the event of a case (its client, a representative who may read it, staff of its
 * notaría) and who does not (another client, a representative without the permission, staff of
 * another notaría, the admin); a change refused or rolled back announces nothing; a closed stream
 * frees its place; the cap of streams per account answers 429 in Spanish; a stream ends when its
 * token expires.
 */
let s: TestServer;
let ids: Record<string, string>;
let tokens: Record<string, string>;
let expediente = '';
let expedienteOtro = '';
const PORUSUARIO = 3;

async function caso(personaId: string) {
  const { rows } = await s.ctx.db.query<{ id: string }>(
    `insert into servicios.expedientes (titulo, persona_id, notaria_id, created_by) values ('Compraventa', $1, 1, $1) returning id`,
    [personaId],
  );
  return rows[0].id;
}

interface Flujo {
  status: number;
  body?: { message?: string };
  eventos: EventSourceMessage[];
  /** Resolves when the stream has ended (the server closed it). */
  terminado: Promise<void>;
  cerrar(): void;
}

/** Opens GET /eventos as the portal does (fetch with the bearer token) and collects its events. */
async function abrir(token: string): Promise<Flujo> {
  const control = new AbortController();
  const res = await fetch(`${s.url}${SERVICES}/eventos`, { headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' }, signal: control.signal });
  const eventos: EventSourceMessage[] = [];
  if (!res.ok) return { status: res.status, body: await res.json(), eventos, terminado: Promise.resolve(), cerrar: () => undefined };
  const parser = createParser({ onEvent: (e) => eventos.push(e) });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const terminado = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        parser.feed(value);
      }
    } catch {
      /* aborted by cerrar() */
    }
  })();
  // the stream says it is listening before anything is published to it
  await esperar(() => eventos.some((e) => e.event === 'listo'));
  return { status: res.status, eventos, terminado, cerrar: () => control.abort() };
}

async function esperar(cond: () => boolean, ms = 5_000) {
  const hasta = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > hasta) throw new Error('no llegó a tiempo');
    await new Promise((r) => setTimeout(r, 20));
  }
}
const cambios = (f: Flujo) => f.eventos.filter((e) => e.event === 'cambio').map((e) => JSON.parse(e.data) as { expedienteId: string; recursos: string[]; tipo: string });
beforeAll(async () => {
  s = await startTestServer({ eventosPorUsuario: PORUSUARIO });
  ({ ids, tokens } = await reparto(s));
  expediente = await caso(ids.ana);
  expedienteOtro = await caso(ids.otro);
});
afterAll(() => s?.close());

describe('GET /eventos', () => {
  it('needs a valid bearer token (401)', async () => {
    expect((await s.api('/eventos')).status).toBe(401);
    expect((await s.api('/eventos', { token: 'x.y.z' })).status).toBe(401);
  });

  it("a message reaches the case's client, its reader representative and its notaría's staff, and nobody else", async () => {
    const todos = ['ana', 'otro', 'lector', 'sinPermiso', 'staff', 'staffOtra', 'admin'];
    const flujos = Object.fromEntries(await Promise.all(todos.map(async (w) => [w, await abrir(tokens[w])] as const)));
    try {
      const r = await s.api(`/expediente/${expediente}/mensajes`, { method: 'POST', token: tokens.ana, json: { texto: 'Hola, ¿cómo va?' } });
      expect(r.status).toBe(201);
      for (const w of ['ana', 'lector', 'staff']) await esperar(() => cambios(flujos[w]).length > 0);
      expect(cambios(flujos.staff)).toEqual([{ expedienteId: expediente, recursos: ['mensajes'], tipo: 'created' }]);
      // the event names the case and what changed, never the message itself
      expect(flujos.staff.eventos.some((e) => e.data.includes('Hola'))).toBe(false);
      // staff answer: the client side hears it (and staff reading marks the client's message read: an update)
      const leer = await s.api(`/expediente/${expediente}/mensajes`, { token: tokens.staff });
      expect(leer.status).toBe(200);
      await esperar(() => cambios(flujos.ana).some((c) => c.tipo === 'updated'));
      await new Promise((r) => setTimeout(r, 300));
      for (const w of ['otro', 'sinPermiso', 'staffOtra', 'admin']) expect(cambios(flujos[w]), w).toEqual([]);
    } finally {
      Object.values(flujos).forEach((f) => f.cerrar());
    }
  });

  it("another client's case produces nothing for me; its own client and the notaría hear it", async () => {
    const [ana, otro, staff] = await Promise.all([abrir(tokens.ana), abrir(tokens.otro), abrir(tokens.staff)]);
    try {
      expect((await s.api(`/expediente/${expedienteOtro}/mensajes`, { method: 'POST', token: tokens.otro, json: { texto: 'Mi caso' } })).status).toBe(201);
      await esperar(() => cambios(otro).length > 0 && cambios(staff).length > 0);
      expect(cambios(staff)[0].expedienteId).toBe(expedienteOtro);
      await new Promise((r) => setTimeout(r, 300));
      expect(cambios(ana)).toEqual([]);
      expect(ana.eventos.some((e) => e.data.includes(expedienteOtro))).toBe(false);
    } finally {
      [ana, otro, staff].forEach((f) => f.cerrar());
    }
  });

  it('a refused change announces nothing; an estado change reaches both sides after it committed', async () => {
    const [ana, staff] = await Promise.all([abrir(tokens.ana), abrir(tokens.staff)]);
    try {
      // refused: a client may not move the estado, an empty message is invalid, a backwards move needs a reason
      expect((await s.api(`/expediente/${expediente}/estado`, { method: 'PUT', token: tokens.ana, json: { estado: 'EN_TRAMITE' } })).status).toBe(404);
      expect((await s.api(`/expediente/${expediente}/mensajes`, { method: 'POST', token: tokens.ana, json: { texto: '' } })).status).toBe(400);
      expect((await s.api(`/expediente/${expediente}/estado`, { method: 'PUT', token: tokens.staff, json: { estado: 'FINALIZADO' } })).status).toBe(409);
      await new Promise((r) => setTimeout(r, 300));
      expect(cambios(ana)).toEqual([]);
      expect(cambios(staff)).toEqual([]);
      const r = await s.api(`/expediente/${expediente}/estado`, { method: 'PUT', token: tokens.staff, json: { estado: 'EN_TRAMITE' } });
      expect(r.status).toBe(200);
      await esperar(() => cambios(ana).length > 0 && cambios(staff).length > 0);
      expect(cambios(ana)[0]).toEqual({ expedienteId: expediente, recursos: ['expedientes', 'despacho-expedientes'], tipo: 'updated' });
      const { rows } = await s.ctx.db.query<{ estado: string }>('select estado from servicios.expedientes where id = $1', [expediente]);
      expect(rows[0].estado).toBe('EN_TRAMITE');
    } finally {
      [ana, staff].forEach((f) => f.cerrar());
    }
  });

  it('caps the streams of one account with 429 and a Spanish message; a closed stream frees its place', async () => {
    const flujos = [];
    for (let i = 0; i < PORUSUARIO; i++) flujos.push(await abrir(tokens.lector));
    expect(flujos.every((f) => f.status === 200)).toBe(true);
    const demas = await abrir(tokens.lector);
    expect(demas.status).toBe(429);
    expect(demas.body).toEqual({ message: MENSAJE_DEMASIADAS_CONEXIONES });
    // another account is not counted against this one
    const ana = await abrir(tokens.ana);
    expect(ana.status).toBe(200);
    ana.cerrar();
    // the client goes away: the server lets the stream go and takes a new one in its place
    flujos[0].cerrar();
    let nuevo: Flujo | undefined;
    const hasta = Date.now() + 5_000;
    while (!nuevo || nuevo.status !== 200) {
      if (Date.now() > hasta) throw new Error('el flujo cerrado no se liberó');
      await new Promise((r) => setTimeout(r, 50));
      nuevo = await abrir(tokens.lector);
    }
    // and still no more than the cap
    expect((await abrir(tokens.lector)).status).toBe(429);
    [...flujos, nuevo].forEach((f) => f.cerrar());
  });

  it("ends the stream when its token expires ('caducado'), so a role taken away stops hearing", async () => {
    const corto = await signAccessToken(TEST_JWT_SECRET, { sub: ids.staff, app_role: 'assistant', notarias: [1] }, 2);
    const f = await abrir(corto);
    expect(f.status).toBe(200);
    await Promise.race([f.terminado, new Promise((_, reject) => setTimeout(() => reject(new Error('el flujo no terminó')), 6_000))]);
    expect(f.eventos.map((e) => e.event)).toEqual(['listo', 'caducado']);
  });
});
