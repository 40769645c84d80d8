import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { READER, rest, startGatewayServer } from './gateway-fixtures';

// The /rest/v1 gateway through the real supabase-js client: reads, filters, ordering, paging,
// counts and representations. Auth, RLS, writes and errors are in gateway-writes.test.ts.

let server: TestServer;
let admin: string;

beforeAll(async () => {
  ({ server, admin } = await startGatewayServer());
});
afterAll(() => server?.close());

const anon = () => server.supabase();
const titles = (rows: { title: string }[] | null) => (rows ?? []).map((r) => r.title);

describe('select', () => {
  it('returns only the listed columns', async () => {
    const { data, error } = await anon().from('gw_books').select('id, title').eq('id', 1);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, title: 'Don Quijote de la Mancha' }]);
  });

  it('renames columns with aliases and casts values', async () => {
    const { data, error } = await anon().from('gw_books').select('titulo:title, anio:year::text, price').eq('id', 3);
    expect(error).toBeNull();
    expect(data).toEqual([{ titulo: 'Ficciones', anio: '1944', price: 15.9 }]);
  });

  it('converts column types to JSON as PostgREST does (arrays, jsonb, dates, null)', async () => {
    const { data } = await anon().from('gw_books').select('tags, meta, isbn').eq('id', 1);
    expect(data).toEqual([{ tags: ['novela', 'clasico'], meta: { pages: 1250, editions: { first: 'Madrid' } }, isbn: null }]);
    const { data: author } = await anon().from('gw_authors').select('born, country').eq('id', 2);
    expect(author).toEqual([{ born: '1899-08-24', country: 'AR' }]);
  });

  it('reads JSON paths with -> and ->>', async () => {
    const { data, error } = await anon().from('gw_books').select('id, meta->pages, ciudad:meta->editions->>first').eq('id', 1);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, pages: 1250, ciudad: 'Madrid' }]);
  });

  it('embeds the parent of a foreign key as an object (many-to-one)', async () => {
    const { data, error } = await anon().from('gw_books').select('title, gw_authors(name)').eq('id', 3);
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'Ficciones', gw_authors: { name: 'Jorge Luis Borges' } }]);
  });

  it('embeds the children of a foreign key as an array (one-to-many), empty when there are none', async () => {
    const { data, error } = await anon().from('gw_authors').select('name, obras:gw_books(title)').in('id', [2, 4]).order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Jorge Luis Borges', obras: [{ title: 'Ficciones' }, { title: 'El Aleph' }] },
      { name: 'Autor, sin obras', obras: [] },
    ]);
  });

  it('embeds two levels deep, e.g. *, child(col, grandchild(col))', async () => {
    const { data, error } = await anon()
      .from('gw_authors')
      .select('*, gw_books(title, gw_reviews(rating))')
      .eq('id', 1)
      .order('id', { referencedTable: 'gw_books' });
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        id: 1,
        name: 'Miguel de Cervantes',
        country: 'ES',
        born: '1547-09-29',
        gw_books: [
          { title: 'Don Quijote de la Mancha', gw_reviews: [{ rating: 5 }, { rating: 4 }] },
          { title: 'Novelas ejemplares', gw_reviews: [] },
        ],
      },
    ]);
    const { data: up } = await anon().from('gw_reviews').select('rating, gw_books(title, gw_authors(name))').eq('body', 'Imprescindible');
    expect(up).toEqual([{ rating: 5, gw_books: { title: 'Don Quijote de la Mancha', gw_authors: { name: 'Miguel de Cervantes' } } }]);
  });

  it('applies RLS inside embeds: an unpublished book embeds as null for anon, as the book for an admin', async () => {
    const { data } = await anon().from('gw_reviews').select('body, gw_books(title)').eq('body', 'No publicado');
    expect(data).toEqual([{ body: 'No publicado', gw_books: null }]);
    const { data: asAdmin } = await server.supabase(admin).from('gw_reviews').select('body, gw_books(title)').eq('body', 'No publicado');
    expect(asAdmin).toEqual([{ body: 'No publicado', gw_books: { title: 'Borrador inédito' } }]);
  });

  it('filters, orders and limits embedded rows (child.col=…, child.order, child.limit)', async () => {
    const { data, error } = await anon()
      .from('gw_authors')
      .select('name, gw_books(title, year)')
      .eq('id', 1)
      .gt('gw_books.year', 1610)
      .order('year', { referencedTable: 'gw_books', ascending: false })
      .limit(1, { referencedTable: 'gw_books' });
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Miguel de Cervantes', gw_books: [{ title: 'Novelas ejemplares', year: 1613 }] }]);
  });

  it('keeps only parents with matching children with !inner', async () => {
    const { data, error } = await anon().from('gw_authors').select('name, gw_books!inner(title)').eq('gw_books.year', 1944);
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Jorge Luis Borges', gw_books: [{ title: 'Ficciones' }] }]);
  });

  it('filters parents on having no children (embed=is.null)', async () => {
    const { data, error } = await anon().from('gw_authors').select('name, gw_books(id)').is('gw_books', null);
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Autor, sin obras', gw_books: [] }]);
  });

  it('embeds through a view, which inherits the foreign keys of its base table', async () => {
    const { data, error } = await anon().from('gw_book_titles').select('title, gw_authors(name)').eq('id', 5);
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'Los pazos de Ulloa', gw_authors: { name: 'Emilia Pardo Bazán' } }]);
    const { data: hidden } = await anon().from('gw_book_titles').select('id').eq('id', 6);
    expect(hidden).toEqual([]);
  });
});

describe('filters', () => {
  // the builder's generic type is not worth spelling out here
  const run = async (build: (q: any) => any) => {
    const { data, error } = await build(anon().from('gw_books').select('title').order('id'));
    expect(error).toBeNull();
    return titles(data);
  };

  it('eq', async () => expect(await run((q) => q.eq('year', 1944))).toEqual(['Ficciones']));
  it('neq', async () => expect(await run((q) => q.neq('author_id', 1))).toEqual(['Ficciones', 'El Aleph', 'Los pazos de Ulloa']));
  it('gt', async () => expect(await run((q) => q.gt('year', 1900))).toEqual(['Ficciones', 'El Aleph']));
  it('gte', async () => expect(await run((q) => q.gte('year', 1944))).toEqual(['Ficciones', 'El Aleph']));
  it('lt', async () => expect(await run((q) => q.lt('price', 15))).toEqual(['Novelas ejemplares']));
  it('lte', async () => expect(await run((q) => q.lte('year', 1613))).toEqual(['Don Quijote de la Mancha', 'Novelas ejemplares']));
  it('like (case-sensitive, * as wildcard)', async () => {
    expect(await run((q) => q.like('title', '%Aleph%'))).toEqual(['El Aleph']);
    expect(await run((q) => q.like('title', '*aleph*'))).toEqual([]);
  });
  it('ilike (case-insensitive)', async () => expect(await run((q) => q.ilike('title', '*NOVELAS*'))).toEqual(['Novelas ejemplares']));
  it('ilike on a non-text column compares its text', async () => expect(await run((q) => q.ilike('year', '19*'))).toEqual(['Ficciones', 'El Aleph']));
  it('is null / not.is.null', async () => {
    expect(await run((q) => q.is('price', null))).toEqual(['El Aleph']);
    expect(await run((q) => q.not('meta', 'is', null))).toEqual(['Don Quijote de la Mancha', 'Ficciones']);
  });
  it('is true / is false on booleans', async () => {
    expect(await run((q) => q.is('published', true).eq('author_id', 3))).toEqual(['Los pazos de Ulloa']);
    expect(await run((q) => q.is('published', false))).toEqual([]); // RLS hides the unpublished book from anon
  });
  it('in, with values that need quoting', async () => {
    expect(await run((q) => q.in('id', [2, 4, 99]))).toEqual(['Novelas ejemplares', 'El Aleph']);
    const { data } = await anon().from('gw_authors').select('id').in('name', ['Autor, sin obras', 'Jorge Luis Borges']).order('id');
    expect(data).toEqual([{ id: 2 }, { id: 4 }]);
  });
  it('not.eq and not.in', async () => {
    expect(await run((q) => q.not('author_id', 'eq', 1).not('id', 'in', '(3,4)'))).toEqual(['Los pazos de Ulloa']);
  });
  it('or=(…) including a nested and(…)', async () => {
    expect(await run((q) => q.or('year.lt.1610,and(author_id.eq.2,title.ilike.*aleph*)'))).toEqual(['Don Quijote de la Mancha', 'El Aleph']);
  });
  it('and=(…) and not.or=(…) (sent by hand: supabase-js only builds or=)', async () => {
    const and = await rest(server, 'gw_books?select=title&and=(year.gte.1600,year.lte.1900)&not.or=(id.eq.1,id.eq.5)&order=id');
    expect(await and.json()).toEqual([{ title: 'Novelas ejemplares' }]);
  });
  it('array containment (cs) and overlap (ov)', async () => {
    expect(await run((q) => q.contains('tags', ['novela', 'clasico']))).toEqual(['Don Quijote de la Mancha']);
    expect(await run((q) => q.overlaps('tags', ['clasico', 'relatos']))).toEqual(['Don Quijote de la Mancha', 'Novelas ejemplares', 'Ficciones', 'El Aleph']);
  });
  it('jsonb paths in filters', async () => expect(await run((q) => q.gt('meta->pages', 500))).toEqual(['Don Quijote de la Mancha']));
  it('dates compare as dates', async () => {
    const { data } = await anon().from('gw_authors').select('name').lt('born', '1800-01-01');
    expect(data).toEqual([{ name: 'Miguel de Cervantes' }]);
  });
  it('values are bound parameters: SQL in a value is only text', async () => {
    expect(await run((q) => q.eq('title', "x' or '1'='1"))).toEqual([]);
    expect(await run((q) => q.eq('title', 'Ficciones); drop table gw_books; --'))).toEqual([]);
    expect(await run((q) => q.eq('id', 3))).toEqual(['Ficciones']);
  });
});

describe('order, paging and counts', () => {
  it('orders by several columns, asc/desc', async () => {
    const { data } = await anon().from('gw_books').select('title').order('author_id', { ascending: false }).order('year', { ascending: true });
    expect(titles(data)).toEqual(['Los pazos de Ulloa', 'Ficciones', 'El Aleph', 'Don Quijote de la Mancha', 'Novelas ejemplares']);
  });

  it('puts nulls first or last on request', async () => {
    const first = await anon().from('gw_books').select('title').order('price', { ascending: true, nullsFirst: true }).limit(2);
    expect(titles(first.data)).toEqual(['El Aleph', 'Novelas ejemplares']);
    const last = await anon().from('gw_books').select('title').order('price', { ascending: false, nullsFirst: false }).limit(2);
    expect(titles(last.data)).toEqual(['Don Quijote de la Mancha', 'Los pazos de Ulloa']);
  });

  it('limit and offset (range)', async () => {
    const { data } = await anon().from('gw_books').select('id').order('id').range(1, 2);
    expect(data).toEqual([{ id: 2 }, { id: 3 }]);
    const { data: limited } = await anon().from('gw_books').select('id').order('id').limit(2);
    expect(limited).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('Prefer count=exact gives the total and Content-Range, 206 for a partial page', async () => {
    const { data, count, status } = await anon().from('gw_books').select('id', { count: 'exact' }).order('id').range(0, 1);
    expect(data).toEqual([{ id: 1 }, { id: 2 }]);
    expect(count).toBe(5); // the unpublished book is not visible to anon
    expect(status).toBe(206);
    const res = await rest(server, 'gw_books?select=id&order=id&offset=2&limit=2', { headers: { Prefer: 'count=exact' } });
    expect(res.headers.get('content-range')).toBe('2-3/5');
    const all = await rest(server, 'gw_books?select=id', { headers: { Prefer: 'count=exact' } });
    expect(all.status).toBe(200);
    expect(all.headers.get('content-range')).toBe('0-4/5');
  });

  it('without count the Content-Range total is *', async () => {
    const res = await rest(server, 'gw_books?select=id&limit=3');
    expect(res.headers.get('content-range')).toBe('0-2/*');
    const empty = await rest(server, 'gw_books?select=id&id=eq.999');
    expect(empty.headers.get('content-range')).toBe('*/*');
    expect(await empty.json()).toEqual([]);
  });

  it('honours the Range header, intersected with limit/offset', async () => {
    const res = await rest(server, 'gw_books?select=id&order=id', { headers: { Range: '1-3', 'Range-Unit': 'items' } });
    expect(await res.json()).toEqual([{ id: 2 }, { id: 3 }, { id: 4 }]);
    expect(res.headers.get('content-range')).toBe('1-3/*');
    const both = await rest(server, 'gw_books?select=id&order=id&limit=2', { headers: { Range: '1-3' } });
    expect(await both.json()).toEqual([{ id: 2 }]);
  });

  it('answers 416 for an offset past the end when counting', async () => {
    const res = await rest(server, 'gw_books?select=id&offset=50&limit=10', { headers: { Prefer: 'count=exact' } });
    expect(res.status).toBe(416);
    expect((await res.json()).code).toBe('PGRST103');
  });

  it('HEAD with count=exact answers only the count', async () => {
    const { data, count, error } = await anon().from('gw_books').select('*', { count: 'exact', head: true }).eq('author_id', 1);
    expect(error).toBeNull();
    expect(data).toBeNull();
    expect(count).toBe(2);
  });
});

describe('representations', () => {
  it('single() returns one object', async () => {
    const { data, error } = await anon().from('gw_books').select('title, gw_authors(name)').eq('id', 5).single();
    expect(error).toBeNull();
    expect(data).toEqual({ title: 'Los pazos de Ulloa', gw_authors: { name: 'Emilia Pardo Bazán' } });
  });

  it('single() with no row or several rows is 406 PGRST116', async () => {
    const none = await anon().from('gw_books').select('title').eq('id', 999).single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
    const many = await anon().from('gw_books').select('title').eq('author_id', 1).single();
    expect(many.status).toBe(406);
    expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
  });

  it('maybeSingle() gives null for no row', async () => {
    const { data, error } = await anon().from('gw_books').select('title').eq('id', 999).maybeSingle();
    expect(error).toBeNull();
    expect(data).toBeNull();
  });

  it('the application/vnd.pgrst.object+json content type is answered for single objects', async () => {
    const res = await rest(server, 'gw_authors?select=name&id=eq.1', { headers: { Accept: 'application/vnd.pgrst.object+json' } });
    expect(res.headers.get('content-type')).toContain('application/vnd.pgrst.object+json');
    expect(await res.json()).toEqual({ name: 'Miguel de Cervantes' });
  });

  it('strips nulls on request', async () => {
    const { data } = await anon().from('gw_books').select('title, price').eq('id', 4).stripNulls();
    expect(data).toEqual([{ title: 'El Aleph' }]);
  });

  it('admins see rows RLS hides from anon', async () => {
    const { count } = await server.supabase(admin).from('gw_books').select('id', { count: 'exact', head: true });
    expect(count).toBe(6);
    const { data } = await server.supabase(await server.token(READER)).from('gw_books').select('id').eq('id', 6);
    expect(data).toEqual([]);
  });
});
