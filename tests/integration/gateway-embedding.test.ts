import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { startConformanceServer } from './gateway-conformance-fixtures';

// Embedding, spreads, aggregates and computed fields as supabase-js asks for them, answered as
// PostgREST 12 answers them (with aggregates enabled), errors included.

let server: TestServer;

beforeAll(async () => {
  server = await startConformanceServer();
});
afterAll(() => server?.close());

const sb = () => server.supabase();
const rest = (path: string, init: RequestInit = {}) => fetch(`${server.url}/rest/v1/${path}`, init);

describe('embedding edge cases', () => {
  it('names the target by a foreign key constraint, from the referenced side too (one-to-many)', async () => {
    const { data, error } = await sb()
      .from('gc_users')
      .select('first_friend_of:gc_best_friends_first_user_fkey(id), second_friend_of:gc_best_friends_second_user_fkey(id)')
      .eq('username', 'supabot')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ first_friend_of: [{ id: 1 }, { id: 2 }], second_friend_of: [] });
  });

  it('embeds by a foreign key column, aliased or not (many-to-one, null when unset)', async () => {
    const { data, error } = await sb().from('gc_user_profiles').select('id, username(status), user:username(username)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, username: { status: 'ONLINE' }, user: { username: 'supabot' } },
      { id: 2, username: null, user: null },
    ]);
  });

  it('embeds many-to-many through a junction table, both ways', async () => {
    const { data, error } = await sb().from('gc_products').select('*, gc_categories(id, name)').eq('id', 1).single();
    expect(error).toBeNull();
    expect(data).toEqual({
      id: 1, name: 'Laptop', price: 999.99,
      gc_categories: [{ id: 1, name: 'Electronics' }, { id: 2, name: 'Computers' }],
    });
    const back = await sb().from('gc_categories').select('name, gc_products(name)').eq('id', 1).single();
    expect(back.data?.gc_products.map((p: { name: string }) => p.name).sort()).toEqual(['Laptop', 'Phone']);
    const hinted = await sb().from('gc_products').select('id, gc_categories!gc_product_categories(id)').eq('id', 2).single();
    expect(hinted.data).toEqual({ id: 2, gc_categories: [{ id: 1 }] });
  });

  it('a self-referencing table lists its children under its own name, and its parent by the column', async () => {
    const { data, error } = await sb().from('gc_collections').select('*, gc_collections(id)').eq('id', 1).single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: 1, description: 'Root', parent_id: null, gc_collections: [{ id: 2 }, { id: 3 }] });
    const child = await sb().from('gc_collections').select('id, parent_id(id, description)').eq('id', 2).single();
    expect(child.data).toEqual({ id: 2, parent_id: { id: 1, description: 'Root' } });
    // by the constraint's name PostgREST finds no relationship: its PGRST200, naming the hint
    const byConstraint = await sb().from('gc_collections').select('*, gc_collections!gc_collections_parent_id_fkey(*)').eq('id', 1).single();
    expect(byConstraint.status).toBe(400);
    expect(byConstraint.error).toEqual({
      code: 'PGRST200',
      details: "Searched for a foreign key relationship between 'gc_collections' and 'gc_collections' using the hint 'gc_collections_parent_id_fkey' in the schema 'public', but no matches were found.",
      hint: null,
      message: "Could not find a relationship between 'gc_collections' and 'gc_collections' in the schema cache",
    });
  });

  it('an empty embed leaves its key out and still filters with not.is.null', async () => {
    const { data, error } = await sb().from('gc_messages').select('id, gc_users()').order('id').limit(1).single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: 1 });
    const filtered = await sb().from('gc_users').select('username, gc_user_profiles()').not('gc_user_profiles', 'is', null);
    expect(filtered.data).toEqual([{ username: 'supabot' }]);
  });

  it('two embeds of the same name: 400 42712, as Postgres answers PostgREST', async () => {
    const { error, status } = await sb().from('gc_best_friends').select('gc_users!first_user(*), gc_users!second_user(*)');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '42712', message: 'table name "gc_best_friends_gc_users_1" specified more than once' });
  });

  it('an ambiguous embed: 300 PGRST201 with the candidates, and the hint it gives resolves', async () => {
    const { error, status } = await sb().from('gc_best_friends').select('gc_users(*)');
    expect(status).toBe(300);
    expect(error).toEqual({
      code: 'PGRST201',
      details: [
        { cardinality: 'many-to-one', embedding: 'gc_best_friends with gc_users', relationship: 'gc_best_friends_first_user_fkey using gc_best_friends(first_user) and gc_users(username)' },
        { cardinality: 'many-to-one', embedding: 'gc_best_friends with gc_users', relationship: 'gc_best_friends_second_user_fkey using gc_best_friends(second_user) and gc_users(username)' },
        { cardinality: 'many-to-one', embedding: 'gc_best_friends with gc_users', relationship: 'gc_best_friends_third_wheel_fkey using gc_best_friends(third_wheel) and gc_users(username)' },
      ],
      hint: "Try changing 'gc_users' to one of the following: 'gc_users!gc_best_friends_first_user_fkey', 'gc_users!gc_best_friends_second_user_fkey', 'gc_users!gc_best_friends_third_wheel_fkey'. Find the desired relationship in the 'details' key.",
      message: "Could not embed because more than one relationship was found for 'gc_best_friends' and 'gc_users'",
    });
    const suggestion = /'(gc_users![a-z_]+)'/.exec(error?.hint ?? '')?.[1];
    const resolved = await sb().from('gc_best_friends').select(`id, ${suggestion}(username)`).eq('id', 1).single();
    expect(resolved.data).toEqual({ id: 1, gc_users: { username: 'supabot' } });
    const reverse = await sb().from('gc_users').select('gc_best_friends(*)');
    expect(reverse.status).toBe(300);
    expect(reverse.error?.details).toContainEqual({
      cardinality: 'one-to-many', embedding: 'gc_users with gc_best_friends',
      relationship: 'gc_best_friends_first_user_fkey using gc_users(username) and gc_best_friends(first_user)',
    });
  });

  it('a view embeds through the key columns it selects as they are, not through computed or renamed ones', async () => {
    const { data, error } = await sb().from('gc_active_users').select('username, gc_messages(id)').eq('username', 'supabot').single();
    expect(error).toBeNull();
    expect(data).toEqual({ username: 'supabot', gc_messages: [{ id: 1 }, { id: 2 }] });
    const computed = await sb().from('gc_shouting_users').select('username, gc_messages(id)');
    expect([computed.status, computed.error?.code]).toEqual([400, 'PGRST200']);
    const renamed = await sb().from('gc_renamed_messages').select('id, gc_users(username)').eq('id', 3).single();
    expect(renamed.data).toEqual({ id: 3, gc_users: { username: 'kiwicopple' } });
  });
});

describe('spread embeds', () => {
  it('spreads the columns of a to-one embed into its parent, nested too', async () => {
    const { data, error } = await sb().from('gc_messages').select('id, ...gc_users(username, user_status:status)').eq('id', 3).single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: 3, username: 'kiwicopple', user_status: 'OFFLINE' });
    const nested = await sb().from('gc_messages').select('id, gc_channels(slug, ...gc_channel_details(details))').order('id').limit(2);
    expect(nested.data).toEqual([
      { id: 1, gc_channels: { slug: 'public', details: 'Details for public channel' } },
      { id: 2, gc_channels: { slug: 'random', details: null } },
    ]);
  });

  it('spreads a to-many embed as arrays of its columns (class 5), empty where no row relates', async () => {
    const { data, error } = await sb()
      .from('gc_channels')
      .select('channel_id:id, ...gc_messages(id, message)')
      .order('id')
      .order('id', { referencedTable: 'gc_messages' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { channel_id: 1, id: [1, 3], message: ['Hello World 👋', 'Some message'] },
      { channel_id: 2, id: [2], message: ['Perfection is attained.'] },
    ]);
    const none = await sb().from('gc_channels').select('id:slug, ...gc_messages(ids:id)').eq('id', 1).eq('gc_messages.id', 999).single();
    expect(none.data).toEqual({ id: 'public', ids: [] });
  });
});

describe('aggregates', () => {
  it('count() of the rows, and of each embed (also as a bare count)', async () => {
    expect((await sb().from('gc_users').select('count()')).data).toEqual([{ count: 4 }]);
    const { data, error } = await sb().from('gc_users').select('username, gc_messages(count), n:gc_messages(total:count())').eq('username', 'supabot').single();
    expect(error).toBeNull();
    expect(data).toEqual({ username: 'supabot', gc_messages: [{ count: 2 }], n: [{ total: 2 }] });
    const toOne = await sb().from('gc_messages').select('id, gc_channels(count)').eq('id', 1).single();
    expect(toOne.data).toEqual({ id: 1, gc_channels: { count: 1 } });
  });

  it('sum, avg, min and max group by the other selected columns, with aliases and casts', async () => {
    const { data, error } = await sb().from('gc_users').select('status, age.sum(), oldest:age.max(), age.min(), avg:age.avg()::int').order('status');
    expect(error).toBeNull();
    expect(data).toEqual([
      { status: 'OFFLINE', sum: 40, oldest: 40, min: 40, avg: 40 },
      { status: 'ONLINE', sum: 58, oldest: 30, min: 3, avg: 19 },
    ]);
    const cast = await sb().from('gc_products').select('price::int.sum()');
    expect(cast.data).toEqual([{ sum: 1500 }]);
    const embedded = await sb().from('gc_users').select('username, gc_messages(id.sum())').eq('username', 'supabot').single();
    expect(embedded.data).toEqual({ username: 'supabot', gc_messages: [{ sum: 3 }] });
  });

  it('an aggregate of an unknown column names it as PostgREST does', async () => {
    const top = await sb().from('gc_users').select('alias:missing_column.count()');
    expect([top.status, top.error?.code, top.error?.message]).toEqual([400, '42703', 'column gc_users.missing_column does not exist']);
    const nested = await sb().from('gc_users').select('username, gc_messages(sum)');
    expect(nested.error?.message).toBe('column gc_messages_1.sum does not exist');
  });
});

describe('computed fields and relationships', () => {
  it('a function of the row is a column: selected, filtered and ordered', async () => {
    const { data, error } = await sb().from('gc_messages').select('id, gc_blurb').eq('gc_blurb', 'Som').order('gc_blurb');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 3, gc_blurb: 'Som' }]);
  });

  it('a function returning rows of a table is an embed: to-many, or to-one for one row or ROWS 1', async () => {
    const { data, error } = await sb().from('gc_channels').select('id, all:gc_channel_messages(id)').eq('id', 1).single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: 1, all: [{ id: 1 }, { id: 3 }] });
    const toOne = await sb().from('gc_users').select('username, gc_profile(id), gc_first_message(id)').eq('username', 'supabot').single();
    expect(toOne.data).toEqual({ username: 'supabot', gc_profile: { id: 1 }, gc_first_message: { id: 1 } });
  });

  it('overloads by row type, sets of a view, a view row as input: fields, computed fields and nested links (class 4)', async () => {
    // the fan-out count runs over subqueries: the overload is chosen by the parent's row type all the same
    const channels = await sb().from('gc_channels').select('id, all:gc_get_messages(*)').order('id');
    expect(channels.error).toBeNull();
    expect(channels.data).toEqual([
      { id: 1, all: [{ id: 1, message: 'Hello World 👋', channel_id: 1, username: 'supabot' }, { id: 3, message: 'Some message', channel_id: 1, username: 'kiwicopple' }] },
      { id: 2, all: [{ id: 2, message: 'Perfection is attained.', channel_id: 2, username: 'supabot' }] },
    ]);
    const linked = await sb().from('gc_users').select('username, m:gc_get_messages(id, gc_blurb, gc_channels(slug))').eq('username', 'supabot').single();
    expect(linked.data).toEqual({
      username: 'supabot',
      m: [{ id: 1, gc_blurb: 'Hel', gc_channels: { slug: 'public' } }, { id: 2, gc_blurb: 'Per', gc_channels: { slug: 'random' } }],
    });
    const view = await sb().from('gc_users').select('username, recent:gc_user_recent_messages(id, message)').eq('username', 'supabot').single();
    expect(view.data).toEqual({ username: 'supabot', recent: [{ id: 2, message: 'Perfection is attained.' }, { id: 1, message: 'Hello World 👋' }] });
    const viewInput = await sb().from('gc_active_users').select('username, recent:gc_user_recent_messages(id)').order('username');
    expect(viewInput.data).toEqual([
      { username: 'awailas', recent: [] }, { username: 'dragarcia', recent: [] }, { username: 'supabot', recent: [{ id: 2 }, { id: 1 }] },
    ]);
  });
});

describe('writes: upsert status, missing=default, Preference-Applied', () => {
  it('an upsert answers 201 when it inserted a row and 200 when it only updated', async () => {
    const inserted = await sb().from('gc_products').upsert({ id: 10, name: 'Tablet', price: 300 }).select();
    expect(inserted.status).toBe(201);
    const updated = await sb().from('gc_products').upsert({ id: 10, name: 'Tablet 2', price: 310 }).select();
    expect(updated.status).toBe(200);
    expect(updated.data).toEqual([{ id: 10, name: 'Tablet 2', price: 310 }]);
  });

  it('missing=default gives the columns a row leaves out their defaults, and says so', async () => {
    const res = await rest('gc_items?columns=name,qty,note&select=name,qty,note', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'return=representation,missing=default' },
      body: JSON.stringify([{ name: 'dos', qty: 2 }, { name: 'tres', note: null }]),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('preference-applied')).toBe('return=representation, missing=default');
    expect((await res.json()).sort((a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name))).toEqual([
      { name: 'dos', qty: 2, note: 'sin nota' },
      { name: 'tres', qty: 1, note: null },
    ]);
    const viaClient = await sb().from('gc_items').insert([{ name: 'cuatro' }, { name: 'cinco', qty: 9 }], { defaultToNull: false }).select('name, qty, id');
    expect(viaClient.error).toBeNull();
    expect(viaClient.data?.map((r) => [r.name, r.qty])).toEqual(expect.arrayContaining([['cuatro', 1], ['cinco', 9]]));
    expect(new Set(viaClient.data?.map((r) => r.id)).size).toBe(2);
  });

  it('Preference-Applied lists the preferences applied', async () => {
    const res = await rest('gc_items?id=eq.1', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Prefer: 'return=minimal, count=exact, handling=strict, max-affected=1, tx=rollback' },
      body: JSON.stringify({ qty: 6 }),
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('preference-applied')).toBe('return=minimal, count=exact, handling=strict, tx=rollback, max-affected=1');
    const read = await rest('gc_users?select=username', { headers: { Prefer: 'count=exact' } });
    expect(read.headers.get('preference-applied')).toBe('count=exact');
  });
});

describe('counts, media types and profiles', () => {
  it('count=planned and count=estimated answer an estimate in Content-Range, 206 when partial', async () => {
    for (const count of ['planned', 'estimated'] as const) {
      const { count: total, status, error, data } = await sb().from('gc_users').select('username', { count }).limit(1);
      expect(error).toBeNull();
      expect(data).toHaveLength(1);
      expect(typeof total).toBe('number');
      expect(total).toBeGreaterThan(0);
      if ((total ?? 0) > 1) expect(status).toBe(206);
    }
    const planned = await rest('gc_users?select=username&limit=1', { headers: { Prefer: 'count=planned' } });
    expect(planned.headers.get('preference-applied')).toBe('count=planned');
    expect(planned.headers.get('content-range')).toMatch(/^0-0\/\d+$/);
    // below db-max-rows, estimated is the exact count
    expect((await sb().from('gc_users').select('username', { count: 'estimated' }).eq('status', 'ONLINE')).count).toBe(3);
  });

  it('Accept: text/csv answers the rows as CSV', async () => {
    const res = await rest('gc_messages?select=id,message,username&order=id&limit=2', { headers: { Accept: 'text/csv' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(await res.text()).toBe('id,message,username\n1,"Hello World 👋",supabot\n2,"Perfection is attained.",supabot');
    const viaClient = await sb().from('gc_users').select('username,age').eq('username', 'supabot').csv();
    expect(viaClient.data).toBe('username,age\nsupabot,3');
  });

  it('GeoJSON and explain are not enabled: 406, as PostgREST answers them disabled', async () => {
    for (const accept of ['application/geo+json', 'application/vnd.pgrst.plan+json']) {
      const res = await rest('gc_users', { headers: { Accept: accept } });
      expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([406, 'PGRST107']);
    }
  });

  it('Accept-Profile / Content-Profile pick among the exposed schemas; another one: 406 PGRST106', async () => {
    const personal = sb().schema('personal');
    expect((await personal.from('gc_users').select('username, status')).data).toEqual([{ username: 'personal_bot', status: 'OFFLINE' }]);
    const inserted = await personal.from('gc_users').insert({ username: 'otro' }).select();
    expect([inserted.status, inserted.data]).toEqual([201, [{ username: 'otro', status: 'ONLINE' }]]);
    expect((await personal.rpc('gc_get_status', { name_param: 'personal_bot' })).data).toBe('OFFLINE');
    // the default schema is the first one: public's table of the same name is untouched
    expect((await sb().from('gc_users').select('username').eq('username', 'otro')).data).toEqual([]);
    const missing = await personal.from('gc_messages').select();
    expect([missing.status, missing.error?.code, missing.error?.message]).toEqual([404, 'PGRST205', "Could not find the table 'personal.gc_messages' in the schema cache"]);
    const { error, status } = await sb().schema('privado').from('gc_users').select();
    expect(status).toBe(406);
    expect(error).toEqual({ code: 'PGRST106', details: null, hint: null, message: 'The schema must be one of the following: public, personal' });
  });
});
