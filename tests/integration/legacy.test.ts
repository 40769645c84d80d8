import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { insertPersona, insertPrivilegio, nuevoNif } from './personas.fixtures';

let server: TestServer;
let me: string;
let token: string;
let cliente: string;
let stranger: string;
const EMAIL = 'legado@example.com';

beforeAll(async () => {
  server = await startTestServer();
  me = await insertPersona(server, { email: EMAIL });
  token = await server.token(me);
  cliente = await insertPersona(server, { owner: me, nombre: 'Cliente', primerApellido: 'Legado' });
  stranger = await insertPersona(server, { email: 'otra@example.com' });
});
afterAll(() => server?.close());

const q = `userEmail=${encodeURIComponent(EMAIL)}`;

describe('legacy /usuarios', () => {
  it('GET /usuarios/1 and /usuarios answer user.userPk.id for the caller\'s own e-mail (any case)', async () => {
    for (const path of [`/usuarios/1?${q}`, `/usuarios?userEmail=LEGADO@example.com`]) {
      const res = await server.api(path, { token });
      expect(res.status).toBe(200);
      expect((await res.json()).user.userPk.id).toBe(me);
    }
  });

  it('another e-mail is 403 "Usuario no registrado"; no e-mail 400; no token 401', async () => {
    const other = await server.api('/usuarios/1?userEmail=otra@example.com', { token });
    expect(other.status).toBe(403);
    expect((await other.json()).message).toBe('Usuario no registrado');
    expect((await server.api('/usuarios/1', { token })).status).toBe(400);
    expect((await server.api(`/usuarios/1?${q}`)).status).toBe(401);
  });

  it('POST /usuarios/1 is 403 "Usuario ya registrado" for a signed-in user', async () => {
    const res = await server.api(`/usuarios/1?${q}`, { method: 'POST', token, json: { email: EMAIL } });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe('Usuario ya registrado');
  });
});

describe('legacy /clientes', () => {
  it('lists, reads, creates and updates the caller\'s clients from the same personas', async () => {
    const list = await (await server.api(`/clientes?${q}`, { token })).json();
    expect(list.map((c: { id: string }) => c.id)).toContain(cliente);

    const one = await server.api(`/clientes/${cliente}?${q}`, { token });
    expect(await one.json()).toMatchObject({ id: cliente, nombre: 'Cliente' });

    const created = await server.api(`/clientes?${q}`, {
      method: 'POST',
      token,
      json: { tipoPersona: 'FISICA', identificador: { tipo: 'NIF', numero: nuevoNif() }, nombre: 'Nuevo', primerApellido: 'Cliente', representantes: [{ fechaNacimiento: '1970-01-01' }] },
    });
    expect(created.status).toBe(201);
    const nuevo = await created.json();
    const viaPersona = await (await server.api(`/persona/${nuevo.id}`, { token })).json();
    expect(viaPersona).toMatchObject({ nombre: 'Nuevo', primerApellido: 'Cliente' });

    const updated = await server.api(`/clientes/${nuevo.id}?${q}`, { method: 'PUT', token, json: { ...viaPersona, nombre: 'Renombrado' } });
    expect(updated.status).toBe(200);
    expect((await (await server.api(`/persona/${nuevo.id}`, { token })).json()).nombre).toBe('Renombrado');
  });

  it('validates like /persona and hides other people\'s clients', async () => {
    const bad = await server.api(`/clientes?${q}`, { method: 'POST', token, json: { tipoPersona: 'FISICA', identificador: { numero: '123' } } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('El NIF introducido no es válido');
    expect((await server.api(`/clientes/${stranger}?${q}`, { token })).status).toBe(404);
    expect((await server.api(`/clientes/${cliente}?userEmail=otra@example.com`, { token: await server.token(stranger) })).status).toBe(404);
  });

  it('GET /clientes/{id}/representantes: each item holds a representante with fechaNacimiento, active or not', async () => {
    const activo = await insertPersona(server, { owner: me, nombre: 'Rep', primerApellido: 'Activo', fechaNacimiento: '1975-02-03' });
    const historico = await insertPersona(server, { owner: me, nombre: 'Rep', primerApellido: 'Histórico' });
    await insertPrivilegio(server, { otorgante: cliente, receptora: activo, tipo: 'REPRESENTANTE_LEGAL' });
    await insertPrivilegio(server, { otorgante: cliente, receptora: historico, fin: '2021-01-01' });
    const res = await server.api(`/clientes/${cliente}/representantes?${q}`, { token });
    expect(res.status).toBe(200);
    const items = await res.json();
    expect(items).toHaveLength(2);
    const byId = Object.fromEntries(items.map((i: { representante: { id: string } }) => [i.representante.id, i]));
    expect(byId[activo]).toMatchObject({ activo: true, tipoPrivilegio: 'REPRESENTANTE_LEGAL', representante: { fechaNacimiento: '1975-02-03' } });
    expect(byId[historico]).toMatchObject({ activo: false, fechaFinRelacion: '2021-01-01' });
    expect((await server.api(`/clientes/${stranger}/representantes?${q}`, { token })).status).toBe(404);
  });
});
