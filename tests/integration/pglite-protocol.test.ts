import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { BatchResults, batchMessage, type BoundStatement } from '../../server/db/pglite-protocol';

/**
 * The server writes its batches and reads PGlite's answers with its own code
 * (server/db/pglite-protocol.ts). Here its messages are compared byte for byte with PGlite's
 * serializer and run on a real PGlite; real answers are read whole and cut into chunks at every
 * byte, and compared with what PGlite's own reader makes of the same bytes.
 */

const { serialize } = protocol;
let pg: PGlite;

beforeAll(async () => {
  pg = await PGlite.create();
  await pg.exec(`
    create table t (id int primary key, nombre text, datos jsonb, alta timestamptz, activo boolean, saldo numeric, grande bigint);
    insert into t values
      (1, 'Ana', '{"a": [1, 2]}', '2026-01-02T03:04:05Z', true, 10.5, 9007199254740993),
      (2, 'Begoña Ibáñez — «notaría» 🏛️ ' || repeat('ñ', 40), null, null, false, null, 7),
      (3, '', '[]', '2026-05-06T07:08:09.123Z', null, 0, -1);
  `);
});
afterAll(() => pg?.close());

const concat = (parts: Uint8Array[]) => {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (all.set(p, at), at + p.length), 0);
  return all;
};

/** A batch as the server sends it: each SQL parsed, bound, described and executed, then one Sync. */
const unpreparedBatch = (statements: string[]) =>
  concat([
    ...statements.flatMap((text) => [serialize.parse({ text }), serialize.bind({}), serialize.describe({ type: 'P' }), serialize.execute({})]),
    serialize.sync(),
  ]);

/** The raw answer of a batch, as PGlite writes it. */
async function rawAnswer(statements: string[]): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  await pg.execProtocolRawStream(unpreparedBatch(statements), { onRawData: (c) => chunks.push(c.slice()) });
  return concat(chunks);
}

/** What PGlite's own reader makes of the same bytes, per statement. */
async function pgliteReads(statements: string[]) {
  const { messages } = await pg.execProtocol(unpreparedBatch(statements));
  const groups: (typeof messages)[] = [];
  let current: typeof messages = [];
  for (const m of messages) {
    current.push(m);
    if (m.name === 'commandComplete' || m.name === 'emptyQuery') {
      groups.push(current);
      current = [];
    }
  }
  return groups.map((g) => {
    const r = parse.parseResults(g, pg.parsers)[0];
    return { rows: r.rows, rowCount: Math.max(r.affectedRows ?? 0, r.rows.length) };
  });
}

function readInChunks(bytes: Uint8Array, cut: number) {
  const reader = new BatchResults(pg.parsers);
  reader.push(bytes.subarray(0, cut));
  reader.push(bytes.subarray(cut));
  return reader;
}

describe('BatchResults', () => {
  const batch = [
    'select * from t order by id',
    "update t set saldo = saldo where id in (1, 3)",
    "select nombre as \"ñandú\", null::text as nada, 1 as \"ñandú\" from t where id = 2",
    'select 1 where false',
  ];

  it('reads rows with their types and counts as PGlite does, in one chunk', async () => {
    const reader = new BatchResults(pg.parsers);
    reader.push(await rawAnswer(batch));
    expect(reader.error).toBeNull();
    expect(reader.results).toEqual(await pgliteReads(batch));
    expect(reader.results[0].rows[0]).toMatchObject({ id: 1, datos: { a: [1, 2] }, activo: true, saldo: '10.5' });
    expect(reader.results[0].rows[0].alta).toEqual(new Date('2026-01-02T03:04:05Z'));
    expect(reader.results[1].rowCount).toBe(2);
  });

  it('reads the same whatever byte the output is cut at (multi-byte characters too)', async () => {
    const bytes = await rawAnswer(batch);
    const expected = await pgliteReads(batch);
    for (let cut = 0; cut <= bytes.length; cut++) {
      const reader = readInChunks(bytes, cut);
      expect(reader.results, `cut at ${cut}`).toEqual(expected);
    }
  });

  it('keeps the first error with its Postgres fields; the statements after it are skipped', async () => {
    const bytes = await rawAnswer(['select 1 as uno', "insert into t (id, nombre) values (1, 'otra')", 'select 2']);
    for (const cut of [0, 7, Math.floor(bytes.length / 2), bytes.length]) {
      const reader = readInChunks(bytes, cut);
      expect(reader.results).toEqual([{ rows: [{ uno: 1 }], rowCount: 1 }]);
      expect(reader.error).toBeInstanceOf(Error);
      expect(reader.error).toMatchObject({ code: '23505', constraint: 't_pkey', table: 't', schema: 'public', severity: 'ERROR' });
      expect(reader.error?.message).toContain('duplicate key');
      expect(reader.error?.detail).toContain('(id)=(1)');
    }
  });
});

describe('batchMessage', () => {
  /** The same batch through PGlite's serializer. */
  const pgliteMessage = (statements: BoundStatement[]) =>
    concat([
      ...statements.flatMap(({ name, values }) => [
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
      ]),
      serialize.sync(),
    ]);

  it('writes the bytes PGlite writes, for any text, NULLs and statement names', () => {
    const value = fc.option(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary', maxLength: 3000 })), { nil: null });
    const statement = fc.record({ name: fc.string({ unit: 'grapheme-ascii', maxLength: 20 }).map((n) => n.replace(/\0/g, '')), values: fc.array(value, { maxLength: 12 }) });
    fc.assert(
      fc.property(fc.array(statement, { minLength: 1, maxLength: 4 }), (statements) => {
        expect(Buffer.from(batchMessage(statements)).equals(Buffer.from(pgliteMessage(statements)))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('binds the values a prepared statement then answers unchanged', async () => {
    await pg.execProtocol(concat([serialize.parse({ name: 'eco', text: 'select $1::text as a, $2::text as b, $3::int as c' }), serialize.sync()]));
    const values = ['Begoña «notaría» 🏛️ ' + 'ñ'.repeat(5000), null, '42'];
    const reader = new BatchResults(pg.parsers);
    await pg.execProtocolRawStream(batchMessage([{ name: 'eco', values }, { name: 'eco', values: ['', 'x', null] }]), { onRawData: reader.push });
    expect(reader.error).toBeNull();
    expect(reader.results).toEqual([
      { rows: [{ a: values[0], b: null, c: 42 }], rowCount: 1 },
      { rows: [{ a: '', b: 'x', c: null }], rowCount: 1 },
    ]);
  });
});
