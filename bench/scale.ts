/**
 * 3. Scale: with 100,000 personas and 1,000,000 expedientes in the database, the first page of
 * /expedientes and of each admin list answers in < 50 ms at p95 (sequential requests).
 *
 * The rows are bulk-inserted with generate_series through the server's own Db adapter into a
 * migrated DATA_DIR while no server runs on it (PGlite allows one process), then the server starts.
 * Distribution: the demo client 12345678Z owns 1 % of the personas (1,000), and every 10th
 * expediente belongs to one of those, so her list holds about 100,000 cases (a heavy user, an
 * office-sized one); the demo client X1234567L has one in 1,000 (1,000: a typical one, busy); the
 * rest belong to the other personas.
 */
import { Skip, type Bench } from './lib/bench.js';
import { below } from './lib/report.js';
import { SERVICES, freshDataDir, startServer } from './lib/server.js';
import { DEMO_ADMIN, DEMO_CLIENT, DEMO_CLIENT_NIE, signIn } from './lib/auth.js';
import { percentile, round, timeSequential } from './lib/stats.js';
import { openDb } from '../server/db/db.js';

const FULL = { personas: 100_000, expedientes: 1_000_000 };
const QUICK = { personas: 10_000, expedientes: 100_000 }; // --quick: a smoke run, its figures are not the bar's
const CLIENT_PERSONA = '00000000-0000-4000-8000-000000000002'; // 12345678Z in server/db/seed.sql
const NIE_PERSONA = '00000000-0000-4000-8000-000000000003'; // X1234567L: a typical client


/** The admin tabs (resources/*.ts) with their default sort, as the admin UI asks for page 1. */
const ADMIN_LISTS: [table: string, order: string][] = [
  ['notarias', 'nombre'],
  ['personal', 'name'],
  ['disponibilidad', 'staff_id'],
  ['tipos_asunto', 'name'],
  ['categorias_servicios', 'nombre'],
  ['actos_servicios', 'nombre'],
  ['plantillas_escrituras', 'nombre'],
  ['festivos', 'fecha'],
];

const NIF_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

export const fillSql = (personas: number, expedientes: number, owned: number) => `
insert into servicios.personas
  (id, owner_id, tipo_persona, identificador_tipo, identificador_numero, nombre, primer_apellido, segundo_apellido, email)
select md5('bench-persona-' || g)::uuid,
       case when g <= ${owned} then '${CLIENT_PERSONA}'::uuid end,
       'FISICA', 'NIF',
       lpad(g::text, 8, '0') || substr('${NIF_LETTERS}', (g % 23) + 1, 1),
       'Nombre' || g, 'Apellido' || (g % 997), 'Segundo' || (g % 991), 'persona' || g || '@example.com'
from generate_series(1, ${personas}) g;

insert into servicios.expedientes (titulo, estado, fecha_alta, due_date, persona_id, notaria_id)
select 'Expediente ' || e,
       -- by e / 3, not e: the notaría is e % 3, and each notaría needs cases in every estado
       (array['PENDIENTE', 'EN_TRAMITE', 'FINALIZADO'])[((e / 3) % 3) + 1],
       now() - make_interval(mins => e),
       -- three cases in four have a due date, spread over the year before and after today
       case when e % 4 <> 0 then current_date + ((e * 7) % 730 - 365) end,
       case when e % 1000 = 1 then '${NIE_PERSONA}'::uuid
            else md5('bench-persona-' || case when e % 10 = 0 then ((e / 10) % ${owned}) + 1 else (e % ${personas}) + 1 end)::uuid end,
       (e % 3) + 1
from generate_series(1, ${expedientes}) e;
`;

export async function fill(dataDir: string, n: typeof FULL, owned: number) {
  const db = await openDb({ databaseUrl: null, dataDir });
  try {
    const table = await db.query<{ t: string | null }>(`select to_regclass('servicios.expedientes')::text as t`);
    if (!table.rows[0].t) throw new Skip('no table servicios.expedientes (0004_expedientes.sql) yet');
    await db.exec(fillSql(n.personas, n.expedientes, owned));
    // as after any bulk load (and as the server's autovacuum would within a minute): statistics and
    // the visibility map now, so that no vacuum of a million rows lands in the middle of the measure
    await db.exec('vacuum analyze');
  } finally {
    await db.close();
  }
}

export const scale: Bench = {
  name: 'scale',
  title: `first pages with ${FULL.personas.toLocaleString('en')} personas and ${FULL.expedientes.toLocaleString('en')} expedientes`,
  async run(ctx) {
    const n = ctx.quick ? QUICK : FULL;
    const owned = n.personas / 100;
    if (ctx.quick) ctx.log(`quick: ${n.personas.toLocaleString('en')} personas and ${n.expedientes.toLocaleString('en')} expedientes only, not the bar's`);
    const samples = ctx.quick ? 20 : 100;
    const dataDir = await freshDataDir();
    const t = performance.now();
    await fill(dataDir, n, owned);
    ctx.log(`bulk insert: ${round((performance.now() - t) / 1000)} s`);

    const server = await startServer({ name: 'scale', dataDir });
    const client = await signIn(server.url, DEMO_CLIENT);
    const admin = await signIn(server.url, DEMO_ADMIN);

    /** p95 of `samples` sequential GETs; every answer must be 2xx. */
    const p95 = async (path: string, token: string, headers: Record<string, string> = {}) => {
      let last = '';
      const times = await timeSequential(async () => {
        const res = await fetch(server.url + path, { headers: { authorization: `Bearer ${token}`, ...headers } });
        last = await res.text();
        if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${last.slice(0, 200)}`);
      }, samples);
      return { p95: percentile(times, 95), p50: percentile(times, 50), body: last };
    };

    const typical = await signIn(server.url, DEMO_CLIENT_NIE);
    const firstPage = (id: string) => `${SERVICES}/expediente/owner/${id}?page=1&pageSize=10`;
    const totalOf = (body: string) => (JSON.parse(body) as { total?: number }).total ?? '?';
    const few = await p95(firstPage(typical.idPersona), typical.accessToken);
    ctx.figure('GET /expediente/owner/{id} page 1, typical client', round(few.p95), 'ms p95', below(50, 'ms'),
      `p50 ${round(few.p50)} ms; ${totalOf(few.body)} visible cases; ${samples} requests`);
    const page1 = firstPage(client.idPersona);
    const exp = await p95(page1, client.accessToken);
    ctx.figure('GET /expediente/owner/{id} page 1, heavy client', round(exp.p95), 'ms p95', below(50, 'ms'),
      `p50 ${round(exp.p50)} ms; ${totalOf(exp.body)} visible cases (owns ${owned} personas); ${samples} requests`);
    const sorted = await p95(`${page1}&sort=clienteNombre&order=asc`, client.accessToken);
    ctx.figure('  heavy client, sorted by client name', round(sorted.p95), 'ms p95', below(50, 'ms'), `p50 ${round(sorted.p50)} ms`);
    const ownedPage = await p95(`${SERVICES}/persona/owner/${client.idPersona}?page=1&pageSize=20`, client.accessToken);
    ctx.figure(`GET /persona/owner/{id}?page=1&pageSize=20 (${owned} owned)`, round(ownedPage.p95), 'ms p95', below(50, 'ms'),
      `p50 ${round(ownedPage.p50)} ms; ${round(ownedPage.body.length / 1024)} KB; total ${totalOf(ownedPage.body)}`);
    // the office's work: staff of notaría 1 (a third of all cases), counters from servicios.expedientes_por_estado
    const staff = await signIn(server.url, '11111111H').catch(() => null);
    if (staff) {
      const despacho = await p95(`${SERVICES}/despacho/expedientes?page=1&size=20`, staff.accessToken);
      ctx.figure('GET /despacho/expedientes page 1, staff of notaría 1', round(despacho.p95), 'ms p95', below(50, 'ms'),
        `p50 ${round(despacho.p50)} ms; ${totalOf(despacho.body)} cases; ${samples} requests`);
      const enTramite = await p95(`${SERVICES}/despacho/expedientes?page=1&size=20&estado=FINALIZADO`, staff.accessToken);
      ctx.figure('  staff, estado Finalizado', round(enTramite.p95), 'ms p95', below(50, 'ms'), `p50 ${round(enTramite.p50)} ms`);
      const vencidos = await p95(`${SERVICES}/despacho/expedientes?page=1&size=20&orden=vencimiento`, staff.accessToken);
      ctx.figure('  staff, overdue first', round(vencidos.p95), 'ms p95', below(50, 'ms'), `p50 ${round(vencidos.p50)} ms`);
      const vencidosEstado = await p95(`${SERVICES}/despacho/expedientes?page=1&size=20&orden=vencimiento&estado=EN_TRAMITE`, staff.accessToken);
      ctx.figure('  staff, En trámite overdue first', round(vencidosEstado.p95), 'ms p95', below(50, 'ms'), `p50 ${round(vencidosEstado.p50)} ms`);
      // the client search (accent- and case-insensitive, name or document, anywhere in it): a few
      // clients ('Nombre4242' and the ten 'Nombre4242x'), one document, a surname one client in
      // 90 has ('Apellido12', 'Apellido120'…'Apellido129'), and a word every client has
      const busquedas: [label: string, q: string][] = [
        ['client name, accents and case', 'NÓMBRE4242'],
        ['client document, partial', String(4242 * 7).padStart(8, '0')],
        ['surname of 1 client in 90', 'apellido12'],
        ['a word every client has', 'nombre'],
      ];
      for (const [label, q] of busquedas) {
        const r = await p95(`${SERVICES}/despacho/expedientes?page=1&size=20&q=${encodeURIComponent(q)}`, staff.accessToken);
        ctx.figure(`  staff, search: ${label}`, round(r.p95), 'ms p95', below(50, 'ms'), `p50 ${round(r.p50)} ms; q=${q}; ${totalOf(r.body)} cases`);
      }
    }
    const ownedList = await p95(`${SERVICES}/persona/owner/${client.idPersona}`, client.accessToken);
    ctx.figure(`GET /persona/owner/{id} (${owned} owned, whole list)`, round(ownedList.p95), 'ms p95', undefined,
      `p50 ${round(ownedList.p50)} ms; ${round(ownedList.body.length / 1024)} KB; not paged, for information`);

    for (const [table, order] of ADMIN_LISTS) {
      const path = `/rest/v1/${table}?select=*&order=${order}.asc&limit=10&offset=0`;
      try {
        const r = await p95(path, admin.accessToken, { prefer: 'count=exact' });
        ctx.figure(`admin /rest/v1/${table} page 1 (count=exact)`, round(r.p95), 'ms p95', below(50, 'ms'), `p50 ${round(r.p50)} ms`);
      } catch (e) {
        ctx.figure(`admin /rest/v1/${table} page 1 (count=exact)`, null, 'ms p95', below(50, 'ms'), (e as Error).message);
      }
    }
    await server.stop();
  },
};
