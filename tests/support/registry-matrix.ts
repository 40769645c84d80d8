import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { allows, type CatalogueConfig, type CrudAction, type Viewer } from '../../domain/resource';
import { isEdited } from '../../domain/columns';
import { columnChecks } from '../../domain/column-checks';
import { serverSamples, tokenFor, VIEWERS, viewerOf, type ViewerRole } from './registry';
import type { TestServer } from './server';

/**
 * The authorization matrix of the registry: for every catalogue declared in resources/ and for
 * anon, a client, staff of the rows' notaría and of another, and an admin with real tokens, what the database lets each
 * one do through /rest/v1 (supabase-js) is exactly what the declaration allows:
 *   list    a live row is read or not; a soft-deleted / switched-off row only by those who may edit
 *   create  the sample row is stored or nothing is
 *   edit    a column changes or stays
 *   delete  soft: setting the deletion column false (and 'Restaurar' setting it true) works or not,
 *           and a real DELETE changes nothing for anyone; hard: the row goes or stays
 *   checks  each check its columns' rules derive (domain/column-checks.ts) refuses, as the admin,
 *           a row whose column breaks it (Postgres 23514, that check's name), and the column's
 *           rule refuses that value too: the form says why before the database has to
 * Expectations come from allows(declaration, action, viewer, row): nothing is listed here.
 */
/** The points of view: the four roles, staff working at the notaría the samples refer to, and staff of another. */
const POINTS = [...VIEWERS, 'otherStaff'] as const;
type Point = (typeof POINTS)[number];

export function describeRegistryMatrix(getServer: () => TestServer, configs: () => CatalogueConfig[]) {
  const clients = {} as Record<Point, SupabaseClient>;
  const viewers = {} as Record<Point, Viewer>;
  let samples: ReturnType<typeof serverSamples>;

  beforeAll(async () => {
    const server = getServer();
    samples = serverSamples(server, configs());
    const hasNotarias = configs().some((c) => c.name === 'notarias');
    const notaria = hasNotarias ? [await samples.referred('notarias')] : [];
    const other = hasNotarias ? [await samples.store(configs().find((c) => c.name === 'notarias')!)] : [];
    for (const point of POINTS) {
      const [role, notarias]: [ViewerRole, number[]] = point === 'otherStaff' ? ['staff', other] : [point, notaria];
      viewers[point] = viewerOf(role, notarias);
      clients[point] = role === 'anon' ? server.supabase() : server.supabase(await tokenFor(role, notarias));
    }
  });

  const stored = async (table: string, id: number) =>
    (await getServer().ctx.db.query<Record<string, unknown>>(`select to_jsonb(t) as r from public."${table}" t where id = $1`, [id])).rows[0]?.r as
      | Record<string, unknown>
      | undefined;
  const count = async (table: string) => Number((await getServer().ctx.db.query<{ n: number }>(`select count(*)::int as n from public."${table}"`)).rows[0].n);

  /** A change of one column that the schema accepts: a value of another sample, or a flipped boolean. */
  async function anEdit(config: CatalogueConfig, current: Record<string, unknown>): Promise<[string, unknown]> {
    const other = await samples.row(config);
    const soft = config.deletion.mode === 'soft' ? config.deletion.column : undefined;
    // a text that the database keeps as written (times come back as 'hh:mm:ss', so not those)
    const differing = Object.entries(other).find(([k, v]) => k !== soft && typeof v === 'string' && !/^\d\d:\d\d/.test(v) && v !== current[k]);
    if (differing) return differing;
    const flag = Object.entries(current).find(([k, v]) => k !== soft && typeof v === 'boolean');
    if (flag) return [flag[0], !flag[1]];
    throw new Error(`${config.name}: no column to edit in its sample`);
  }

  describe.each(configs().map((c) => [c.name, c] as const))('%s, as its declaration says', (_name, config) => {
    const may = (action: CrudAction, role: Point, row: Record<string, unknown>) => allows(config, action, viewers[role], row);
    const live = config.deletion.mode === 'soft' ? config.deletion.column : config.access.list.liveColumn;

    it.each(POINTS)('list as %s', async (role) => {
      const id = await samples.store(config);
      const row = (await stored(config.name, id))!;
      const { data } = await clients[role].from(config.name).select('id').eq('id', id);
      expect(data ?? [], `${config.name}: ${role} reads a live row`).toEqual(may('list', role, row) ? [{ id }] : []);
      if (live) {
        const off = await samples.store(config, { [live]: false });
        const seen = (await clients[role].from(config.name).select('id').eq('id', off)).data ?? [];
        const expected = may('list', role, row) && may('edit', role, row);
        expect(seen, `${config.name}: ${role} reads a row with ${live} false`).toEqual(expected ? [{ id: off }] : []);
      }
    });

    it.each(POINTS)('create as %s', async (role) => {
      const row = await samples.row(config);
      const before = await count(config.name);
      const { error } = await clients[role].from(config.name).insert(row);
      const allowed = may('create', role, row);
      expect(error?.code ?? null, `${config.name}: ${role} inserts`).toBe(allowed ? null : '42501');
      expect(await count(config.name)).toBe(before + (allowed ? 1 : 0));
    });

    it.each(POINTS)('edit as %s', async (role) => {
      const id = await samples.store(config);
      const before = (await stored(config.name, id))!;
      const [column, value] = await anEdit(config, before);
      await clients[role].from(config.name).update({ [column]: value }).eq('id', id);
      const after = (await stored(config.name, id))!;
      if (may('edit', role, before)) expect(after[column], `${config.name}: ${role} edits ${column}`).not.toEqual(before[column]);
      else expect(after, `${config.name}: ${role} may not edit`).toEqual(before);
    });

    const broken = columnChecks(config).flatMap((check) => check.conditions.map((c) => [`${check.name}: ${c.sql.slice(0, 60)}`, check.column, c.refuses] as const));
    if (broken.length) {
      it.each(broken)('check %s', async (name, column, value) => {
        const declared = config.columns[column];
        // the form never stores it: its rule refuses it, or cleans it into something else (0 → null)
        const cleaned = isEdited(declared) ? declared.rule.safeParse(value) : null;
        expect(cleaned?.success && cleaned.data === value, `${column}: its rule keeps ${String(value).slice(0, 20)}`).toBe(false);
        // the check the database holds refuses it, whatever its other checks say
        const db = getServer().ctx.db;
        const { rows } = await db.query<{ def: string; type: string }>(
          `select pg_get_constraintdef(c.oid) as def, format_type(a.atttypid, a.atttypmod) as type
             from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attname = $2
            where c.conrelid = $3::regclass and c.conname = $1`,
          [name.split(':')[0], column, `public.${config.name}`],
        );
        expect(rows, `${name.split(':')[0]} is stated`).toHaveLength(1);
        const condition = rows[0].def.replace(/^CHECK /, '').replace(/ NOT VALID$/, '');
        const holds = await db.query<{ ok: boolean }>(`select ${condition} as ok from (select $1::${rows[0].type} as "${column}") t`, [value]);
        expect(holds.rows[0].ok).toBe(false);
        // and through /rest/v1 the admin's row with that value answers 23514 and stores nothing
        const before = await count(config.name);
        const { error } = await clients.admin.from(config.name).insert({ ...(await samples.row(config)), [column]: value });
        expect(error?.code).toBe('23514');
        expect(await count(config.name)).toBe(before);
      });
    }

    it.each(POINTS)('delete as %s', async (role) => {
      const id = await samples.store(config);
      const before = (await stored(config.name, id))!;
      const allowed = may('delete', role, before);
      if (config.deletion.mode === 'soft') {
        const column = config.deletion.column;
        await clients[role].from(config.name).update({ [column]: false }).eq('id', id);
        expect((await stored(config.name, id))?.[column], `${config.name}: ${role} soft-deletes`).toBe(!allowed);
        // 'Restaurar'
        const gone = await samples.store(config, { [column]: false });
        await clients[role].from(config.name).update({ [column]: true }).eq('id', gone);
        expect((await stored(config.name, gone))?.[column], `${config.name}: ${role} restores`).toBe(may('edit', role, before));
        // rows of a soft-deleted catalogue are never deleted for real through the API
        await clients[role].from(config.name).delete().eq('id', gone);
        expect(await stored(config.name, gone)).toBeDefined();
      } else {
        await clients[role].from(config.name).delete().eq('id', id);
        expect(!!(await stored(config.name, id)), `${config.name}: ${role} deletes`).toBe(!allowed);
      }
    });
  });
}
