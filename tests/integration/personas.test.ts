import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { countPersonas, insertPersona, insertPrivilegio, nuevoNif, type PermisoColumna } from './personas.fixtures';

let server: TestServer;
let owner: string; // a signed-in client
let ownerToken: string;
let cliente: string; // a persona the owner created
let stranger: string;
let strangerToken: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await insertPersona(server, { nombre: 'Ana', primerApellido: 'García', email: 'ana@example.com' });
  cliente = await insertPersona(server, { owner, nombre: 'Carlos', primerApellido: 'Ruiz', email: 'carlos@example.com' });
  stranger = await insertPersona(server, { nombre: 'Eva', primerApellido: 'Extraña' });
  ownerToken = await server.token(owner);
  strangerToken = await server.token(stranger);
});
afterAll(() => server?.close());

const get = (id: string, token: string) => server.api(`/persona/${id}`, { token });

/** A representative of `cliente` holding exactly these permissions. */
async function representante(permisos: PermisoColumna[], dates: { inicio?: string; fin?: string } = {}) {
  const id = await insertPersona(server, { nombre: 'Rita', primerApellido: 'Representante' });
  await insertPrivilegio(server, { otorgante: cliente, receptora: id, permisos, ...dates });
  return { id, token: await server.token(id) };
}

const fisica = (extra: Record<string, unknown> = {}) => ({
  tipoPersona: 'FISICA',
  identificador: { tipo: 'NIF', numero: nuevoNif() },
  nombre: 'Marta',
  primerApellido: 'López',
  segundoApellido: 'Sanz',
  genero: 'FEMENINO',
  fechaNacimiento: '1985-03-09',
  estadoCivil: 'CASADO',
  regimenEconomico: 'GANANCIALES',
  profesion: 'Abogado/a',
  email: 'marta@example.com',
  telefono: '+34 600 111 222',
  direccion: { tipoVia: 'Calle', nombreVia: 'Mayor', numeroVia: '5', codPostal: '28013', localidad: 'Madrid', provincia: 'Madrid', pais: 'ESP' },
  ...extra,
});

describe('GET /persona/{id}: who sees a record', () => {
  it('the person themself and the owner read the whole record with its links', async () => {
    for (const token of [await server.token(cliente), ownerToken]) {
      const res = await get(cliente, token);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toMatchObject({
        id: cliente,
        tipoPersona: 'FISICA',
        nombre: 'Carlos',
        email: 'carlos@example.com',
        fechaNacimiento: '1980-05-17',
        identificador: { tipo: 'NIF' },
        direccion: { codPostal: '28001', pais: 'ESP' },
        links: {
          self: `/nt/demo/v1/servicios/persona/${cliente}`,
          privilegiosOtorgados: `/nt/demo/v1/servicios/privilegio/concedidos/${cliente}`,
          privilegiosRecibidos: `/nt/demo/v1/servicios/privilegio/recibidos/${cliente}`,
          personaNotarias: `/nt/demo/v1/servicios/personaNotaria/persona/${cliente}`,
        },
      });
      expect(body.fichaReducida).toBeUndefined();
    }
  });

  it('a representative with permisoLeerFicha reads the whole record', async () => {
    const rep = await representante(['leer_ficha']);
    const body = await (await get(cliente, rep.token)).json();
    expect(body.email).toBe('carlos@example.com');
  });

  it('with only permisoLeerFichaReducida the record is reduced to names and identifier', async () => {
    const rep = await representante(['leer_ficha_reducida']);
    const res = await get(cliente, rep.token);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ id: cliente, nombre: 'Carlos', primerApellido: 'Ruiz', fichaReducida: true, identificador: { tipo: 'NIF' } });
    expect(body.email).toBeUndefined();
    expect(body.direccion).toBeUndefined();
    expect(body.fechaNacimiento).toBeUndefined();
  });

  it('other permissions, ended or future relations, strangers and admins get 404', async () => {
    const sinFicha = await representante(['leer_expedientes', 'leer_actos']);
    const terminado = await representante(['leer_ficha'], { inicio: '2015-01-01', fin: '2020-01-01' });
    const futuro = await representante(['leer_ficha'], { inicio: '2999-01-01' });
    const admin = await server.token(stranger, 'admin');
    for (const token of [sinFicha.token, terminado.token, futuro.token, strangerToken, admin]) {
      const res = await get(cliente, token);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Persona no encontrada' });
    }
  });

  it('a privilegio does not work backwards: the represented person cannot read the representative', async () => {
    const rep = await representante(['leer_ficha']);
    expect((await get(rep.id, await server.token(cliente))).status).toBe(404);
  });

  it('unknown or malformed ids answer 404 and a missing token 401', async () => {
    expect((await get('00000000-0000-0000-0000-000000000000', ownerToken)).status).toBe(404);
    expect((await get('no-es-un-uuid', ownerToken)).status).toBe(404);
    expect((await server.api(`/persona/${cliente}`)).status).toBe(401);
  });
});

describe('POST /persona', () => {
  it('creates a persona owned by the caller, dropping empty values and the other kind\'s fields', async () => {
    const body = fisica({ segundoApellido: '', telefono: '   ', razonSocial: 'No aplica', direccion: { nombreVia: 'Mayor', piso: '' } });
    const res = await server.api('/persona', { method: 'POST', token: ownerToken, json: body });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({ tipoPersona: 'FISICA', nombre: 'Marta', direccion: { nombreVia: 'Mayor' } });
    expect(created).not.toHaveProperty('segundoApellido');
    expect(created).not.toHaveProperty('telefono');
    expect(created).not.toHaveProperty('razonSocial');
    expect(created.direccion).not.toHaveProperty('piso');
    const { rows } = await server.ctx.db.query<{ owner_id: string }>('select owner_id from servicios.personas where id = $1', [created.id]);
    expect(rows[0].owner_id).toBe(owner);
    expect((await get(created.id, ownerToken)).status).toBe(200);
    expect((await get(created.id, strangerToken)).status).toBe(404);
  });

  it('a legal person keeps razonSocial and its CIF; DNI is read as NIF', async () => {
    const res = await server.api('/persona', {
      method: 'POST',
      token: ownerToken,
      json: { tipoPersona: 'JURIDICA', identificador: { tipo: 'DNI', numero: 'b-1234567-4' }, razonSocial: 'Construcciones Sol S.L.', nombre: 'x' },
    });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({ razonSocial: 'Construcciones Sol S.L.', identificador: { tipo: 'NIF', numero: 'B12345674' } });
    expect(created).not.toHaveProperty('nombre');
  });

  it('the same identifier twice under one owner answers 403 (Spanish message, code persona_exists) and stores nothing', async () => {
    const body = fisica();
    expect((await server.api('/persona', { method: 'POST', token: ownerToken, json: body })).status).toBe(201);
    const before = await countPersonas(server);
    const again = await server.api('/persona', { method: 'POST', token: ownerToken, json: { ...body, nombre: 'Otra' } });
    expect(again.status).toBe(403);
    expect(await again.json()).toEqual({ message: 'Ya existe una persona con ese identificador', code: 'persona_exists' });
    expect(await countPersonas(server)).toBe(before);
    // another owner may hold the same identifier
    expect((await server.api('/persona', { method: 'POST', token: strangerToken, json: body })).status).toBe(201);
  });

  it.each([
    [{ tipoPersona: 'OTRA' }, 'tipoPersona', 'El tipo de persona debe ser FISICA o JURIDICA'],
    [{ identificador: { tipo: 'NIF', numero: '12345678A' } }, 'identificador.numero', 'El NIF introducido no es válido'],
    [{ identificador: { tipo: 'NIE', numero: 'X1234567A' } }, 'identificador.numero', 'El NIE introducido no es válido'],
    [{ identificador: { tipo: 'NIF', numero: '' } }, 'identificador.numero', 'El número de identificador es obligatorio'],
    [{ identificador: undefined }, 'identificador', 'El número de identificador es obligatorio'],
    [{ identificador: { tipo: 'CARNET', numero: '1' } }, 'identificador.tipo', 'El tipo de identificador debe ser NIF, NIE o PASAPORTE'],
    [{ email: 'no-es-un-email' }, 'email', 'Email inválido'],
    [{ telefono: 'llámame' }, 'telefono', 'Teléfono inválido'],
    [{ fechaNacimiento: '17/05/1980' }, 'fechaNacimiento', 'Fecha inválida (formato aaaa-mm-dd)'],
    [{ fechaNacimiento: '1990-02-30' }, 'fechaNacimiento', 'Fecha inválida (formato aaaa-mm-dd)'],
    [{ fechaNacimiento: '1919-12-31' }, 'fechaNacimiento', 'La fecha no puede ser anterior a 1920'],
    [{ fechaNacimiento: '2999-01-01' }, 'fechaNacimiento', 'La fecha no puede ser en el futuro'],
    [{ genero: 'X' }, 'genero', 'El género debe ser MASCULINO, FEMENINO u OTROS'],
    [{ estadoCivil: 'NOVIO' }, 'estadoCivil', 'Estado civil inválido'],
    [{ regimenEconomico: 'MIXTO' }, 'regimenEconomico', 'El régimen económico debe ser PRIVATIVO o GANANCIALES'],
    [{ direccion: { codPostal: '2801' } }, 'direccion.codPostal', 'El código postal debe tener 5 dígitos'],
    [{ direccion: { pais: 'España' } }, 'direccion.pais', 'El país debe ser un código ISO de tres letras'],
  ])('malformed %j answers 400 with the field message', async (change, field, message) => {
    const before = await countPersonas(server);
    const res = await server.api('/persona', { method: 'POST', token: ownerToken, json: fisica(change) });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toBe(message);
    expect(body.fieldErrors[field]).toBe(message);
    expect(await countPersonas(server)).toBe(before);
  });

  it('checks the identifier by person kind', async () => {
    const post = (json: unknown) => server.api('/persona', { method: 'POST', token: ownerToken, json });
    const cif = await post({ tipoPersona: 'JURIDICA', identificador: { tipo: 'NIF', numero: 'B12345675' }, razonSocial: 'X' });
    expect((await cif.json()).message).toBe('El CIF introducido no es válido');
    const pasaporte = await post({ tipoPersona: 'JURIDICA', identificador: { tipo: 'PASAPORTE', numero: 'AB1' }, razonSocial: 'X' });
    expect((await pasaporte.json()).message).toBe('Tipo de documento no compatible con el tipo de entidad');
    // a natural person's passport is never checked
    expect((await post(fisica({ identificador: { tipo: 'PASAPORTE', numero: 'PA-000' } }))).status).toBe(201);
  });

  it('rejects a body that is not JSON', async () => {
    const res = await server.api('/persona', { method: 'POST', token: ownerToken, body: '{nope', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Cuerpo JSON inválido');
  });
});

describe('PUT /persona/{id}', () => {
  it('the owner changes the record: sent fields change, fields left out are kept, an explicit null clears', async () => {
    const id = await insertPersona(server, { owner, nombre: 'Pedro', primerApellido: 'Gil' });
    const current = await (await get(id, ownerToken)).json();
    const { id: _id, links: _links, email: _email, ...rest } = current;
    const res = await server.api(`/persona/${id}`, { method: 'PUT', token: ownerToken, json: { ...rest, nombre: 'Pedro José', profesion: 'Médico/a' } });
    expect(res.status).toBe(200);
    const after = await (await get(id, ownerToken)).json();
    expect(after).toMatchObject({ nombre: 'Pedro José', profesion: 'Médico/a', primerApellido: 'Gil', email: 'lucia@example.com' });
    await server.api(`/persona/${id}`, { method: 'PUT', token: ownerToken, json: { email: null } });
    expect(await (await get(id, ownerToken)).json()).not.toHaveProperty('email');
  });

  it('needs permisoActualizarFicha: with only permisoLeerFicha it is 404 and nothing changes', async () => {
    const lector = await representante(['leer_ficha']);
    const editor = await representante(['actualizar_ficha']);
    const body = { tipoPersona: 'FISICA', identificador: (await (await get(cliente, ownerToken)).json()).identificador, nombre: 'Carlos', primerApellido: 'Ruiz', email: 'nuevo@example.com' };
    expect((await server.api(`/persona/${cliente}`, { method: 'PUT', token: lector.token, json: body })).status).toBe(404);
    expect((await server.api(`/persona/${cliente}`, { method: 'PUT', token: strangerToken, json: body })).status).toBe(404);
    expect((await (await get(cliente, ownerToken)).json()).email).toBe('carlos@example.com');
    expect((await server.api(`/persona/${cliente}`, { method: 'PUT', token: editor.token, json: body })).status).toBe(200);
    expect((await (await get(cliente, ownerToken)).json()).email).toBe('nuevo@example.com');
  });

  it('a stranger gets 404 before any body check', async () => {
    const res = await server.api(`/persona/${cliente}`, { method: 'PUT', token: strangerToken, json: { tipoPersona: 'OTRA' } });
    expect(res.status).toBe(404);
  });

  it('refuses to change the kind, a registered user\'s document, or to duplicate an identifier', async () => {
    const selfToken = await server.token(owner);
    const me = await (await get(owner, selfToken)).json();
    const cambioTipo = await server.api(`/persona/${owner}`, { method: 'PUT', token: selfToken, json: { ...me, tipoPersona: 'JURIDICA', razonSocial: 'X', identificador: { tipo: 'NIF', numero: 'B12345674' } } });
    expect(cambioTipo.status).toBe(400);
    expect((await cambioTipo.json()).message).toBe('No se puede cambiar el tipo de persona');
    const cambioDoc = await server.api(`/persona/${owner}`, { method: 'PUT', token: selfToken, json: { ...me, identificador: { tipo: 'NIF', numero: nuevoNif() } } });
    expect(cambioDoc.status).toBe(400);
    expect((await cambioDoc.json()).message).toBe('El identificador de un usuario registrado no se puede cambiar');

    const numero = nuevoNif();
    await insertPersona(server, { owner, numero });
    const otro = await insertPersona(server, { owner });
    const dup = await server.api(`/persona/${otro}`, { method: 'PUT', token: ownerToken, json: fisica({ identificador: { tipo: 'NIF', numero } }) });
    expect(dup.status).toBe(403);
    expect(await dup.json()).toMatchObject({ message: 'Ya existe una persona con ese identificador', code: 'persona_exists' });
  });
});

describe('GET /persona/owner/{id}', () => {
  it('never answers an unbounded list: without ?page at most 500, with Content-Range saying how many more; pages reach the rest', async () => {
    const muchos = await insertPersona(server, { nombre: 'Cliente', primerApellido: 'Con Muchas' });
    const token = await server.token(muchos);
    await server.ctx.db.query(
      `insert into servicios.personas (owner_id, tipo_persona, identificador_tipo, identificador_numero, nombre, primer_apellido, fecha_nacimiento, estado_civil)
       select $1, 'FISICA', 'PASAPORTE', 'P' || lpad(g::text, 7, '0'), 'Persona', 'Número ' || g, '1980-01-01', 'SOLTERO' from generate_series(1, 520) g`,
      [muchos],
    );
    const res = await server.api(`/persona/owner/${muchos}`, { token });
    expect(res.status).toBe(200);
    expect(((await res.json()) as unknown[]).length).toBe(500);
    expect(res.headers.get('Content-Range')).toBe('0-499/520');
    expect(res.headers.get('X-Total-Count')).toBe('520');
    const ultima = (await (await server.api(`/persona/owner/${muchos}?page=6&pageSize=100`, { token })).json()) as { data: unknown[]; total: number };
    expect(ultima.total).toBe(520);
    expect(ultima.data).toHaveLength(20);
    const buscada = (await (await server.api(`/persona/owner/${muchos}?page=1&pageSize=20&q=${encodeURIComponent('número 517')}`, { token })).json()) as { data: { primerApellido: string }[] };
    expect(buscada.data.map((p) => p.primerApellido)).toEqual(['Número 517']);
  });

  it('lists the personas the caller owns, filtered by identifier type and number', async () => {
    const numero = nuevoNif();
    const id = await insertPersona(server, { owner, numero, nombre: 'Filtrada' });
    const all = await (await server.api(`/persona/owner/${owner}`, { token: ownerToken })).json();
    expect(all.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining([cliente, id]));
    expect(all.map((p: { id: string }) => p.id)).not.toContain(owner);
    const filtered = await (
      await server.api(`/persona/owner/${owner}?identificador.tipo=NIF&identificador.numero=${numero.toLowerCase()}`, { token: ownerToken })
    ).json();
    expect(filtered.map((p: { id: string }) => p.id)).toEqual([id]);
    const none = await (await server.api(`/persona/owner/${owner}?identificador.tipo=NIE&identificador.numero=${numero}`, { token: ownerToken })).json();
    expect(none).toEqual([]);
  });

  it('is 404 for an owner the caller cannot fully read', async () => {
    expect((await server.api(`/persona/owner/${owner}`, { token: strangerToken })).status).toBe(404);
    const reducido = await representante(['leer_ficha_reducida']);
    expect((await server.api(`/persona/owner/${cliente}`, { token: reducido.token })).status).toBe(404);
    const lector = await representante(['leer_ficha']);
    expect((await server.api(`/persona/owner/${cliente}`, { token: lector.token })).status).toBe(200);
  });
});
