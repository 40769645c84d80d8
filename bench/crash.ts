/**
 * 6. Crash safety: a stream of writes (POST /rest/v1/tipos_asunto as admin and POST /persona as a
 * client, unique names), SIGKILL of the server in the middle, restart on the same DATA_DIR, and a
 * check that every write the server acknowledged (201) is there. Target: 0 lost over 10 kills
 * (--quick: 2). An upload loop (small PDFs to the client's own persona) runs alongside: every
 * acknowledged upload must be listed and download byte-identical, and no file may be left in the
 * storage folder (DATA_DIR/archivos) without the row that names it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Bench } from './lib/bench.js';
import { atMost } from './lib/report.js';
import { SERVICES, freshDataDir, startServer, type BenchServer } from './lib/server.js';
import { DEMO_ADMIN, DEMO_CLIENT, signIn, type Session } from './lib/auth.js';
import { personaBody } from './lib/personas.js';
import { median, round, sleep } from './lib/stats.js';
import { openDb } from '../server/db/db.js';
import { barrerArchivos } from '../server/storage/barrido.js';
import { localStorage } from '../server/storage/local.js';

const WRITERS = 8; // concurrent write loops, half per kind
const TIPOS_PAGE = 500;

interface Acked {
  tipos: Set<string>;
  nifs: Set<string>;
  /** ids of the acknowledged personas: each must have its audit row */
  personaIds: Set<string>;
  /** acknowledged uploads not yet checked: document id -> the bytes sent */
  uploads: Map<string, Uint8Array>;
  uploadsTotal: number;
}

/** A small valid PDF (the server checks the content) with a random payload in a comment. */
function smallPdf(): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(
    `%PDF-1.4\n%${randomBytes(16 + Math.floor(Math.random() * 2000)).toString('hex')}\n` +
      '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  );
}

/** Uploads to the client's own persona until the server dies; records what it acknowledged. */
async function uploadLoop(server: BenchServer, s: Session, acked: Acked, stop: { dead: boolean }) {
  while (!stop.dead) {
    const bytes = smallPdf();
    const form = new FormData();
    form.set('archivo', new Blob([bytes], { type: 'application/pdf' }), 'crash.pdf');
    form.set('tipo', 'DNI_ANVERSO');
    try {
      const res = await fetch(`${server.url}${SERVICES}/persona/${s.idPersona}/documentos`, {
        method: 'POST',
        headers: { authorization: `Bearer ${s.accessToken}` },
        body: form,
      });
      if (res.status === 201) {
        acked.uploads.set(((await res.json()) as { id: string }).id, bytes);
        acked.uploadsTotal++;
      } else if (!stop.dead) throw new Error(`POST /persona/{id}/documentos answered ${res.status}: ${await res.text()}`);
    } catch (e) {
      if (stop.dead) return;
      throw e;
    }
  }
}

/** Every file under the storage folder, temporary ones of an interrupted write included. */
function filesIn(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/**
 * After a restart: the acknowledged uploads missing from the list or not byte-identical, and the
 * files on disk no row names (files minus rows: every row the bench makes is on the client's
 * persona). The checked documents are then deleted, which keeps the list under its 200-row cap.
 */
async function checkUploads(server: BenchServer, client: Session, acked: Acked, storageDir: string, baseline: number) {
  const auth = { authorization: `Bearer ${client.accessToken}` };
  const listRes = await fetch(`${server.url}${SERVICES}/persona/${client.idPersona}/documentos`, { headers: auth });
  if (!listRes.ok) throw new Error(`listing the documents answered ${listRes.status}`);
  const rows = (await listRes.json()) as { id: string }[];
  if (rows.length >= 200) throw new Error('the document list reached its 200-row cap: the check would be incomplete');
  const listed = new Set(rows.map((r) => r.id));
  const lost: string[] = [];
  for (const [id, bytes] of acked.uploads) {
    if (!listed.has(id)) {
      lost.push(id);
      continue;
    }
    const res = await fetch(`${server.url}${SERVICES}/documento/${id}`, { headers: auth });
    const got = res.ok ? new Uint8Array(await res.arrayBuffer()) : null;
    if (!got || Buffer.compare(Buffer.from(got), Buffer.from(bytes)) !== 0) lost.push(id);
  }
  const files = filesIn(storageDir);
  const orphans = files.length - baseline - rows.length;
  const tmp = files.filter((f) => f.endsWith('.tmp')).length;
  for (const r of rows) {
    const res = await fetch(`${server.url}${SERVICES}/documento/${r.id}`, { method: 'DELETE', headers: auth });
    if (res.status !== 204) throw new Error(`DELETE /documento/${r.id} answered ${res.status}`);
  }
  acked.uploads.clear();
  return { lost, orphans, tmp, rows: rows.length };
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
  // page by page: the gateway answers at most GATEWAY_MAX_ROWS (1,000) rows a request, and a run
  // acknowledges more than that (read whole, the rest looked lost)
  const tipos = new Set<string>();
  for (let offset = 0; ; offset += TIPOS_PAGE) {
    const tiposRes = await fetch(`${server.url}/rest/v1/tipos_asunto?select=name&name=like.crash-*&order=id&limit=${TIPOS_PAGE}&offset=${offset}`, {
      headers: { authorization: `Bearer ${admin.accessToken}` },
    });
    if (!tiposRes.ok) throw new Error(`reading tipos_asunto answered ${tiposRes.status}`);
    const page = (await tiposRes.json()) as { name: string }[];
    for (const r of page) tipos.add(r.name);
    if (page.length < TIPOS_PAGE) break;
  }
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
    // the default folder under DATA_DIR, whatever the caller's environment says; the upload loop
    // goes faster than a person may (SUBIDAS_POR_MINUTO and the quotas are lifted for it)
    const env = { STORAGE_DIR: '', SUBIDAS_POR_MINUTO: '1000000', CUOTA_CUENTA_MB: '1000000', CUOTA_DOCUMENTOS_MB: '1000000' };
    let server = await startServer({ name: 'crash', dataDir, env });
    const admin = await signIn(server.url, DEMO_ADMIN);
    const client = await signIn(server.url, DEMO_CLIENT);
    const acked: Acked = { tipos: new Set(), nifs: new Set(), personaIds: new Set(), uploads: new Map(), uploadsTotal: 0 };
    const storageDir = path.join(dataDir, 'archivos'); // STORAGE_DIR's default
    const baseline = filesIn(storageDir).length; // files of the seed, if any: each has its row elsewhere
    let lostUploads = 0;
    let orphans = 0;
    let tmpFiles = 0;
    const recoveries: number[] = [];
    let lost = 0;
    let unaudited = 0;
    let stored = 0;

    for (let k = 1; k <= kills; k++) {
      const stop = { dead: false };
      const before = acked.tipos.size + acked.nifs.size;
      const loops = [
        ...Array.from({ length: WRITERS }, (_, i) => writeLoop(server, i % 2 ? 'persona' : 'tipo', i % 2 ? client : admin, k, acked, stop)),
        uploadLoop(server, client, acked, stop),
      ];
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

      server = await startServer({ name: 'crash', dataDir, env });
      recoveries.push(server.readyMs);
      const m = await missing(server, admin, client, acked);
      lost = m.tipos.length + m.nifs.length;
      unaudited = m.unaudited.length;
      stored = m.stored;
      ctx.log(`kill ${k}: ${acked.tipos.size + acked.nifs.size} acknowledged so far, ${lost} missing after restart (${round(server.readyMs / 1000, 2)} s)`);
      if (lost) ctx.log(`missing: ${[...m.tipos, ...m.nifs].slice(0, 10).join(', ')}`);
      const u = await checkUploads(server, client, acked, storageDir, baseline);
      lostUploads += u.lost.length;
      orphans = u.orphans; // orphans stay on disk (the sweep only takes files older than an hour): the latest count is the total
      tmpFiles = u.tmp;
      ctx.log(`kill ${k}: ${acked.uploadsTotal} uploads acknowledged so far, ${u.rows} rows, ${u.lost.length} lost, ${u.orphans} orphan file(s) (${u.tmp} .tmp)`);
      if (u.lost.length) ctx.log(`lost uploads: ${u.lost.slice(0, 10).join(', ')}`);
      if (unaudited) ctx.log(`acknowledged personas without their audit row: ${m.unaudited.slice(0, 10).join(', ')}`);
    }
    await server.stop();

    // what the hourly sweep does with the orphans once they are older than its hour of grace:
    // run on the stopped server's database as if two hours had passed
    let swept = 0;
    let leftAfterSweep = 0;
    if (orphans) {
      const db = await openDb({ databaseUrl: null, dataDir });
      try {
        swept = await barrerArchivos(db, localStorage(storageDir), new Date(Date.now() + 2 * 3600_000));
      } finally {
        await db.close();
      }
      leftAfterSweep = filesIn(storageDir).length - baseline;
      ctx.log(`sweep two hours later: ${swept} orphan file(s) removed (.tmp ones are removed while listing, not counted), ${leftAfterSweep} file(s) left (0 rows remain)`);
    }

    const total = acked.tipos.size + acked.nifs.size;
    ctx.figure(`acknowledged writes lost over ${kills} SIGKILLs`, lost, 'writes', atMost(0, 'writes'),
      `${total} acknowledged (${acked.tipos.size} tipos_asunto, ${acked.nifs.size} personas), ${stored} found; ` +
        `restart after kill: median ${round(median(recoveries) / 1000, 2)} s`);
    ctx.figure(`acknowledged persona creates without their audit row over ${kills} SIGKILLs`, unaudited, 'writes', atMost(0, 'writes'),
      `${acked.personaIds.size} acknowledged; a change and its audit row commit together`);
    ctx.figure(`acknowledged uploads lost over ${kills} SIGKILLs`, lostUploads, 'uploads', atMost(0, 'uploads'),
      `${acked.uploadsTotal} acknowledged PDF uploads, each listed and downloaded byte-identical after the restart`);
    ctx.figure(`orphan files in the storage folder after ${kills} SIGKILLs`, orphans, 'files', atMost(0, 'files'),
      `files under DATA_DIR/archivos that no documentos row names (${tmpFiles} of them .tmp): a file written whose row's transaction was killed; ` +
        (orphans ? `the sweep run as if two hours later left ${leftAfterSweep}` : 'none to sweep'));
  },
};
