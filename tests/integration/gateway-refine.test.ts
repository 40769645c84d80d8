import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataProvider } from '@refinedev/supabase';
import type { TestServer } from '../support/server';
import { startGatewayServer } from './gateway-fixtures';

// The requests @refinedev/supabase sends (the portal's "supabase" data provider), against the gateway.

let server: TestServer;
let provider: ReturnType<typeof dataProvider>;

beforeAll(async () => {
  const started = await startGatewayServer();
  server = started.server;
  provider = dataProvider(server.supabase(started.admin));
});
afterAll(() => server?.close());

describe('@refinedev/supabase data provider', () => {
  it('getList: select=*, count=exact with a page range, sorters and a contains filter', async () => {
    const { data, total } = await provider.getList({
      resource: 'gw_books',
      pagination: { currentPage: 2, pageSize: 2 },
      sorters: [{ field: 'year', order: 'asc' }],
      filters: [{ field: 'title', operator: 'contains', value: 'e' }],
    });
    // titles with an "e" (admin sees all), by year: Quijote 1605, Novelas 1613 | Pazos 1886, Ficciones 1944 | Aleph 1949
    expect(total).toBe(5);
    expect(data.map((b) => b.title)).toEqual(['Los pazos de Ulloa', 'Ficciones']);
  });

  it('getList: or, in, eq and null filters, and meta.select with an embed', async () => {
    const { data, total } = await provider.getList({
      resource: 'gw_books',
      pagination: { mode: 'off' },
      sorters: [{ field: 'id', order: 'desc' }],
      filters: [
        {
          operator: 'or',
          value: [
            { field: 'title', operator: 'contains', value: 'aleph' },
            { field: 'year', operator: 'lt', value: 1610 },
          ],
        },
        { field: 'author_id', operator: 'in', value: [1, 2] },
        { field: 'published', operator: 'eq', value: true },
        { field: 'isbn', operator: 'null', value: true },
      ],
      meta: { select: 'id, title, gw_authors(name)' },
    });
    expect(total).toBe(2);
    expect(data).toEqual([
      { id: 4, title: 'El Aleph', gw_authors: { name: 'Jorge Luis Borges' } },
      { id: 1, title: 'Don Quijote de la Mancha', gw_authors: { name: 'Miguel de Cervantes' } },
    ]);
  });

  it('getOne and getMany', async () => {
    const { data } = await provider.getOne({ resource: 'gw_authors', id: 3 });
    expect(data).toMatchObject({ id: 3, name: 'Emilia Pardo Bazán', country: 'ES' });
    const many = await provider.getMany!({ resource: 'gw_authors', ids: [1, 2] });
    expect(many.data.map((a) => a.name).sort()).toEqual(['Jorge Luis Borges', 'Miguel de Cervantes']);
  });

  it('create, update (match by id, with select) and deleteOne', async () => {
    const created = await provider.create({ resource: 'gw_authors', variables: { name: 'Benito Pérez Galdós', country: 'ES' } });
    const id = created.data.id as number;
    expect(created.data).toMatchObject({ name: 'Benito Pérez Galdós', country: 'ES' });
    const updated = await provider.update({ resource: 'gw_authors', id, variables: { born: '1843-05-10' } });
    expect(updated.data).toMatchObject({ id, born: '1843-05-10' });
    await provider.deleteOne({ resource: 'gw_authors', id });
    const gone = await server.ctx.db.query(`select 1 from gw_authors where id = $1`, [id]);
    expect(gone.rows).toEqual([]);
  });

  it('createMany, updateMany and deleteMany', async () => {
    const { data } = await provider.createMany!({
      resource: 'gw_authors',
      variables: [{ name: 'Lote A' }, { name: 'Lote B' }],
    });
    const ids = data.map((a) => a.id as number);
    expect(ids).toHaveLength(2);
    const updated = await provider.updateMany!({ resource: 'gw_authors', ids, variables: { country: 'PT' } });
    expect(updated.data.map((a) => a.country)).toEqual(['PT', 'PT']);
    await provider.deleteMany!({ resource: 'gw_authors', ids });
    const left = await server.ctx.db.query(`select 1 from gw_authors where name like 'Lote %'`);
    expect(left.rows).toEqual([]);
  });

  it('errors reach Refine with the PostgREST code and message', async () => {
    await expect(provider.create({ resource: 'gw_authors', variables: { name: 'Miguel de Cervantes' } })).rejects.toMatchObject({
      code: '23505',
      message: expect.stringContaining('duplicate key'),
    });
    await expect(provider.getList({ resource: 'gw_nothing' })).rejects.toMatchObject({ code: 'PGRST205' });
  });
});
