import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

// What one anonymous /rest/v1 request may cost: refused before it runs, with a 4xx in
// PostgREST's error shape, so that no request can stop the embedded database for everyone.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  // a statement cancelled by the database (statement_timeout, or PGlite's watchdog, which answers the same SQLSTATE)
  await server.ctx.db.exec(`
    create function public.gw_cancelled() returns int language plpgsql as
      $$ begin raise exception 'canceling statement due to statement timeout' using errcode = '57014'; end $$;
    create view public.gw_cancelled_view as select public.gw_cancelled() as n;
    grant select on public.gw_cancelled_view to anon, authenticated;
    create table public.gw_many as select g as id from generate_series(1, 1500) g;
    grant select on public.gw_many to anon, authenticated;
  `);
});
afterAll(() => server?.close());

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}/rest/v1/${path}`, { headers });

async function expectRefused(path: string, code: string) {
  const started = Date.now();
  const res = await get(path);
  const body = (await res.json()) as Record<string, unknown>;
  expect(res.status, JSON.stringify(body)).toBe(400);
  expect(body).toMatchObject({ code });
  expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
  // refused before it ran, not after
  expect(Date.now() - started).toBeLessThan(3000);
  return body;
}

describe('embedding fan-out', () => {
  // 160 characters that kept the embedded database busy 10 s (its watchdog then stopped it), answered 500
  const ATTACK =
    'codigos_postales?select=codigo,provincias(codigo,codigos_postales(codigo,provincias(codigo,codigos_postales(codigo,provincias(codigo,codigos_postales(codigo))))))';
  // one level less answered 8.7 MB in half a second
  const SMALLER = 'codigos_postales?select=codigo,provincias(codigo,codigos_postales(codigo,provincias(codigo,codigos_postales(codigo))))';

  it('refuses the request that stopped the database, before it runs, with a 400 in PostgREST shape', async () => {
    const body = await expectRefused(ATTACK, '54000');
    expect(body.message).toMatch(/more than \d+ embedded rows/);
  }, 60_000);

  it('refuses one level less too, which answered 8.7 MB', async () => {
    await expectRefused(SMALLER, '54000');
  }, 60_000);

  it('still answers the same embeds when the request is narrow enough', async () => {
    const res = await get('codigos_postales?select=codigo,provincias(codigo,codigos_postales(codigo))&codigo=eq.28001');
    expect(res.status).toBe(200);
    const [row] = (await res.json()) as { codigo: string; provincias: { codigos_postales: unknown[] } }[];
    expect(row.codigo).toBe('28001');
    expect(row.provincias.codigos_postales.length).toBeGreaterThan(10);
  });

  it('counts only the rows the caller may read and the filters keep', async () => {
    // a limit on each level makes the same shape cheap
    const res = await get(
      'codigos_postales?select=codigo,provincias(codigo,codigos_postales(codigo,provincias(codigo,codigos_postales(codigo))))' +
        '&codigo=like.28*&limit=5&provincias.codigos_postales.limit=3&provincias.codigos_postales.provincias.codigos_postales.limit=2',
    );
    expect(res.status).toBe(200);
    const rows = (await res.json()) as { provincias: { codigos_postales: { provincias: { codigos_postales: unknown[] } }[] } }[];
    expect(rows).toHaveLength(5);
    expect(rows[0].provincias.codigos_postales).toHaveLength(3);
    expect(rows[0].provincias.codigos_postales[0].provincias.codigos_postales).toHaveLength(2);
  });

  it('refuses embeds nested deeper than the limit', async () => {
    const deep = 'provincias?select=codigo,' + 'codigos_postales(codigo,provincias(codigo,'.repeat(4) + 'codigo' + '))'.repeat(4);
    const body = await expectRefused(deep, '54000');
    expect(body.message).toMatch(/levels deep/);
  });

  it('answers at most max-rows rows at the top level (db-max-rows), and says so in Content-Range', async () => {
    const res = await get('gw_many?select=id', { Prefer: 'count=exact' });
    expect(res.status).toBe(206);
    const rows = (await res.json()) as unknown[];
    expect(rows).toHaveLength(1000);
    expect(res.headers.get('content-range')).toBe('0-999/1500');
    // a page past the first thousand is still reachable
    const next = await get('gw_many?select=id&offset=1000&limit=2000');
    expect(((await next.json()) as unknown[]).length).toBe(500);
  });
});

describe('regular expressions and patterns', () => {
  // nested bounds in expanded mode, where blanks inside {…} are dropped: 2-6 s of the database each
  const EXPANDED = 'notarias?nombre=match.(?x)(a{0,%20130}){0,%20130}x';

  it('refuses nested bounds written in expanded mode', async () => {
    await expectRefused(EXPANDED, '2201B');
  });

  it.each([
    ['imatch in expanded mode', 'notarias?nombre=imatch.(?x)(a{0,%20130}){0,%20130}x'],
    ['a director before the options', 'notarias?nombre=match.***:(?x)(a{0,%20130}){0,%20130}x'],
    ['a comment inside the bound', 'notarias?nombre=match.(?x)(a{0,%23c%0A130}){0,130}x'],
    ['tabs and newlines in the bound', 'notarias?nombre=match.(?xi)(a{%090%0A,130}){0,130}x'],
    ['basic syntax, where \\{ is the bound', 'notarias?nombre=match.(?b)\\(a\\{0,130\\}\\)\\{0,130\\}x'],
    ['extended syntax', 'notarias?nombre=match.(?e)(a{0,130}){0,130}x'],
    ['a backreference', 'notarias?nombre=match.(a*)*\\1x'],
    ['a quantified list of patterns', 'notarias?nombre=match(any).{x,"(?x)(a{0, 130}){0, 130}x"}'],
    ['an or= tree', 'notarias?or=(nombre.match."(?x)(a{0, 130}){0, 130}x",id.eq.1)'],
    ['many large patterns together', 'notarias?' + Array.from({ length: 6 }, () => 'nombre=match.a{900}').join('&')],
  ])('refuses %s', async (_what, path) => {
    await expectRefused(path, '2201B');
  });

  it('still matches ordinary patterns, literal ones, and expanded mode with small bounds', async () => {
    for (const pattern of ['^Notar', '***=Notar', '(?i)notar', '(?x) ^ N o t a r  # comment', '[[:alpha:]]{2,5}']) {
      const res = await get(`notarias?select=nombre&nombre=match.${encodeURIComponent(pattern)}&limit=1`);
      expect(res.status, pattern).toBe(200);
    }
  });

  it('refuses like patterns with too many wildcards and over-long full-text queries', async () => {
    await expectRefused(`notarias?nombre=like.${'*a'.repeat(40)}`, '54000');
    await expectRefused(`notarias?nombre=fts.${'a%20%26%20'.repeat(400)}a`, '54000');
    expect((await get('notarias?select=nombre&nombre=ilike.*notar*&limit=1')).status).toBe(200);
  });
});

describe('a statement the database cancelled', () => {
  it('answers 503 in PostgREST shape, not 500', async () => {
    const res = await get('gw_cancelled_view');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: '57014' });
  });
});
