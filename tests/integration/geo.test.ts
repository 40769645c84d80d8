import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

// This machine has no internet: GEONAMES_USERNAME is not set, so the offline path answers.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ geonamesUsername: null });
});
afterAll(() => server?.close());

const geo = (path: string) => fetch(`${server.url}/geo${path}`);

describe('GET /geo/postal-code/{cp} offline', () => {
  it('fills locality and province of a known code, and the country Spain', async () => {
    const res = await geo('/postal-code/28013');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ codigoPostal: '28013', localidad: 'Madrid', provincia: 'Madrid', pais: 'España', codigoPais: 'ESP' });
    expect(await (await geo('/postal-code/15001')).json()).toMatchObject({ localidad: 'A Coruña', provincia: 'A Coruña' });
  });

  it('an unknown code of a known province gives the province only', async () => {
    expect(await (await geo('/postal-code/08999')).json()).toMatchObject({ localidad: null, provincia: 'Barcelona' });
  });

  it('a prefix outside 01-52 is 404; a malformed code is 400', async () => {
    const missing = await geo('/postal-code/99123');
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe('Código postal no encontrado');
    const bad = await geo('/postal-code/28A01');
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('El código postal debe tener 5 dígitos');
  });
});

describe('GET /geo/countries offline', () => {
  it('lists every country in Spanish with alpha-3 codes, sorted by name', async () => {
    const list: { nombre: string; codigo: string }[] = await (await geo('/countries')).json();
    expect(list.length).toBeGreaterThan(240);
    expect(list).toContainEqual(expect.objectContaining({ nombre: 'España', codigo: 'ESP' }));
    expect(list).toContainEqual(expect.objectContaining({ nombre: 'Reino Unido', codigo: 'GBR' }));
    const names = list.map((c) => c.nombre);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));
    expect(names.indexOf('Alemania')).toBeLessThan(names.indexOf('España'));
  });
});
