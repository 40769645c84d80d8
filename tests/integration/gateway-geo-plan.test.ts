import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { startConformanceServer } from './gateway-conformance-fixtures';

// GeoJSON where PostGIS is installed, and explain with GATEWAY_PLAN=true (class 8), as the
// postgrest-js suite asks them (its `shops` table, `.geojson()`, `.explain()`). PGlite has no
// PostGIS: GeoJSON answers 406 there; on PostgreSQL (TEST_DATABASE_URL) the test creates the
// extension when the server has it (npm test installs Debian's postgresql-NN-postgis-3 as root).

let server: TestServer;
let postgis = false;

beforeAll(async () => {
  server = await startConformanceServer({ plan: true });
  const { rows } = process.env.TEST_DATABASE_URL
    ? await server.ctx.db.query(`select 1 from pg_available_extensions where name = 'postgis'`)
    : { rows: [] };
  if (rows.length) {
    await server.ctx.db.exec(`
      create extension if not exists postgis;
      create table public.gc_shops (id int primary key, address text, shop_geom geometry(point, 4326));
      insert into public.gc_shops values (1, '1369 Cambridge St', st_setsrid(st_makepoint(-71.10044, 42.373695), 4326));
      grant select on public.gc_shops to anon, authenticated;`);
    postgis = true;
  }
});
afterAll(() => server?.close());

const sb = () => server.supabase();

describe('GeoJSON (class 8)', () => {
  it('answers a FeatureCollection with PostGIS', async (ctx) => {
    if (!postgis) ctx.skip(); // the embedded database, or a PostgreSQL without PostGIS
    const { data, error, status } = await sb().from('gc_shops').select().geojson();
    expect([error, status, postgis]).toEqual([null, 200, true]);
    expect(data).toEqual({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Point', coordinates: [-71.10044, 42.373695] }, properties: { id: 1, address: '1369 Cambridge St' } },
      ],
    });
    const res = await fetch(`${server.url}/rest/v1/gc_shops`, { headers: { Accept: 'application/geo+json' } });
    expect(res.headers.get('content-type')).toBe('application/geo+json; charset=utf-8');
  });

  it('answers 406 PGRST107 without PostGIS, as PostgREST does', async (ctx) => {
    if (postgis) ctx.skip();
    const res = await fetch(`${server.url}/rest/v1/gc_users`, { headers: { Accept: 'application/geo+json' } });
    expect(res.status).toBe(406);
    expect(await res.json()).toMatchObject({ code: 'PGRST107', message: 'None of these media types are available: application/geo+json' });
  });
});

describe('explain with GATEWAY_PLAN=true (class 8)', () => {
  it('answers the plan in JSON and in text, with options, as the caller', async () => {
    const json = await sb().from('gc_users').select().explain({ format: 'json' });
    expect(json.error).toBeNull();
    expect(json.data).toEqual([expect.objectContaining({ Plan: expect.objectContaining({ 'Node Type': 'Aggregate' }) })]);
    const text = await sb().from('gc_users').select().explain();
    expect(text.data).toMatch(/^Aggregate {2}\(cost=/);
    const verbose = await sb().from('gc_users').select('username').eq('status', 'ONLINE').explain({ verbose: true, settings: true, analyze: true, format: 'json' });
    expect(verbose.error).toBeNull();
    const plan = (verbose.data as unknown as { Plan: Record<string, unknown> }[])[0].Plan;
    expect(plan['Actual Rows']).toBe(1);
    expect(plan.Output).toBeDefined();
    const res = await fetch(`${server.url}/rest/v1/gc_users`, { headers: { Accept: 'application/vnd.pgrst.plan+text; for="application/json"' } });
    expect(res.headers.get('content-type')).toBe('application/vnd.pgrst.plan+text; for="application/json"; charset=utf-8');
  });

  it('keeps writes and functions at 406, as before', async () => {
    const res = await fetch(`${server.url}/rest/v1/rpc/gc_hello`, { headers: { Accept: 'application/vnd.pgrst.plan+json' } });
    expect(res.status).toBe(406);
  });
});
