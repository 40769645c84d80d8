import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { allows, type ResourceConfig, type Viewer } from '../../domain/resource';
import { catalogueConfigs, resourceConfig, serviciosResources } from '../../resources';
import { serverSamples } from '../support/registry';
import { describeServiciosMatrix } from '../support/registry-servicios';
import { API } from '../../api';
import { API_BASE, linkTo, pathParams, type Endpoint } from '../../api/endpoint';

/**
 * Who may do what, as one table per API: the services API (every endpoint) and /rest/v1 (every
 * table of schema public × select / insert / update / delete), each answered for eight points of
 * view, over real HTTP. The world is built with SQL as the server's own role; the tokens are the
 * ones the server issues at sign-in. Expected answers are written here, not computed, except for the
 * catalogues declared in resources/: their rows and answers follow from each declaration (its
 * `sample` and its access rules), so a new catalogue is in this matrix without editing it.
 */

type Who = 'anon' | 'A' | 'B' | 'repTodo' | 'repLectura' | 'repSin' | 'repFin' | 'admin';
/** The columns of both tables, in this order. */
const WHO: Who[] = ['anon', 'A', 'B', 'repTodo', 'repLectura', 'repSin', 'repFin', 'admin'];
/*
  anon        no token
  A           client A, on A's own data (A owns the records of a client and of a representative)
  B           client B, on A's data
  repTodo     representative of A, privilegio in force with every permission (REPRESENTANTE_LEGAL)
  repLectura  representative of A, privilegio in force that only reads (ficha, expedientes, actos)
  repSin      representative of A, privilegio in force without any permission
  repFin      representative of A whose relation ended yesterday (had every permission)
  admin       the portal's admin (app_role admin)
*/

/**
 * An expected answer: an HTTP status, or for a 200 list 'lista' (at least one item) / '[]' (none).
 * For /rest/v1: 'filas' = 2xx with rows returned or changed, '[]' = 2xx with nothing (RLS hid the rows).
 */
type Cell = number | 'lista' | '[]' | 'filas';

/** What a matrix row puts in a path or query parameter: a record of the world below, A's NIF, or the caller's own e-mail. */
type Place = 'A' | 'expA' | 'actoA' | 'privTodo' | 'nifA' | 'email';
/**
 * One endpoint (api/), the places of its path parameters (the rest of `args` is its query), and
 * the eight answers. The paths are the endpoints' own: this table writes none.
 */
type ServiceRow = [Endpoint, Record<string, Place>, ...Cell[]];
const { personas, privilegios, expedientes, actos, legado, clientes, auditoria, notificaciones } = API;
// prettier-ignore
const SERVICES: ServiceRow[] = [
  //                                                             anon  A        B     repTodo  repLectura repSin repFin admin
  [personas.get, { id: 'A' },                                     401,  200,     404,  200,     200,       404,   404,   404],
  // a representative of A sees only the personas A created that they may read one by one: none here
  [personas.listOwned, { ownerId: 'A' },                          401,  'lista', 404,  '[]',    '[]',      404,   404,   404],
  [personas.findByIdentificador, { identificador: 'nifA' },       401,  'lista', '[]', 'lista', 'lista',   '[]',  '[]',  '[]'],
  [personas.findFisicaByIdentificador, { identificador: 'nifA' }, 401,  'lista', '[]', 'lista', 'lista',   '[]',  '[]',  '[]'],
  [personas.findJuridicaByIdentificador, { identificador: 'nifA' }, 401, '[]',   '[]', '[]',    '[]',      '[]',  '[]',  '[]'],
  [personas.listNotarias, { idPersona: 'A' },                     401,  'lista', 404,  'lista', 'lista',   404,   404,   404],
  [privilegios.listGranted, { personaOtorganteId: 'A' },          401,  'lista', 404,  'lista', 'lista',   404,   404,   404],
  [privilegios.listReceived, { personaReceptoraId: 'A' },         401,  '[]',    404,  '[]',    '[]',      404,   404,   404],
  [expedientes.listOfPersona, { ownerId: 'A' },                   401,  'lista', 404,  'lista', 'lista',   404,   404,   404],
  [expedientes.get, { id: 'expA' },                               401,  200,     404,  200,     200,       404,   404,   404],
  [actos.listOfExpediente, { expedienteId: 'expA' },              401,  'lista', 404,  'lista', 'lista',   404,   404,   404],
  [legado.getUsuario, { userEmail: 'email' },                     401,  200,     200,  200,     200,       200,   200,   200],
  [legado.listClientes, { userEmail: 'email' },                   401,  'lista', '[]', '[]',    '[]',      '[]',  '[]',  '[]'],
  [legado.getCliente, { id: 'A', userEmail: 'email' },            401,  200,     404,  200,     200,       404,   404,   404],
  [legado.listRepresentantes, { id: 'A', userEmail: 'email' },    401,  'lista', 404,  'lista', 'lista',   404,   404,   404],
  [auditoria.list, {},                                            401,  404,     404,  404,     404,       404,   404,   200],
  [personas.update, { id: 'A' },                                  401,  200,     404,  200,     404,       404,   404,   404],
  [legado.updateCliente, { id: 'A', userEmail: 'email' },         401,  200,     404,  200,     404,       404,   404,   404],
  [personas.create, {},                                           401,  201,     201,  201,     201,       201,   201,   201],
  [legado.createCliente, { userEmail: 'email' },                  401,  201,     201,  201,     201,       201,   201,   201],
  [legado.registerUsuario, { userEmail: 'email' },                401,  403,     403,  403,     403,       403,   403,   403],
  [privilegios.create, {},                                        401,  201,     404,  404,     404,       404,   404,   404],
  [privilegios.update, { id: 'privTodo' },                        401,  200,     404,  404,     404,       404,   404,   404],
  // 403 only for who already sees the case files (leer_expedientes): it reveals nothing new
  [expedientes.create, {},                                        401,  201,     404,  201,     403,       404,   404,   404],
  [actos.create, {},                                              401,  201,     404,  201,     403,       404,   404,   404],
  [actos.update, { id: 'actoA' },                                 401,  200,     404,  200,     403,       404,   404,   404],
  [notificaciones.sendCalendarInvitation, {},                     401,  403,     403,  403,     403,       403,   403,   200],
  // the first seed document's /clients: the same personas and rules (a representative reads A, never deletes it)
  [clientes.list, {},                                             401,  200,     200,  200,     200,       200,   200,   200],
  [clientes.get, { id: 'A' },                                     401,  200,     404,  200,     200,       404,   404,   404],
  [clientes.update, { id: 'A' },                                  401,  200,     404,  200,     404,       404,   404,   404],
  [clientes.create, {},                                           401,  201,     201,  201,     201,       201,   201,   201],
  [clientes.delete, { id: 'A' },                                  401,  403,     404,  403,     403,       404,   404,   404],
];

type Action = 'select' | 'insert' | 'update' | 'delete';
// /rest/v1: the tables that are not declared resources behave alike.
// prettier-ignore
const CATALOGUE: Record<Action, Cell[]> = {
  //        anon  A        B        repTodo  repLectura repSin   repFin   admin
  select: ['filas', 'filas', 'filas', 'filas', 'filas', 'filas', 'filas', 'filas'],
  insert: [401,   403,     403,     403,     403,       403,     403,     201],
  update: [401,   '[]',    '[]',    '[]',    '[]',      '[]',    '[]',    'filas'],
  delete: [401,   '[]',    '[]',    '[]',    '[]',      '[]',    '[]',    'filas'],
};
const ADMIN_ID = '00000000-0000-4000-8000-000000000001';
const ids = {
  A: randomUUID(), B: randomUUID(), repTodo: randomUUID(), repLectura: randomUUID(), repSin: randomUUID(), repFin: randomUUID(),
  clienteA: randomUUID(), repPropio: randomUUID(), expA: randomUUID(), actoA: randomUUID(), privTodo: randomUUID(),
};
const nif = (n: number) => `${String(n).padStart(8, '0')}${'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23]}`;
const nifA = nif(71000001);
const emailOf = (who: Who) => (who === 'admin' ? 'admin@notaria.example' : `${who.toLowerCase()}@matriz.example`);

let server: TestServer;
const tokens = {} as Record<Who, string | undefined>;
let counter = 0;
const next = () => ++counter;

beforeAll(async () => {
  // A books many appointments here; the cap per person has its own tests (citas-por-persona.test.ts)
  server = await startTestServer({ citasFuturasPorPersona: 1000, citasFuturasPorCuenta: 1000 });
  samples = serverSamples(server);
  const db = server.ctx.db;
  const persona = (id: string, numero: string, nombre: string, email: string, owner: string | null = null) =>
    db.query(
      `insert into servicios.personas (id, owner_id, tipo_persona, identificador_tipo, identificador_numero, nombre, primer_apellido, email)
       values ($1, $2, 'FISICA', 'NIF', $3, $4, 'Matriz', $5)`,
      [id, owner, numero, nombre, email],
    );
  await persona(ids.A, nifA, 'Alba', emailOf('A'));
  await persona(ids.B, nif(71000002), 'Bruno', emailOf('B'));
  await persona(ids.repTodo, nif(71000003), 'Rosa', emailOf('repTodo'));
  await persona(ids.repLectura, nif(71000004), 'Raúl', emailOf('repLectura'));
  await persona(ids.repSin, nif(71000005), 'Remedios', emailOf('repSin'));
  await persona(ids.repFin, nif(71000006), 'Ramón', emailOf('repFin'));
  await persona(ids.clienteA, nif(71000007), 'Clara', 'clara@matriz.example', ids.A);
  await persona(ids.repPropio, nif(71000008), 'Rita', 'rita@matriz.example', ids.A);
  const privilegio = (id: string, receptora: string, tipo: string, permisos: string[], fin: string | null) =>
    db.query(
      `insert into servicios.privilegios (id, persona_otorgante_id, persona_receptora_id, tipo_privilegio, fecha_inicio_relacion,
         fecha_fin_relacion ${permisos.map((p) => `, permiso_${p}`).join('')})
       values ($1, $2, $3, $4, '2024-01-01', ${fin ?? 'null'} ${permisos.map(() => ', true').join('')})`,
      [id, ids.A, receptora, tipo],
    );
  const todos = ['leer_ficha_reducida', 'leer_ficha', 'actualizar_ficha', 'leer_expedientes', 'actualizar_expedientes', 'crear_expedientes', 'leer_actos', 'traspasar_permisos'];
  await privilegio(ids.privTodo, ids.repTodo, 'REPRESENTANTE_LEGAL', todos, null);
  await privilegio(randomUUID(), ids.repLectura, 'GENERAL', ['leer_ficha_reducida', 'leer_ficha', 'leer_expedientes', 'leer_actos'], null);
  await privilegio(randomUUID(), ids.repSin, 'GENERAL', [], null);
  await privilegio(randomUUID(), ids.repFin, 'REPRESENTANTE_LEGAL', todos, 'current_date - 1');
  // a representative whose record A created (as the portal does): A sees it among the representantes
  await privilegio(randomUUID(), ids.repPropio, 'GENERAL', ['leer_ficha_reducida'], null);
  await db.query('insert into servicios.persona_notaria (persona_id, notaria_id) values ($1, 1)', [ids.A]);
  await db.query(
    `insert into servicios.expedientes (id, titulo, persona_id, notaria_id, due_date) values ($1, 'Herencia de Alba', $2, 1, '2031-06-30')`,
    [ids.expA, ids.A],
  );
  await db.query(`insert into servicios.actos (id, expediente_id, titulo) values ($1, $2, 'Poder General')`, [ids.actoA, ids.expA]);
  await db.query(
    `insert into public.citas (user_id, client_id, notaria_id, staff_id, subject, date, time) values ($1, $1, 1, 1, 'Consulta', '2031-03-03', '10:00')`,
    [ids.A],
  );
  for (const who of WHO) {
    if (who === 'anon') continue;
    tokens[who] = await server.token(who === 'admin' ? ADMIN_ID : ids[who], who === 'admin' ? 'admin' : 'assistant');
  }
});
afterAll(() => server?.close());

/** A request body for a write endpoint, new for every call so creations never collide. */
function bodyFor(e: Endpoint): unknown {
  const nuevaPersona = { tipoPersona: 'FISICA', identificador: { tipo: 'NIF', numero: nif(72000000 + next()) }, nombre: 'Nueva' };
  // A's record as it is: an allowed update changes nothing
  const personaA = { tipoPersona: 'FISICA', identificador: { tipo: 'NIF', numero: nifA }, nombre: 'Alba', primerApellido: 'Matriz', email: emailOf('A') };
  const bodies = new Map<Endpoint, unknown>([
    [personas.update, personaA],
    [legado.updateCliente, personaA],
    [clientes.update, personaA],
    [personas.create, nuevaPersona],
    [legado.createCliente, nuevaPersona],
    [clientes.create, nuevaPersona],
    [legado.registerUsuario, {}],
    [privilegios.create, { personaOtorganteId: ids.A, personaReceptoraId: ids.clienteA, tipoPrivilegio: 'GENERAL', fechaInicioRelacion: '2025-01-01', permisoLeerFicha: true }],
    [privilegios.update, { tipoPrivilegio: 'REPRESENTANTE_LEGAL', fechaInicioRelacion: '2024-01-01' }],
    [expedientes.create, { personaId: ids.A, notariaId: 1, titulo: `Compraventa ${next()}`, dueDate: '2031-12-31' }],
    [actos.create, { expedienteId: ids.expA, titulo: `Acto ${next()}` }],
    [actos.update, { titulo: 'Poder General' }],
    // a staff member without an external calendar: nothing is sent
    [notificaciones.sendCalendarInvitation, { notarioId: 2 }],
  ]);
  return bodies.get(e);
}

/** The value of a place for `who`. */
const placeValue = (place: Place, who: Who): string => (place === 'email' ? emailOf(who) : place === 'nifA' ? nifA : ids[place]);

/**
 * The path of a row's call for `who`, relative to the services base: the endpoint's path with its
 * parameters filled, and the other arguments as the query. `swap` replaces one place's value.
 */
function fill(e: Endpoint, args: Record<string, Place>, who: Who, swap: Partial<Record<Place, string>> = {}): string {
  const values = Object.fromEntries(Object.entries(args).map(([name, place]) => [name, swap[place] ?? placeValue(place, who)]));
  const inPath = new Set(pathParams(e.path));
  const path = linkTo(e, values).slice(API_BASE.length);
  const query = new URLSearchParams(Object.entries(values).filter(([name]) => !inPath.has(name))).toString();
  return query ? `${path}?${query}` : path;
}

/** A row's name: its method and path with the places of its arguments, e.g. GET /clientes/{A}?userEmail={email}. */
function rowName(e: Endpoint, args: Record<string, Place>): string {
  const inPath = new Set(pathParams(e.path));
  const path = e.path.replace(/\{(\w+)\}/g, (_, name: string) => `{${args[name]}}`);
  const query = Object.entries(args).filter(([name]) => !inPath.has(name)).map(([name, place]) => `${name}={${place}}`).join('&');
  return `${e.method} ${path}${query ? `?${query}` : ''}`;
}

/** The answer as a Cell, to compare with the table. */
async function observed(res: Response): Promise<Cell> {
  const text = await res.text();
  if (res.status !== 200) return res.status;
  const body = JSON.parse(text) as unknown;
  if (!Array.isArray(body)) return 200;
  return body.length ? 'lista' : '[]';
}

describe('services API: one row per endpoint, one column per point of view', () => {
  for (const [e, args, ...expected] of SERVICES) {
    it(rowName(e, args), async () => {
      const got: Record<string, Cell> = {};
      for (const who of WHO) {
        const res = await server.api(fill(e, args, who), { method: e.method, token: tokens[who], json: bodyFor(e) });
        got[who] = await observed(res);
      }
      expect(got).toEqual(Object.fromEntries(WHO.map((w, i) => [w, expected[i]])));
    });
  }

  it('a record one may not see answers exactly like a record that does not exist', async () => {
    const namesARecord = (args: Record<string, Place>) => Object.values(args).find((p) => p === 'A' || p === 'expA');
    let compared = 0;
    for (const [e, args, ...expected] of SERVICES) {
      const place = namesARecord(args);
      if (e.method !== 'GET' || !place) continue;
      for (const [i, who] of WHO.entries()) {
        if (expected[i] !== 404) continue;
        const hidden = await server.api(fill(e, args, who), { token: tokens[who] });
        const missing = await server.api(fill(e, args, who, { [place]: randomUUID() }), { token: tokens[who] });
        expect([hidden.status, await hidden.json()], `${rowName(e, args)} as ${who}`).toEqual([missing.status, await missing.json()]);
        compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(40);
  });

  it('nothing of A changed after every point of view tried every endpoint', async () => {
    const { rows } = await server.ctx.db.query<{ nombre: string; email: string; n: number }>(
      `select p.nombre, p.email, (select count(*)::int from servicios.privilegios where persona_otorgante_id = p.id) as n
         from servicios.personas p where p.id = $1`,
      [ids.A],
    );
    // the allowed updates wrote A's record as it was; A granted one privilegio (to clienteA) on top of the five
    expect(rows[0]).toEqual({ nombre: 'Alba', email: emailOf('A'), n: 6 });
    const priv = await server.ctx.db.query<{ leer: boolean }>('select permiso_leer_ficha as leer from servicios.privilegios where id = $1', [ids.privTodo]);
    expect(priv.rows[0].leer).toBe(true);
  });
});

/**
 * The services resources served by the generic handler (a services declaration with
 * `crud` in the registry): their rows of this matrix follow from their declarations, for anon,
 * the owner, another client, staff of the row's notaría and of another, and an admin
 * (tests/support/registry-servicios.ts). The endpoints above have routes of their own.
 */
describe('services API: the declared resources', () => {
  describeServiciosMatrix(() => server, () => serviciosResources);

  // every path a services declaration names exists and wants a session: without one it answers
  // 401, never data (its {placeholders} filled with an id nobody has)
  const declared = serviciosResources.flatMap((config) =>
    (['list', 'one', 'create', 'update', 'delete'] as const).flatMap((action) => {
      const routes = config.paths[action];
      const method = { list: 'GET', one: 'GET', create: 'POST', update: 'PUT', delete: 'DELETE' }[action];
      return (routes === undefined ? [] : 'path' in routes ? [routes] : routes).map((t) => `${method} ${t.path} (${config.name}.${action})`);
    }),
  );
  it.each(declared)('%s answers 401 without a session', async (entry) => {
    const [method, template] = entry.split(' ');
    const res = await server.api(template.replace(/\{\w+\}/g, randomUUID()), { method, json: method === 'POST' || method === 'PUT' ? {} : undefined });
    expect(res.status).toBe(401);
  });
});

// ---- /rest/v1 ------------------------------------------------------------------------------

const letters = (n: number, width: number) =>
  Array.from({ length: width }, (_, k) => String.fromCharCode(65 + (Math.floor(n / 26 ** k) % 26))).join('');

/**
 * A code `table` does not hold yet. The seeds hold real codes (QAT is Qatar), so a code made from
 * the file's counter could meet one, depending on how many tests ran before (a new catalogue in
 * the registry adds tests): each table counts on its own and skips the codes already taken.
 */
const codesTried = new Map<string, number>();
async function freeCode(table: string, make: (k: number) => string, column = 'codigo'): Promise<string> {
  for (let k = codesTried.get(table) ?? 0; ; k++) {
    const code = make(k);
    const { rows } = await server.ctx.db.query(`select 1 from public.${table} where ${column} = $1`, [code]);
    if (rows.length === 0) {
      codesTried.set(table, k + 1);
      return code;
    }
  }
}

type TableSpec = { row: (n: number) => Record<string, unknown> | Promise<Record<string, unknown>>; edit: Record<string, unknown>; key?: string; matrix?: Record<Action, Cell[]> };

/** Each point of view for the access rules of a declaration: its role and its idPersona. */
const viewerOf = (who: Who): Viewer => (who === 'anon' ? { role: 'anon' } : who === 'admin' ? { role: 'admin', id: ADMIN_ID } : { role: 'client', id: ids[who] });

/**
 * What /rest/v1 answers each point of view for a catalogue, from its declaration: allowed → rows
 * (201 for an insert); refused → 401 without a session, 403 where no privilege is granted at all,
 * '[]' where the privilege is granted and the policy hides the rows. A soft-deleted catalogue
 * refuses every real DELETE (its rows go by an update of the deletion column).
 */
function declaredMatrix(config: ResourceConfig, row?: Record<string, unknown>): Record<Action, Cell[]> {
  const may = (action: 'list' | 'create' | 'edit' | 'delete', who: Who) => allows(config, action, viewerOf(who), row);
  const granted = (action: 'list' | 'create' | 'edit' | 'delete') => config.access[action].name !== 'nobody';
  const refused = (who: Who, action: 'list' | 'edit' | 'delete'): Cell => (who === 'anon' ? 401 : granted(action) ? '[]' : 403);
  return {
    select: WHO.map((who) => (may('list', who) ? 'filas' : refused(who, 'list'))),
    insert: WHO.map((who) => (may('create', who) ? 201 : who === 'anon' ? 401 : 403)),
    update: WHO.map((who) => (may('edit', who) ? 'filas' : refused(who, 'edit'))),
    delete: WHO.map((who): Cell => {
      if (config.deletion.mode !== 'hard') return who === 'anon' ? 401 : 403;
      return may('delete', who) ? 'filas' : refused(who, 'delete');
    }),
  };
}

let samples: ReturnType<typeof serverSamples>;
const citaDeA = (n: number) => ({ user_id: ids.A, client_id: ids.A, notaria_id: 1, staff_id: 1, subject: 'Consulta', date: new Date(Date.UTC(2032, 0, 1 + n)).toISOString().slice(0, 10), time: '10:00' });
/** The declared catalogues: the sample row, an edit taken from another sample, the declared answers. */
const REGISTERED: Record<string, TableSpec> = Object.fromEntries(
  catalogueConfigs().map((config) => {
    const text = config.fields.find((f) => f.widget === 'text' && typeof config.sample?.({ n: 1, ref: () => 1 })[f.name] === 'string');
    // a flag no other field depends on (not is_recurring, which shows the days or the date)
    const flag = config.fields.find((f) => f.widget === 'boolean' && !config.fields.some((g) => g.visibleWhen?.field === f.name));
    const edit = text ? { [text.name]: `Cambiado ${config.name}` } : flag ? { [flag.name]: false } : {};
    return [config.name, { row: () => samples.row(config), edit, matrix: declaredMatrix(config) }];
  }),
);

/** For every table of schema public: a new valid row (n makes it unique) and the change an update makes. */
const TABLES: Record<string, TableSpec> = {
  ...REGISTERED,
  provincias: { row: async (n) => ({ nombre: `Provincia ${n}`, codigo: await freeCode('provincias', (k) => letters(k, 2)) }), edit: { nombre: 'Cambiada' } },
  paises: { row: async (n) => ({ nombre: `País ${n}`, codigo: await freeCode('paises', (k) => `Q${letters(k, 2)}`) }), edit: { nombre: 'Cambiado' } },
  profesiones: { row: (n) => ({ nombre: `Profesión matriz ${n}` }), edit: { nombre: 'Cambiada' } },
  tipos_via: { row: (n) => ({ nombre: `Vía matriz ${n}` }), edit: { nombre: 'Cambiada' } },
  codigos_postales: { row: async () => ({ codigo: await freeCode('codigos_postales', (k) => String(90000 + k)), localidad: 'Localidad matriz', provincia_codigo: '28' }), edit: { localidad: 'Cambiada' }, key: 'codigo' },
  // the common placeholders of the deed templates: read by all, written by migrations only
  marcadores_comunes: {
    row: (n) => ({ nombre: `marcador_matriz_${n}`, descripcion: 'Matriz', ejemplo: 'Ejemplo', orden: 100 + n }),
    edit: { descripcion: 'Cambiada' },
    key: 'nombre',
    matrix: {
      select: ['filas', 'filas', 'filas', 'filas', 'filas', 'filas', 'filas', 'filas'],
      insert: [401, 403, 403, 403, 403, 403, 403, 403],
      update: [401, 403, 403, 403, 403, 403, 403, 403],
      delete: [401, 403, 403, 403, 403, 403, 403, 403],
    },
  },
  componentes_formulario: { row: (n) => ({ nombre: `Bloque ${n}`, comp_json: { campos: [] } }), edit: { nombre: 'Cambiado' } },
  // appointments belong to who booked them (here: A's appointment); the answers follow from
  // resources/citas.ts, a table with pages of its own and RLS written in its migrations
  citas: {
    row: (n) => citaDeA(n),
    edit: { subject: 'Firma' },
    matrix: declaredMatrix(resourceConfig('citas')!, citaDeA(0)),
  },
};

/** Inserts a row as the server's own role (no RLS) and returns its key. */
async function storedRow(table: string, row: Record<string, unknown> | Promise<Record<string, unknown>>, key: string): Promise<string> {
  row = await row;
  const cols = Object.keys(row).map((c) => `"${c}"`).join(', ');
  const { rows } = await server.ctx.db.query<{ k: string }>(
    `insert into public.${table} (${cols}) select ${cols} from jsonb_populate_record(null::public.${table}, $1::jsonb) returning ${key}::text as k`,
    [JSON.stringify(row)],
  );
  return rows[0].k;
}

async function rowText(table: string, key: string, value: string): Promise<string | null> {
  const { rows } = await server.ctx.db.query<{ t: string }>(`select to_jsonb(t)::text as t from public.${table} t where ${key}::text = $1`, [value]);
  return rows[0]?.t ?? null;
}

async function rest(who: Who, method: string, pathAndQuery: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { apikey: server.ctx.anonKey, Prefer: 'return=representation' };
  headers.Authorization = `Bearer ${tokens[who] ?? server.ctx.anonKey}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(`${server.url}/rest/v1/${pathAndQuery}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function restCell(res: Response): Promise<Cell> {
  const body = (await res.json()) as unknown;
  if (res.status === 201) return 201;
  if (res.status !== 200) return res.status;
  return Array.isArray(body) && body.length ? 'filas' : '[]';
}

describe('/rest/v1: one row per table and action, one column per point of view', () => {
  it('every table of schema public has row level security and a row in this matrix', async () => {
    const { rows } = await server.ctx.db.query<{ relname: string; relrowsecurity: boolean }>(
      `select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
    );
    expect(rows.filter((t) => !t.relrowsecurity).map((t) => t.relname)).toEqual([]);
    expect(rows.map((t) => t.relname).sort()).toEqual(Object.keys(TABLES).sort());
  });

  for (const [table, spec] of Object.entries(TABLES)) {
    const key = spec.key ?? 'id';
    const matrix = spec.matrix ?? CATALOGUE;
    describe(table, () => {
      it('select', async () => {
        await storedRow(table, spec.row(next()), key); // at least one row anyone allowed may see
        const got = await Promise.all(WHO.map(async (who) => restCell(await rest(who, 'GET', `${table}?select=*&limit=3`))));
        expect(got).toEqual(matrix.select);
      });

      it('insert', async () => {
        const got: Cell[] = [];
        for (const who of WHO) {
          const row = await spec.row(next());
          const res = await rest(who, 'POST', table, row);
          got.push(await restCell(res));
        }
        expect(got).toEqual(matrix.insert);
      });

      for (const action of ['update', 'delete'] as const) {
        it(`${action}, and a refused change leaves the row as it was`, async () => {
          const got: Cell[] = [];
          for (const who of WHO) {
            const target = await storedRow(table, spec.row(next()), key);
            const before = await rowText(table, key, target);
            const filter = `${table}?${key}=eq.${encodeURIComponent(target)}`;
            const res = action === 'update' ? await rest(who, 'PATCH', filter, spec.edit) : await rest(who, 'DELETE', filter);
            const cell = await restCell(res);
            got.push(cell);
            if (cell !== 'filas') expect(await rowText(table, key, target), `${table} ${action} as ${who}`).toBe(before);
            else expect(await rowText(table, key, target)).not.toBe(before);
          }
          expect(got).toEqual(matrix[action]);
        });
      }
    });
  }

  it('the booked-slots view: signed-in people only, and without personal data', async () => {
    const got = await Promise.all(WHO.map(async (who) => restCell(await rest(who, 'GET', 'citas_ocupadas?select=*'))));
    expect(got).toEqual([401, 'filas', 'filas', 'filas', 'filas', 'filas', 'filas', 'filas']);
    const rows = (await (await rest('B', 'GET', 'citas_ocupadas?select=*&limit=1')).json()) as Record<string, unknown>[];
    expect(Object.keys(rows[0]).sort()).toEqual(['date', 'staff_id', 'time']);
  });

  it('schema servicios (personas, tokens, PINs, audit log) cannot be reached through /rest/v1', async () => {
    const { rows } = await server.ctx.db.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'servicios' order by 1`,
    );
    expect(rows.map((r) => r.table_name)).toEqual(expect.arrayContaining(['personas', 'usuarios', 'pins', 'refresh_tokens', 'audit_log']));
    for (const who of ['anon', 'admin'] as Who[]) {
      for (const { table_name: t } of rows) {
        const res = await rest(who, 'GET', `${t}?select=*`);
        expect([res.status, ((await res.json()) as { code: string }).code], `${t} as ${who}`).toEqual([404, 'PGRST205']);
        const qualified = await rest(who, 'GET', `servicios.${t}?select=*`);
        expect(qualified.status, `servicios.${t} as ${who}`).toBe(404);
      }
      // asking for the schema by profile is refused before any SQL runs
      const profiled = await fetch(`${server.url}/rest/v1/personas?select=*`, {
        headers: { apikey: server.ctx.anonKey, Authorization: `Bearer ${tokens[who] ?? server.ctx.anonKey}`, 'Accept-Profile': 'servicios' },
      });
      expect([profiled.status, ((await profiled.json()) as { code: string }).code]).toEqual([406, 'PGRST106']);
      const rpc = await rest(who, 'POST', 'rpc/tiene_permiso', { p_persona: ids.A, p_viewer: ids.B, p_permiso: 'leer_ficha' });
      expect(rpc.status).toBe(404);
    }
    // and the request roles hold no privilege on it at all
    const { rows: grants } = await server.ctx.db.query<{ n: number }>(
      `select count(*)::int as n from information_schema.role_table_grants where table_schema = 'servicios' and grantee in ('anon', 'authenticated', 'PUBLIC')`,
    );
    expect(grants[0].n).toBe(0);
    const { rows: usage } = await server.ctx.db.query<{ anon: boolean; auth: boolean }>(
      `select has_schema_privilege('anon', 'servicios', 'usage') as anon, has_schema_privilege('authenticated', 'servicios', 'usage') as auth`,
    );
    expect(usage[0]).toEqual({ anon: false, auth: false });
  });
});
