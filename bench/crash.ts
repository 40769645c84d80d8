/**
 * 6. Crash safety: a stream of writes (POST /rest/v1/tipos_asunto as admin and POST /persona as a
 * client, unique names), SIGKILL of the server in the middle, restart on the same DATA_DIR, and a
 * check that every write the server acknowledged (201) is there. Target: 0 lost over 10 kills
 * (--quick: 2).
 */
import type { Bench } from './lib/bench.js';
import { atMost } from './lib/report.js';
import { SERVICES, freshDataDir, startServer, type BenchServer } from './lib/server.js';
import { DEMO_ADMIN, DEMO_CLIENT, signIn, type Session } from './lib/auth.js';
import { personaBody } from './lib/personas.js';
import { median, round, sleep } from './lib/stats.js';

const WRITERS = 8; // concurrent write loops, half per kind

interface Acked {
  tipos: Set<string>;
  nifs: Set<string>;
  /** ids of the acknowledged personas: each must have its audit row */
  personaIds: Set<string>;
}

/** Writes until the server dies; records what it acknowledged. */
async function writeLoop(server: BenchServer, kind: 'tipo' | 'persona', s: Session, round: number, acked: Acked, stop: { dead: boolean }) {
  let i = 0;
  while (!stop.dead) {
    try {
      if (kind === 'tipo') {
        const name = `crash-${round}-${process.hrtime.bigint()}-${i++}`;
        const res = await fetch(`${server.url}/rest/v1/tipos_asunto`, {
          method: 'POST',
          headers: { authorization: `Bearer ${s.accessToken}`, 'content-type': 'application/json', prefer: 'return=minimal' },
          body: JSON.stringify({ name }),
        });
        if (res.status === 201) acked.tipos.add(name);
        else if (!stop.dead) throw new Error(`POST /rest/v1/tipos_asunto answered ${res.status}: ${await res.text()}`);
      } else {
        const body = personaBody();
        const res = await fetch(`${server.url}${SERVICES}/persona`, {
          method: 'POST',
          headers: { authorization: `Bearer ${s.accessToken}`, 'content-type': 'application/json' },
          body,
        });
        if (res.status === 201) {
          acked.nifs.add((JSON.parse(body) as { identificador: { numero: string } }).identificador.numero);
          acked.personaIds.add(((await res.json()) as { id: string }).id);
        }
        else if (!stop.dead) throw new Error(`POST /persona answered ${res.status}: ${await res.text()}`);
      }
    } catch (e) {
      if (stop.dead) return; // the connection died with the server: not acknowledged
      throw e;
    }
  }
}

/** What of the acknowledged writes the restarted server still has. */
async function missing(server: BenchServer, admin: Session, client: Session, acked: Acked) {
  const tiposRes = await fetch(`${server.url}/rest/v1/tipos_asunto?select=name&name=like.crash-*`, {
    headers: { authorization: `Bearer ${admin.accessToken}` },
  });
  if (!tiposRes.ok) throw new Error(`reading tipos_asunto answered ${tiposRes.status}`);
  const tipos = new Set(((await tiposRes.json()) as { name: string }[]).map((r) => r.name));
  const personasRes = await fetch(`${server.url}${SERVICES}/persona/owner/${client.idPersona}`, {
    headers: { authorization: `Bearer ${client.accessToken}` },
  });
  if (!personasRes.ok) throw new Error(`reading the owned personas answered ${personasRes.status}`);
  const nifs = new Set(((await personasRes.json()) as { identificador: { numero: string } }[]).map((p) => p.identificador.numero));
  // the audit rows of the client's persona creates (GET /auditoria, admins only, 100 a page)
  const audited = new Set<string>();
  for (let page = 1; ; page++) {
    const res = await fetch(`${server.url}${SERVICES}/auditoria?entity=persona&actor=${client.idPersona}&pageSize=100&page=${page}`, {
      headers: { authorization: `Bearer ${admin.accessToken}` },
    });
    if (!res.ok) throw new Error(`reading the audit log answered ${res.status}`);
    const { data } = (await res.json()) as { data: { action: string; status: number; entityId: string | null }[] };
    for (const r of data) if (r.action === 'create' && r.status === 201 && r.entityId) audited.add(r.entityId);
    if (data.length < 100) break;
  }
  return {
    tipos: [...acked.tipos].filter((n) => !tipos.has(n)),
    nifs: [...acked.nifs].filter((n) => !nifs.has(n)),
    unaudited: [...acked.personaIds].filter((id) => !audited.has(id)),
    stored: tipos.size + nifs.size,
  };
}

export const crash: Bench = {
  name: 'crash',
  title: 'acknowledged writes survive SIGKILL',
  async run(ctx) {
    const kills = ctx.quick ? 2 : 10;
    const dataDir = await freshDataDir();
    let server = await startServer({ name: 'crash', dataDir });
    const admin = await signIn(server.url, DEMO_ADMIN);
    const client = await signIn(server.url, DEMO_CLIENT);
    const acked: Acked = { tipos: new Set(), nifs: new Set(), personaIds: new Set() };
    const recoveries: number[] = [];
    let lost = 0;
    let unaudited = 0;
    let stored = 0;

    for (let k = 1; k <= kills; k++) {
      const stop = { dead: false };
      const before = acked.tipos.size + acked.nifs.size;
      const loops = Array.from({ length: WRITERS }, (_, i) => writeLoop(server, i % 2 ? 'persona' : 'tipo', i % 2 ? client : admin, k, acked, stop));
      for (const loop of loops) loop.catch(() => {}); // awaited below; a failure surfaces through `failure`
      const failure = Promise.race(loops).then(() => undefined); // a loop throws on an unexpected answer
      // kill at a random moment after some writes were acknowledged
      const delay = 300 + Math.random() * 1200;
      const started = Date.now();
      try {
        while (Date.now() - started < delay || acked.tipos.size + acked.nifs.size - before < 5) {
          await Promise.race([sleep(20), failure]);
          if (Date.now() - started > 60_000) throw new Error('no write was acknowledged within 60 s');
        }
      } finally {
        stop.dead = true;
      }
      await server.kill();
      await Promise.all(loops);

      server = await startServer({ name: 'crash', dataDir });
      recoveries.push(server.readyMs);
      const m = await missing(server, admin, client, acked);
      lost = m.tipos.length + m.nifs.length;
      unaudited = m.unaudited.length;
      stored = m.stored;
      ctx.log(`kill ${k}: ${acked.tipos.size + acked.nifs.size} acknowledged so far, ${lost} missing after restart (${round(server.readyMs / 1000, 2)} s)`);
      if (lost) ctx.log(`missing: ${[...m.tipos, ...m.nifs].slice(0, 10).join(', ')}`);
      if (unaudited) ctx.log(`acknowledged personas without their audit row: ${m.unaudited.slice(0, 10).join(', ')}`);
    }
    await server.stop();

    const total = acked.tipos.size + acked.nifs.size;
    ctx.figure(`acknowledged writes lost over ${kills} SIGKILLs`, lost, 'writes', atMost(0, 'writes'),
      `${total} acknowledged (${acked.tipos.size} tipos_asunto, ${acked.nifs.size} personas), ${stored} found; ` +
        `restart after kill: median ${round(median(recoveries) / 1000, 2)} s`);
    ctx.figure(`acknowledged persona creates without their audit row over ${kills} SIGKILLs`, unaudited, 'writes', atMost(0, 'writes'),
      `${acked.personaIds.size} acknowledged; a change and its audit row commit together`);
  },
};
