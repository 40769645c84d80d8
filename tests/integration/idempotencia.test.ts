/**
 * Idempotency-Key (issue 35, item 1): a write pressed twice or retried with the same key is done
 * once, and every repeat is answered the first outcome, on the services API and on /rest/v1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { insertPersona, nuevoNif } from './personas.fixtures';
import { barrerIdempotencia } from '../../server/idempotencia';

let server: TestServer;
let owner: string;
let ownerToken: string;
let otherToken: string;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await insertPersona(server, { nombre: 'Ana', primerApellido: 'García' });
  ownerToken = await server.token(owner);
  otherToken = await server.token(await insertPersona(server, { nombre: 'Eva', primerApellido: 'Otra' }));
  adminToken = await server.token(owner, 'admin');
});
afterAll(() => server?.close());

const persona = () => ({ tipoPersona: 'FISICA', identificador: { tipo: 'NIF', numero: nuevoNif() }, nombre: 'Marta', primerApellido: 'López' });
const crear = (body: unknown, token: string, clave?: string) =>
  server.api('/persona', { method: 'POST', token, json: body, headers: clave ? { 'Idempotency-Key': clave } : {} });
const creadas = async (numero: string) =>
  (await server.ctx.db.query<{ n: number }>('select count(*)::int as n from servicios.personas where identificador_numero = $1', [numero])).rows[0].n;

describe('services API', () => {
  it('two identical submissions at once with one key create one record and both get its answer', async () => {
    const body = persona();
    const [a, b] = await Promise.all([crear(body, ownerToken, 'clave-doble'), crear(body, ownerToken, 'clave-doble')]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const [ja, jb] = [await a.json(), await b.json()];
    expect(ja.id).toBe(jb.id);
    expect([a.headers.get('Idempotent-Replayed'), b.headers.get('Idempotent-Replayed')]).toContain('true');
    expect(await creadas(body.identificador.numero)).toBe(1);
  });

  it('a retry long after the first answer is answered the same outcome again', async () => {
    const body = persona();
    const first = await crear(body, ownerToken, 'clave-reintento');
    const again = await crear(body, ownerToken, 'clave-reintento');
    expect(again.status).toBe(first.status);
    expect(await again.json()).toEqual(await first.json());
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.headers.get('Content-Type')).toContain('application/json');
    expect(await creadas(body.identificador.numero)).toBe(1);
  });

  it('without the header a repeat is done again (here refused as a duplicate), as before', async () => {
    const body = persona();
    expect((await crear(body, ownerToken)).status).toBe(201);
    expect((await crear(body, ownerToken)).status).toBe(403);
  });

  it('the same key with another body answers 422 and changes nothing', async () => {
    expect((await crear(persona(), ownerToken, 'clave-otra')).status).toBe(201);
    const other = persona();
    const res = await crear(other, ownerToken, 'clave-otra');
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ message: 'La cabecera Idempotency-Key ya se usó con otra petición' });
    expect(await creadas(other.identificador.numero)).toBe(0);
  });

  it("keys are each account's own: another person's same key is a new submission", async () => {
    const body = persona();
    expect((await crear(body, ownerToken, 'clave-compartida')).status).toBe(201);
    const res = await crear(body, otherToken, 'clave-compartida');
    expect(res.status).toBe(201);
    expect(res.headers.get('Idempotent-Replayed')).toBeNull();
  });

  it('a refusal of the token is not kept: the retry after a refresh is done', async () => {
    const body = persona();
    expect((await crear(body, 'caducado', 'clave-401')).status).toBe(401);
    expect((await crear(body, ownerToken, 'clave-401')).status).toBe(201);
    expect(await creadas(body.identificador.numero)).toBe(1);
  });

  it('a malformed key answers 400 with a Spanish message', async () => {
    const res = await crear(persona(), ownerToken, 'con espacios');
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('La cabecera Idempotency-Key no es válida');
  });

  it('outcomes older than 24 hours are swept', async () => {
    await server.ctx.db.query(`update servicios.idempotencia set creada = now() - interval '25 hours' where clave = 'clave-reintento'`);
    await barrerIdempotencia(server.ctx.db);
    const claves = (await server.ctx.db.query<{ clave: string }>('select clave from servicios.idempotencia')).rows.map((r) => r.clave);
    expect(claves).not.toContain('clave-reintento');
    expect(claves).toContain('clave-doble');
  });
});

describe('/rest/v1 gateway', () => {
  const insertar = (nombre: string, clave?: string) =>
    fetch(`${server.url}/rest/v1/tipos_asunto`, {
      method: 'POST',
      headers: {
        apikey: server.ctx.anonKey,
        Authorization: `Bearer ${adminToken}`,
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
        ...(clave ? { 'Idempotency-Key': clave } : {}),
      },
      body: JSON.stringify({ name: nombre }),
    });
  const filas = async (nombre: string) =>
    (await server.ctx.db.query<{ n: number }>('select count(*)::int as n from public.tipos_asunto where name = $1', [nombre])).rows[0].n;

  it('a double submission with one key inserts one row; both answers are the first one', async () => {
    const [a, b] = await Promise.all([insertar('Doble pulsación', 'g-1'), insertar('Doble pulsación', 'g-1')]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(await a.json()).toEqual(await b.json());
    expect(await filas('Doble pulsación')).toBe(1);
  });

  it('without a key the second insert is the duplicate it always was', async () => {
    expect((await insertar('Sin clave')).status).toBe(201);
    expect((await insertar('Sin clave')).status).toBe(409);
  });
});
