/**
 * Representatives and the records they touch: a partial change never wipes a record, a failed
 * operation writes nothing, two registered users can be linked by document without disclosing
 * anything, a registered user's document cannot become another client's record, and the owner's
 * list answers only what the caller may read one by one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { insertPersona, insertPrivilegio, nuevoNif } from './personas.fixtures';
import { carlos } from '../support/carlos';

let server: TestServer;
let ana: string; // a registered client
let anaToken: string;
let cliente: string; // a persona Ana created
let bea: string; // another registered client
let beaToken: string;
let beaNif: string;

beforeAll(async () => {
  server = await startTestServer();
  ana = await insertPersona(server, { nombre: 'Ana', primerApellido: 'García' });
  anaToken = await server.token(ana);
  cliente = await insertPersona(server, { owner: ana, nombre: 'Lola', primerApellido: 'Cliente' });
  beaNif = nuevoNif();
  bea = await insertPersona(server, { numero: beaNif, nombre: 'Beatriz', primerApellido: 'Secreta', email: 'bea@example.com' });
  beaToken = await server.token(bea);
  // Bea's account is bound to her document by proof: only then is she linked by it (issue 30)
  await server.ctx.db.query(
    `with u as (insert into servicios.usuarios (tipo_documento, numero_documento, email, persona_id) values ('NIF', $1, 'bea@example.com', $2) returning id)
     insert into servicios.identidades (usuario_id, metodo, detalle) select id, 'oficina', 'prueba' from u`,
    [beaNif, bea],
  );
});
afterAll(() => server?.close());


/** What the representative form sends with only the required fields (and its defaults). */
const minimo = (numero: string) => ({
  tipoPersona: 'FISICA',
  identificador: { tipo: 'NIF', numero },
  nombre: 'Carlos',
  primerApellido: 'Ruiz',
  genero: 'MASCULINO',
  estadoCivil: 'SOLTERO',
  fechaNacimiento: '1970-02-03',
  profesion: 'Abogado/a',
  direccion: { pais: 'ESP' },
});
const rellenados = (numero: string) => ({
  tipoPersona: 'FISICA',
  identificador: { tipo: 'NIF', numero },
  nombre: 'Carlos',
  primerApellido: 'Ruiz',
  fechaNacimiento: '1970-02-03',
  profesion: 'Abogado/a',
});
const privilegio = (otorgante: string) => ({
  personaOtorganteId: otorgante,
  tipoPrivilegio: 'GENERAL',
  fechaInicioRelacion: '2024-01-01',
  permisoLeerFicha: true,
});

const crear = async (json: unknown, token = anaToken) => server.api('/persona', { method: 'POST', token, json });
const representante = (json: unknown, token = anaToken) => server.api('/privilegio/representante', { method: 'POST', token, json });
const leer = async (id: string, token = anaToken) => (await server.api(`/persona/${id}`, { token })).json();
const filaDe = async (id: string) =>
  (await server.ctx.db.query('select * from servicios.personas where id = $1', [id])).rows[0] as Record<string, unknown>;

describe('PUT /persona/{id}: a field left out is kept, an explicit null clears it', () => {
  it('sending only the name keeps every other field; null clears the e-mail and one address field', async () => {
    const numero = nuevoNif();
    const id = (await (await crear(carlos(numero))).json()).id as string;
    const res = await server.api(`/persona/${id}`, { method: 'PUT', token: anaToken, json: { nombre: 'Carlos José' } });
    expect(res.status).toBe(200);
    expect(await leer(id)).toMatchObject({ ...carlos(numero), nombre: 'Carlos José' });

    await server.api(`/persona/${id}`, { method: 'PUT', token: anaToken, json: { email: null, direccion: { numeroVia: null } } });
    const after = await leer(id);
    expect(after).not.toHaveProperty('email');
    expect(after.direccion).toEqual({ tipoVia: 'Calle', nombreVia: 'Mayor', codPostal: '28013', localidad: 'Madrid', provincia: 'Madrid', pais: 'ESP' });
    expect(after).toMatchObject({ telefono: '+34 600 111 222', segundoApellido: 'Sanz', genero: 'FEMENINO' });
  });

  it('a partial change is still validated as a whole record', async () => {
    const id = (await (await crear(carlos(nuevoNif()))).json()).id as string;
    const res = await server.api(`/persona/${id}`, { method: 'PUT', token: anaToken, json: { telefono: 'abc' } });
    expect(res.status).toBe(400);
    expect((await leer(id)).telefono).toBe('+34 600 111 222');
  });
});

describe('POST /privilegio/representante: find or create the person, grant, in one transaction', () => {
  it("adding an existing person with only the required fields keeps everything else of their record", async () => {
    const numero = nuevoNif();
    const carlosId = (await (await crear(carlos(numero))).json()).id as string;
    const res = await representante({ persona: minimo(numero), rellenados: rellenados(numero), privilegio: privilegio(cliente) });
    expect(res.status).toBe(201);
    const priv = await res.json();
    expect(priv).toMatchObject({ personaOtorganteId: cliente, personaReceptoraId: carlosId, permisoLeerFicha: true });
    expect(await leer(carlosId)).toMatchObject(carlos(numero));
  });

  it('a new person is created whole, with the form defaults', async () => {
    const numero = nuevoNif();
    const res = await representante({ persona: minimo(numero), rellenados: rellenados(numero), privilegio: privilegio(cliente) });
    expect(res.status).toBe(201);
    const persona = await leer((await res.json()).personaReceptoraId);
    expect(persona).toMatchObject({ ...minimo(numero), identificador: { tipo: 'NIF', numero } });
  });

  it('making a person their own representative fails and writes nothing', async () => {
    const numero = nuevoNif();
    const carlosId = (await (await crear(carlos(numero))).json()).id as string;
    const antes = await filaDe(carlosId);
    const res = await representante({ persona: minimo(numero), rellenados: { ...rellenados(numero), nombre: 'Otro' }, privilegio: privilegio(carlosId) });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Una persona no puede otorgarse un privilegio a sí misma');
    expect(await filaDe(carlosId)).toEqual(antes);
  });

  it('a privilegio that fails after the person was updated rolls the update back', async () => {
    const numero = nuevoNif();
    const carlosId = (await (await crear(carlos(numero))).json()).id as string;
    await insertPrivilegio(server, { otorgante: cliente, receptora: carlosId, modificable: false });
    const antes = await filaDe(carlosId);
    const res = await representante({ persona: minimo(numero), rellenados: { ...rellenados(numero), nombre: 'Cambiado' }, privilegio: privilegio(cliente) });
    expect(res.status).toBe(403);
    expect(await filaDe(carlosId)).toEqual(antes);
  });

  it('a second call updates the privilegio (200) instead of refusing it', async () => {
    const numero = nuevoNif();
    expect((await representante({ persona: minimo(numero), privilegio: privilegio(cliente) })).status).toBe(201);
    const again = await representante({ persona: minimo(numero), privilegio: { ...privilegio(cliente), permisoLeerExpedientes: true } });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ permisoLeerExpedientes: true });
  });

  it('only the granting person or its owner may do it (404), and nothing is written', async () => {
    const numero = nuevoNif();
    const res = await representante({ persona: minimo(numero), privilegio: privilegio(cliente) }, beaToken);
    expect(res.status).toBe(404);
    const { rows } = await server.ctx.db.query('select 1 from servicios.personas where identificador_numero = $1', [numero]);
    expect(rows).toEqual([]);
  });
});

describe('two registered users', () => {
  it('Ana makes Bea her representative by document: Bea gets access, her record is not written or disclosed', async () => {
    const antes = await filaDe(bea);
    const res = await representante({
      persona: { ...minimo(beaNif), nombre: 'Nombre', primerApellido: 'Inventado' },
      privilegio: { ...privilegio(ana), permisoLeerExpedientes: true },
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.personaReceptoraId).toBe(bea);
    expect(JSON.stringify(body)).not.toContain('Secreta');
    expect(JSON.stringify(body)).not.toContain('bea@example.com');
    expect(await filaDe(bea)).toEqual(antes);
    // Bea now reads Ana's record; Ana still cannot read Bea's
    expect((await server.api(`/persona/${ana}`, { token: beaToken })).status).toBe(200);
    expect((await server.api(`/persona/${bea}`, { token: anaToken })).status).toBe(404);
  });

  it("a client cannot create a record of their own with a registered user's document (409, in Spanish)", async () => {
    const res = await crear({ ...minimo(beaNif) });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toMatch(/^Ese documento pertenece a un usuario registrado/);
    const otro = (await (await crear(minimo(nuevoNif()))).json()).id as string;
    const cambio = await server.api(`/persona/${otro}`, { method: 'PUT', token: anaToken, json: { identificador: { tipo: 'NIF', numero: beaNif } } });
    expect(cambio.status).toBe(409);
  });

  it('the database refuses it too, whoever writes', async () => {
    await expect(insertPersona(server, { owner: ana, numero: beaNif })).rejects.toMatchObject({ code: '23505' });
  });
});

describe('GET /persona/owner/{id}', () => {
  it("a representative reads only the owner's personas they may read one by one, and each is in the audit log", async () => {
    const rep = await insertPersona(server, { nombre: 'Rita' });
    await insertPrivilegio(server, { otorgante: ana, receptora: rep, permisos: ['leer_ficha'] });
    const visible = await insertPersona(server, { owner: ana, nombre: 'Visible', email: 'visible@example.com' });
    const reducida = await insertPersona(server, { owner: ana, nombre: 'Reducida', email: 'reducida@example.com' });
    await insertPrivilegio(server, { otorgante: visible, receptora: rep, permisos: ['leer_ficha'] });
    await insertPrivilegio(server, { otorgante: reducida, receptora: rep, permisos: ['leer_ficha_reducida'] });
    const repToken = await server.token(rep);

    const res = await server.api(`/persona/owner/${ana}`, { token: repToken });
    expect(res.status).toBe(200);
    const list = (await res.json()) as { id: string; email?: string; fichaReducida?: boolean }[];
    for (const p of list) expect((await server.api(`/persona/${p.id}`, { token: repToken })).status).toBe(200);
    expect(list.map((p) => p.id).sort()).toEqual([visible, reducida].sort());
    expect(list.find((p) => p.id === reducida)).toMatchObject({ fichaReducida: true });
    expect(list.find((p) => p.id === reducida)).not.toHaveProperty('email');
    expect(JSON.stringify(list)).not.toContain('Lola');

    const { rows } = await server.ctx.db.query<{ entity_id: string }>(
      `select entity_id from servicios.audit_log where actor = $1 and entity = 'persona' and action = 'read'`,
      [rep],
    );
    expect(rows.map((r) => r.entity_id)).toEqual(expect.arrayContaining([visible, reducida]));
  });

  it('pages on the server and searches names and documents ignoring accents and case', async () => {
    const owner = await insertPersona(server, { nombre: 'Dueña' });
    const token = await server.token(owner);
    for (let i = 0; i < 25; i++) await insertPersona(server, { owner, nombre: `Persona ${String(i).padStart(2, '0')}`, primerApellido: 'Pérez' });
    const numero = nuevoNif();
    await insertPersona(server, { owner, numero, nombre: 'José', primerApellido: 'López' });

    const page = await (await server.api(`/persona/owner/${owner}?page=2&pageSize=10`, { token })).json();
    expect(page.total).toBe(26);
    expect(page.data).toHaveLength(10);
    const search = await (await server.api(`/persona/owner/${owner}?page=1&pageSize=10&q=LOPEZ%20`, { token })).json();
    expect(search).toMatchObject({ total: 1, data: [{ nombre: 'José', primerApellido: 'López' }] });
    const porDoc = await (await server.api(`/persona/owner/${owner}?page=1&q=${numero.toLowerCase()}`, { token })).json();
    expect(porDoc.data.map((p: { identificador: { numero: string } }) => p.identificador.numero)).toEqual([numero]);
    expect((await server.api(`/persona/owner/${owner}?page=1&pageSize=1000`, { token })).status).toBe(400);
  });
});
