import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { insertarPrivilegio } from '../support/reparto';

/**
 * Expedientes, actos and the persona lookups of the services API on a real Postgres:
 * the visibility matrix (own, owned client, representative with and without permissions,
 * expired privilege, stranger) and malformed bodies (4xx, never 500, nothing changed).
 */

let server: TestServer;
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};

async function persona(nombre: string, nif: string, ownerId: string | null = null, tipo: 'FISICA' | 'JURIDICA' = 'FISICA') {
  const { rows } = await server.ctx.db.query<{ id: string }>(
    `insert into servicios.personas (owner_id, tipo_persona, identificador_numero, nombre, primer_apellido, razon_social, fecha_nacimiento, estado_civil)
     values ($1, $2, $3, $4, $5, $6, '1980-05-17', 'CASADO') returning id`,
    [ownerId, tipo, nif, tipo === 'FISICA' ? nombre : null, tipo === 'FISICA' ? 'Prueba' : null, tipo === 'JURIDICA' ? nombre : null],
  );
  return rows[0].id;
}

const privilegio = (otorgante: string, receptor: string, permisos: string[], fin: string | null = null) =>
  insertarPrivilegio(server, otorgante, receptor, permisos, fin);

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });
const get = (path: string, who: string) => server.api(path, { token: tokens[who] }).then(json);
const send = (method: string, path: string, who: string, body: unknown) => server.api(path, { method, token: tokens[who], json: body }).then(json);
const nuevo = (personaId: string, titulo = 'Compraventa piso', extra: Record<string, unknown> = {}) => ({
  titulo,
  dueDate: '2026-12-31',
  personaId,
  notariaId: 1,
  links: [],
  ...extra,
});
const count = async (table: string) => Number((await server.ctx.db.query<{ n: string }>(`select count(*) as n from servicios.${table}`)).rows[0].n);

beforeAll(async () => {
  server = await startTestServer();
  ids.ana = await persona('Ana', '11111111H');
  ids.cliente = await persona('Cliente de Ana', '22222222J', ids.ana);
  ids.empresa = await persona('Construcciones Ana SL', 'B12345674', ids.ana, 'JURIDICA');
  ids.extrano = await persona('Extraño', '33333333P');
  ids.lector = await persona('Lector', '44444444A');
  ids.gestor = await persona('Gestor', '55555555K');
  ids.caducado = await persona('Caducado', '66666666Q');
  // lector may read Ana's cases and acts only; gestor may also create and update them and read her record
  await privilegio(ids.ana, ids.lector, ['leer_expedientes', 'leer_actos']);
  await privilegio(ids.ana, ids.gestor, ['leer_expedientes', 'leer_actos', 'crear_expedientes', 'actualizar_expedientes', 'leer_ficha']);
  await privilegio(ids.ana, ids.caducado, ['leer_expedientes', 'leer_actos', 'actualizar_expedientes', 'leer_ficha'], '2021-01-01');
  for (const k of Object.keys(ids)) tokens[k] = await server.token(ids[k]);
});

afterAll(async () => {
  await server?.close();
});

describe('expedientes', () => {
  let expAna: any;

  it('the owner creates a case for themself and for a client they own; it comes back with id, fechaAlta and names', async () => {
    const r = await send('POST', '/expediente', 'ana', nuevo(ids.ana, '  Compraventa piso  ', { dueDate: '2026-12-31T00:00:00+01:00' }));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expAna = r.body;
    expect(expAna).toMatchObject({ titulo: 'Compraventa piso', estado: 'PENDIENTE', dueDate: '2026-12-31', personaId: ids.ana, notariaId: 1, clienteNombre: 'Ana Prueba' });
    expect(expAna.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(expAna.fechaAlta)).toBeGreaterThan(Date.now() - 60_000);
    expect(expAna.notariaNombre).not.toBe('Notaría no encontrada');

    const c = await send('POST', '/expediente', 'ana', nuevo(ids.empresa, 'Constitución SL'));
    expect(c.status).toBe(201);
    expect(c.body.clienteNombre).toBe('Construcciones Ana SL');
  });

  it('answers 404 for a case of another person and lets a representative read only what the privilege grants', async () => {
    expect((await get(`/expediente/${expAna.id}`, 'ana')).body.titulo).toBe('Compraventa piso');
    expect(await get(`/expediente/${expAna.id}`, 'extrano')).toEqual({ status: 404, body: { message: 'Expediente no encontrado' } });
    expect((await get(`/expediente/${expAna.id}`, 'caducado')).status).toBe(404);
    expect((await get(`/expediente/${expAna.id}`, 'lector')).status).toBe(200);
    expect((await get('/expediente/00000000-0000-4000-8000-000000000000', 'ana')).status).toBe(404);
    expect((await get('/expediente/no-es-un-id', 'ana')).status).toBe(404);
    expect((await server.api(`/expediente/${expAna.id}`)).status).toBe(401);
  });

  it('creates only for personas the caller may create for: stranger 404, reader 403, manager 201', async () => {
    const before = await count('expedientes');
    expect((await send('POST', '/expediente', 'extrano', nuevo(ids.ana))).status).toBe(404);
    expect((await send('POST', '/expediente', 'caducado', nuevo(ids.ana))).status).toBe(404);
    expect((await send('POST', '/expediente', 'ana', nuevo(ids.extrano))).status).toBe(404);
    expect((await send('POST', '/expediente', 'lector', nuevo(ids.ana))).status).toBe(403);
    expect(await count('expedientes')).toBe(before);
    const g = await send('POST', '/expediente', 'gestor', nuevo(ids.ana, 'Herencia padre'));
    expect(g.status).toBe(201);
    expect(g.body.personaId).toBe(ids.ana);
  });

  it('lists by owner: the caller sees the cases of every persona they may see; another persona only if visible', async () => {
    const own = await get(`/expediente/owner/${ids.ana}`, 'ana');
    expect(own.status).toBe(200);
    expect(own.body.map((e: any) => e.titulo).sort()).toEqual(['Compraventa piso', 'Constitución SL', 'Herencia padre']);

    const lectorSelf = await get(`/expediente/owner/${ids.lector}`, 'lector');
    expect(lectorSelf.body.map((e: any) => e.titulo).sort()).toEqual(['Compraventa piso', 'Herencia padre']);
    const lectorAna = await get(`/expediente/owner/${ids.ana}`, 'lector');
    expect(lectorAna.body).toHaveLength(2);

    expect((await get(`/expediente/owner/${ids.extrano}`, 'extrano')).body).toEqual([]);
    expect((await get(`/expediente/owner/${ids.ana}`, 'extrano')).status).toBe(404);
    expect((await get(`/expediente/owner/${ids.ana}`, 'caducado')).status).toBe(404);
    expect((await get(`/expediente/owner/${ids.caducado}`, 'caducado')).body).toEqual([]);
  });

  it('pages, sorts and filters on the server', async () => {
    const page = await get(`/expediente/owner/${ids.ana}?page=1&pageSize=2&sort=titulo&order=asc`, 'ana');
    expect(page.body.total).toBe(3);
    expect(page.body.data.map((e: any) => e.titulo)).toEqual(['Compraventa piso', 'Constitución SL']);
    const desc = await get(`/expediente/owner/${ids.ana}?page=2&pageSize=2&sort=titulo&order=desc`, 'ana');
    expect(desc.body.data.map((e: any) => e.titulo)).toEqual(['Compraventa piso']);
    const byClient = await get(`/expediente/owner/${ids.ana}?page=1&pageSize=10&q=construcciones`, 'ana');
    expect(byClient.body.data.map((e: any) => e.titulo)).toEqual(['Constitución SL']);
    // accents and case do not matter, on either side, paged or not
    for (const q of ['constitucion', 'CONSTITUCIÓN', 'cönstitucion']) {
      const paged = await get(`/expediente/owner/${ids.ana}?page=1&pageSize=10&q=${encodeURIComponent(q)}`, 'ana');
      expect(paged.body, q).toMatchObject({ total: 1, data: [{ titulo: 'Constitución SL' }] });
      const plain = await get(`/expediente/owner/${ids.ana}?q=${encodeURIComponent(q)}`, 'ana');
      expect(plain.body.map((e: any) => e.titulo), q).toEqual(['Constitución SL']);
    }
    const wildcard = await get(`/expediente/owner/${ids.ana}?page=1&pageSize=10&q=%25`, 'ana');
    expect(wildcard.body.total).toBe(0);
    const past = await get(`/expediente/owner/${ids.ana}?page=9&pageSize=2`, 'ana');
    expect(past.body).toEqual({ data: [], total: 3 });
  });

  it('rejects malformed bodies and queries with a Spanish 400 and creates nothing', async () => {
    const before = await count('expedientes');
    const cases: Array<[unknown, string]> = [
      [{ ...nuevo(ids.ana), notariaId: undefined }, 'Debe seleccionar un notario'],
      [{ ...nuevo(ids.ana), notariaId: 'uno' }, 'Debe seleccionar un notario'],
      [{ ...nuevo(ids.ana), personaId: '' }, 'Debe seleccionar un cliente'],
      [{ ...nuevo(ids.ana), titulo: '   ' }, 'Debe introducir un título para el expediente'],
      [{ ...nuevo(ids.ana), dueDate: undefined }, 'Debe seleccionar una fecha de vencimiento'],
      [{ ...nuevo(ids.ana), dueDate: '2026-02-30' }, 'Debe seleccionar una fecha de vencimiento'],
      [{ ...nuevo(ids.ana), links: 'x' }, 'links debe ser una lista de textos'],
      [{ ...nuevo(ids.ana), notariaId: 999 }, 'Notaría no encontrada'],
      [[1, 2], 'El cuerpo debe ser un objeto JSON'],
      [null, 'El cuerpo debe ser un objeto JSON'],
    ];
    for (const [body, message] of cases) {
      const r = await send('POST', '/expediente', 'ana', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toBe(message);
    }
    const raw = await server.api('/expediente', { method: 'POST', token: tokens.ana, headers: { 'Content-Type': 'application/json' }, body: '{"titulo":' });
    expect(await json(raw)).toEqual({ status: 400, body: { message: 'Cuerpo JSON inválido' } });
    for (const q of ['page=abc', 'page=0', 'pageSize=1000', 'sort=password', 'order=up']) {
      expect((await get(`/expediente/owner/${ids.ana}?${q}`, 'ana')).status, q).toBe(400);
    }
    expect(await count('expedientes')).toBe(before);
  });
});

describe('server-side pages of /expediente/owner with owned cases and cases seen through a privilegio', () => {
  const dni = (n: number) => `${String(n).padStart(8, '0')}${'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23]}`;
  const p: Record<string, string> = {};
  /** Every case inserted here: title, persona key, fecha_alta (two pairs share one). */
  const casos: { titulo: string; quien: string; fecha: string }[] = [];
  const visibles = ['tutora', 'hijo', 'sociedad', 'madre'];
  let token: string;
  const lista = (path: string) => server.api(path, { token }).then(json);
  const titulos = (body: any) => (body.data ?? body).map((e: any) => e.titulo);

  beforeAll(async () => {
    p.tutora = await persona('Tutora', dni(70000001));
    p.hijo = await persona('Hijo', dni(70000002), p.tutora);
    p.sociedad = await persona('Zeta Inversiones SL', 'B70000003', p.tutora, 'JURIDICA');
    p.madre = await persona('Madre', dni(70000004));
    p.tio = await persona('Tío', dni(70000005));
    p.vecino = await persona('Vecino', dni(70000006));
    p.ajeno = await persona('Ajeno', dni(70000007));
    await privilegio(p.madre, p.tutora, ['leer_expedientes']); // in force
    await privilegio(p.tio, p.tutora, ['leer_expedientes'], '2021-01-01'); // expired
    await privilegio(p.vecino, p.tutora, ['leer_ficha']); // in force, without leer_expedientes
    let minuto = 0;
    for (const [quien, n] of [['tutora', 3], ['hijo', 4], ['sociedad', 2], ['madre', 5], ['tio', 2], ['vecino', 2], ['ajeno', 3]] as const) {
      for (let i = 1; i <= n; i++) {
        // minutes 3 and 4, 9 and 10 collide: ties on fecha_alta are broken by id, the same on every page
        const fecha = new Date(Date.UTC(2025, 0, 1, 12, [4, 10].includes(++minuto) ? minuto - 1 : minuto)).toISOString();
        casos.push({ titulo: `${quien} ${i}`, quien, fecha });
        await server.ctx.db.query(
          `insert into servicios.expedientes (titulo, estado, fecha_alta, due_date, persona_id, notaria_id) values ($1, $2, $3, $4, $5, $6)`,
          [`${quien} ${i}`, ['PENDIENTE', 'EN_TRAMITE', 'FINALIZADO'][minuto % 3], fecha, minuto % 2 ? null : `2026-0${(minuto % 9) + 1}-15`, p[quien], [1, 2, 3, 99][minuto % 4]],
        );
      }
    }
    token = await server.token(p.tutora);
  });

  it('counts exactly the owned and privilegio-visible cases and pages them without gaps or repeats in every order', async () => {
    const esperados = casos.filter((c) => visibles.includes(c.quien)).map((c) => c.titulo);
    const todos = await lista(`/expediente/owner/${p.tutora}`);
    expect(titulos(todos.body).sort()).toEqual([...esperados].sort());

    // page 1 of the default order (newest first) by hand: the four newest visible cases
    const nuevos = casos.filter((c) => visibles.includes(c.quien)).sort((a, b) => b.fecha.localeCompare(a.fecha)).slice(0, 4);
    const primera = await lista(`/expediente/owner/${p.tutora}?page=1&pageSize=4`);
    expect(primera.body.total).toBe(esperados.length);
    expect(titulos(primera.body)).toEqual(nuevos.map((c) => c.titulo));
    expect(primera.body.data[0]).toEqual(todos.body[0]); // the same DTO as the plain list

    for (const sort of ['', 'fechaAlta', 'titulo', 'estado', 'dueDate', 'clienteNombre', 'notariaNombre']) {
      for (const order of ['asc', 'desc']) {
        const qs = sort ? `&sort=${sort}&order=${order}` : '';
        const completa = await lista(`/expediente/owner/${p.tutora}?${qs.slice(1)}`);
        const paginas: any[] = [];
        for (let page = 1; page <= 5; page++) {
          const r = await lista(`/expediente/owner/${p.tutora}?page=${page}&pageSize=3${qs}`);
          expect(r.status).toBe(200);
          expect(r.body.total, `${qs} page ${page}`).toBe(esperados.length);
          paginas.push(...r.body.data);
        }
        expect(paginas, qs).toEqual(completa.body);
      }
    }
    expect(await lista(`/expediente/owner/${p.tutora}?page=9&pageSize=3`)).toEqual({ status: 200, body: { data: [], total: esperados.length } });
  });

  it('filters before counting, and lists one visible persona on its own', async () => {
    const madre = await lista(`/expediente/owner/${p.tutora}?page=1&pageSize=2&q=madre%20prueba`);
    expect(madre.body.total).toBe(5);
    expect(titulos(madre.body)).toEqual(['madre 5', 'madre 4']);
    const sociedad = await lista(`/expediente/owner/${p.tutora}?page=1&pageSize=10&q=zeta&sort=titulo&order=desc`);
    expect(sociedad.body).toMatchObject({ total: 2, data: [{ titulo: 'sociedad 2', clienteNombre: 'Zeta Inversiones SL' }, { titulo: 'sociedad 1' }] });
    expect((await lista(`/expediente/owner/${p.tutora}?page=1&pageSize=10&q=t%C3%ADo`)).body).toEqual({ data: [], total: 0 });

    const soloMadre = await lista(`/expediente/owner/${p.madre}?page=2&pageSize=2&sort=titulo&order=asc`);
    expect(soloMadre.body).toMatchObject({ total: 5, data: [{ titulo: 'madre 3' }, { titulo: 'madre 4' }] });
    expect((await lista(`/expediente/owner/${p.hijo}?page=1&pageSize=10`)).body.total).toBe(4);
    for (const quien of ['tio', 'vecino', 'ajeno']) expect((await lista(`/expediente/owner/${p[quien]}?page=1`)).status, quien).toBe(404);
  });

  it('keeps the total exact whoever writes the cases: moved to another persona, deleted, bulk-inserted, with their persona deleted', async () => {
    const total = async () => (await lista(`/expediente/owner/${p.tutora}?page=1&pageSize=2`)).body.total;
    const plain = async () => (await lista(`/expediente/owner/${p.tutora}`)).body.length;
    const antes = await total();
    const db = server.ctx.db;
    const otro = await persona('Otro', dni(70000008), p.tutora);
    // a case of ajeno (not visible) moved to the owned 'otro', one of hijo's moved to ajeno, and a title changed
    await db.query(`update servicios.expedientes set persona_id = $1 where titulo = 'ajeno 1'`, [otro]);
    await db.query(`update servicios.expedientes set persona_id = $1 where titulo = 'hijo 4'`, [p.ajeno]);
    await db.query(`update servicios.expedientes set titulo = 'hijo uno' where titulo = 'hijo 1'`);
    expect(await total()).toBe(antes);
    await db.query(`insert into servicios.expedientes (titulo, persona_id, notaria_id) select 'otro ' || g, $1, 1 from generate_series(1, 25) g`, [otro]);
    expect(await total()).toBe(antes + 25);
    await db.query(`delete from servicios.expedientes where titulo in ('otro 1', 'otro 2', 'madre 1')`);
    expect(await total()).toBe(antes + 22);
    await db.query(`delete from servicios.personas where id = $1`, [otro]);
    expect(await total()).toBe(antes - 2);
    expect(await plain()).toBe(antes - 2);
    expect((await lista(`/expediente/owner/${p.tutora}?page=1&pageSize=2&q=madre`)).body.total).toBe(4);
  });
});

describe('actos', () => {
  let exp: any;
  let acto: any;
  const datos = {
    otorgantes: [{ nif: '11111111H', nombre: 'Ana', estado_civil: 'CASADO', regimen_economico: 'GANANCIALES', fecha_nacimiento: '1980-05-17' }],
    apoderados: [{ nif: '22222222J', nombre: 'Cliente' }],
    proposito: { alcance: 'ESPECIAL', facultades: 'Vender el piso' },
  };

  beforeAll(async () => {
    exp = (await send('POST', '/expediente', 'ana', nuevo(ids.ana, 'Poder para mi hermano'))).body;
  });

  it('creates an act as BORRADOR (id empty or a local temp- id) and lists it with its form data', async () => {
    const r = await send('POST', '/acto', 'ana', {
      id: '',
      expedienteId: exp.id,
      titulo: 'Poder General 01/06/2026 10:00',
      fecha: '2026-06-01T08:00:00.000Z',
      definicionActoId: '3',
      datosFormulario: datos,
      nombre_acto: 'Poder General',
      url_acto: '/formulario.html',
    });
    expect(r.status).toBe(201);
    acto = r.body;
    expect(acto).toMatchObject({ expedienteId: exp.id, status: 'BORRADOR', definicionActoId: 3, datosFormulario: datos, fecha: '2026-06-01T08:00:00.000Z' });
    const retried = await send('POST', '/acto', 'ana', { id: 'temp-1717', expedienteId: exp.id, titulo: 'Reintento' });
    expect(retried.status).toBe(201);
    expect(retried.body.id).not.toBe('temp-1717');

    const list = await get(`/acto/expediente/${exp.id}`, 'ana');
    expect(list.body.map((a: any) => a.titulo)).toEqual(['Poder General 01/06/2026 10:00', 'Reintento']);
  });

  it('updates status and data of an act; without id it answers "ID del acto requerido para actualización"', async () => {
    const r = await send('PUT', `/acto/${acto.id}`, 'ana', { ...acto, status: 'ENVIADO' });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('ENVIADO');
    expect(r.body.datosFormulario).toEqual(datos);
    // a sent act is read-only: its data changes only after it is taken back to BORRADOR
    const partial = await send('PUT', `/acto/${acto.id}`, 'ana', { datosFormulario: { proposito: { alcance: 'GENERAL' } } });
    expect(partial).toEqual({ status: 409, body: { message: 'Un acto enviado no se puede modificar. Cambie su estado a Borrador para editarlo.' } });
    expect((await get(`/acto/expediente/${exp.id}`, 'ana')).body.find((a: any) => a.id === acto.id).datosFormulario).toEqual(datos);

    for (const path of ['/acto', '/acto/temp-123', '/acto/undefined']) {
      expect(await send('PUT', path, 'ana', { titulo: 'x' })).toEqual({ status: 400, body: { message: 'ID del acto requerido para actualización' } });
    }
    expect((await send('PUT', '/acto/00000000-0000-4000-8000-000000000000', 'ana', { titulo: 'x' })).status).toBe(404);
  });

  it('follows the visibility rule: stranger and expired 404, reader may read but not write, manager may write', async () => {
    expect((await get(`/acto/expediente/${exp.id}`, 'extrano')).status).toBe(404);
    expect((await get(`/acto/expediente/${exp.id}`, 'caducado')).status).toBe(404);
    expect((await get(`/acto/expediente/${exp.id}`, 'lector')).body).toHaveLength(2);
    expect(await send('PUT', `/acto/${acto.id}`, 'extrano', { status: 'BORRADOR' })).toEqual({ status: 404, body: { message: 'Acto no encontrado' } });
    expect((await send('PUT', `/acto/${acto.id}`, 'caducado', { status: 'BORRADOR' })).status).toBe(404);
    expect((await send('POST', '/acto', 'extrano', { expedienteId: exp.id, titulo: 'Intruso' })).status).toBe(404);
    expect((await send('PUT', `/acto/${acto.id}`, 'lector', { status: 'BORRADOR' })).status).toBe(403);
    expect((await send('POST', '/acto', 'lector', { expedienteId: exp.id, titulo: 'Lector' })).status).toBe(403);
    const g = await send('PUT', `/acto/${acto.id}`, 'gestor', { status: 'BORRADOR' });
    expect(g.status).toBe(200);
    expect((await get(`/acto/expediente/${exp.id}`, 'ana')).body.find((a: any) => a.id === acto.id).status).toBe('BORRADOR');
  });

  it('rejects malformed act bodies with 400 and changes nothing', async () => {
    const before = await count('actos');
    const bad: Array<[string, string, unknown, string]> = [
      ['POST', '/acto', { expedienteId: exp.id }, 'Debe introducir un título para el acto'],
      ['POST', '/acto', { expedienteId: 'x', titulo: 'a' }, 'Debe indicar el expediente del acto'],
      ['POST', '/acto', { expedienteId: exp.id, titulo: 'a', status: 'FIRMADO' }, 'El estado del acto debe ser BORRADOR o ENVIADO'],
      ['POST', '/acto', { expedienteId: exp.id, titulo: 'a', datosFormulario: 'texto' }, 'Los datos del formulario no son válidos'],
      ['POST', '/acto', { expedienteId: exp.id, titulo: 'a', url_acto: 'javascript:alert(1)' }, 'La URL del acto no es válida'],
      ['POST', '/acto', { expedienteId: exp.id, titulo: 'a', fecha: 'ayer' }, 'La fecha del acto no es válida'],
      ['POST', '/acto', { id: 'd3b07384-d9a0-4c9b-8f6e-000000000000', expedienteId: exp.id, titulo: 'a' }, 'Un acto nuevo no lleva id'],
      ['PUT', `/acto/${acto.id}`, { status: 'FIRMADO' }, 'El estado del acto debe ser BORRADOR o ENVIADO'],
      ['PUT', `/acto/${acto.id}`, { titulo: '  ' }, 'Debe introducir un título para el acto'],
      ['PUT', `/acto/${acto.id}`, { definicionActoId: 'tres' }, 'La definición del acto no es válida'],
      ['PUT', `/acto/${acto.id}`, [], 'El cuerpo debe ser un objeto JSON'],
    ];
    for (const [method, path, body, message] of bad) {
      const r = await send(method, path, 'ana', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toBe(message);
    }
    const raw = await server.api(`/acto/${acto.id}`, { method: 'PUT', token: tokens.ana, headers: { 'Content-Type': 'application/json' }, body: 'no-json' });
    expect(raw.status).toBe(400);
    expect(await count('actos')).toBe(before);
    expect((await get(`/acto/expediente/${exp.id}`, 'ana')).body.find((a: any) => a.id === acto.id)).toMatchObject({ status: 'BORRADOR', titulo: acto.titulo });
  });
});

describe('persona lookups (find person by NIF)', () => {
  it('finds own and owned personas by identifier number, in every spelling', async () => {
    const all = await get('/persona/all/22222222J', 'ana');
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(1);
    expect(all.body[0]).toMatchObject({ id: ids.cliente, tipoPersona: 'FISICA', identificador: { numero: '22222222J' }, nombre: 'Cliente de Ana', fechaNacimiento: '1980-05-17', estadoCivil: 'CASADO' });
    expect((await get(`/persona/fisica/${encodeURIComponent(' 22222222-j ')}`, 'ana')).body[0].numeroIdentificador).toBe('22222222J');
    expect((await get('/persona/juridica/22222222J', 'ana')).body).toEqual([]);
    const empresa = await get('/persona/juridica/B12345674', 'ana');
    expect(empresa.body[0]).toMatchObject({ razonSocial: 'Construcciones Ana SL', cif: 'B12345674' });
    expect((await get('/persona/all/11111111H', 'ana')).body[0].id).toBe(ids.ana);
  });

  it('does not find personas the caller may not read', async () => {
    expect((await get('/persona/all/33333333P', 'ana')).body).toEqual([]);
    expect((await get('/persona/all/11111111H', 'extrano')).body).toEqual([]);
    expect((await get('/persona/all/11111111H', 'lector')).body).toEqual([]); // no leer_ficha
    expect((await get('/persona/all/11111111H', 'caducado')).body).toEqual([]);
    expect((await get('/persona/all/11111111H', 'gestor')).body[0].id).toBe(ids.ana);
    expect((await server.api('/persona/all/11111111H')).status).toBe(401);
    expect((await get(`/persona/all/${'9'.repeat(60)}`, 'ana')).body).toEqual([]);
  });
});
