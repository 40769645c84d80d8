/**
 * The generic handler of the services API: a declaration of resources/ with `crud` (one table of
 * schema servicios whose rows each belong to one person) is served from the declaration alone, at
 * its `paths` (crudPaths('/<name>')):
 *   GET    list   ?page&pageSize&sort&order&<column>=<value> → { data, total }, the rows the caller may list
 *   GET    one    the row, or 404
 *   POST   create the body validated by the declaration's `schema`; the owner column is the caller;
 *                 a column of `references` must name a row the caller may read (400 under it)
 *   PUT    update the whole record validated again; 404 for a row the caller may not see, 403 for one
 *                 they may see but not change
 *   DELETE delete (deletion 'hard'); 404 / 403 as PUT
 * Who may do what is the declaration's `access`, read by the same allows() as the portal's
 * buttons, route guards and menu. A row the caller may not see answers exactly like a row that does
 * not exist, so ids cannot be probed.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { requireUser, type AuthEnv } from '../auth/middleware.js';
import { viewerOf } from '../auth/viewer.js';
import { HttpError, json, parseWith, readJson } from '../http.js';
import { isPgError, type Queryable } from '../db/db.js';
import { allows, resourceMessages, type CrudAction, type ServiciosConfig, type Viewer } from '../../domain/resource.js';
import type { Route } from '../../domain/route.js';
import { checkReferences } from './referencias.js';
import { boundCaller, ruleSql } from '../../domain/access-sql.js';
import { IDENTIFIER } from '../../domain/resource-policies.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MENSAJE_NO_ENCONTRADO = 'Recurso no encontrado';
const MENSAJE_SIN_PERMISO = 'No tiene permiso para esta acción';


/** 'hh/{id}' → 'hh/:id'; only `{id}` may be a placeholder of the generic paths, each served with its action's method. */
function honoPath(route: Route | readonly Route[] | undefined, method: string, withId: boolean, where: string): string | undefined {
  if (route === undefined) return undefined;
  if (!('path' in route)) throw new Error(`${where}: the generic handler serves one path per action`);
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  if (route.method !== method || (withId ? names.join() !== 'id' : names.length > 0)) {
    throw new Error(`${where}: ${route.method} ${route.path} (the generic paths are crudPaths('/<name>'))`);
  }
  return route.path.replace('{id}', ':id');
}

/** Checks what the generic handler needs of a declaration; a mistake stops the start with its reason. */
function checked(config: ServiciosConfig) {
  const where = `resources/${config.name}`;
  const crud = config.crud!;
  if (!config.schema) throw new Error(`${where}: crud needs a schema`);
  if (config.deletion.mode === 'soft') throw new Error(`${where}: the generic handler deletes 'hard' or 'none'`);
  const columns = Object.keys(config.schema.shape);
  for (const name of [crud.table, crud.owner, ...columns]) if (!IDENTIFIER.test(name)) throw new Error(`${where}: ${name} is not a plain column or table name`);
  for (const column of Object.keys(crud.references ?? {})) if (!columns.includes(column)) throw new Error(`${where}: the reference ${column} is not a key of its schema`);
  const sort = config.defaultSort ?? { field: 'id', order: 'asc' as const };
  return {
    schema: config.schema,
    references: crud.references ?? {},
    table: `servicios."${crud.table}"`,
    owner: crud.owner,
    columns,
    sort,
    paths: {
      list: honoPath(config.paths.list, 'GET', false, where),
      one: honoPath(config.paths.one, 'GET', true, where),
      create: honoPath(config.paths.create, 'POST', false, where),
      update: honoPath(config.paths.update, 'PUT', true, where),
      delete: honoPath(config.paths.delete, 'DELETE', true, where),
    },
  };
}

const listQuerySchema = (sortable: string[]) =>
  z.object({
    page: z.coerce.number({ error: 'page debe ser un número' }).int('page debe ser un número entero').min(1, 'page empieza en 1').max(100_000, 'page demasiado alto').default(1),
    pageSize: z.coerce.number({ error: 'pageSize debe ser un número' }).int('pageSize debe ser un número entero').min(1, 'pageSize mínimo 1').max(100, 'pageSize no puede superar 100').default(20),
    sort: z.enum(sortable as [string, ...string[]], { error: `sort debe ser una de: ${sortable.join(', ')}` }).optional(),
    order: z.enum(['asc', 'desc'], { error: 'order debe ser asc o desc' }).optional(),
  });

/** Routes for every declaration with `crud` (none of the others). */
export function recursosRoutes(ctx: AppContext, configs: readonly ServiciosConfig[]) {
  const app = new Hono<AuthEnv>();
  const auth = requireUser(ctx);
  for (const config of configs) if (config.crud) mount(app, auth, ctx, config);
  return app;
}

function mount(app: Hono<AuthEnv>, auth: ReturnType<typeof requireUser>, ctx: AppContext, config: ServiciosConfig) {
  const { schema, references, table, owner, columns, sort, paths } = checked(config);
  const messages = resourceMessages(config);
  const querySchema = listQuerySchema(['id', owner, ...columns]);
  const refuse = (v: Viewer, action: CrudAction, row?: Record<string, unknown>) => {
    if (!allows(config, action, v, row)) throw new HttpError(403, MENSAJE_SIN_PERMISO);
  };

  /** The row `id` as `v` may list it (locked for a change), or 404 whether it is hidden or missing. */
  async function visible(db: Queryable, v: Viewer, id: string, lock = false): Promise<Record<string, unknown>> {
    if (!UUID.test(id)) throw new HttpError(404, MENSAJE_NO_ENCONTRADO);
    const params: unknown[] = [id];
    // the list rule compiled by the ruleSql() that writes the catalogues' RLS, the viewer's values bound
    const cond = ruleSql(config.access.list, boundCaller(v, params));
    const { rows } = await db.query<{ r: Record<string, unknown> }>(`select to_jsonb(t) as r from ${table} t where t.id = $1 and ${cond}${lock ? ' for update' : ''}`, params);
    if (!rows[0]) throw new HttpError(404, MENSAJE_NO_ENCONTRADO);
    return rows[0].r;
  }

  /** A broken unique constraint → 409 with its declared message under its field; the caller's persona gone → 401. */
  function storeError(e: unknown): never {
    if (isPgError(e) && e.code === '23505') {
      const known = e.constraint ? messages.unique?.[e.constraint] : undefined;
      throw new HttpError(409, known?.message ?? `Ya existe ${config.labels.gender === 'f' ? 'una' : 'un'} ${config.labels.singular.toLowerCase()} con estos datos`, known ? { [known.field]: known.message } : undefined);
    }
    if (isPgError(e) && e.code === '23503') {
      if (e.constraint?.includes(`_${owner}_`)) throw new HttpError(401, 'Sesión no válida');
      throw new HttpError(400, messages.inUse ?? 'Un dato relacionado no existe');
    }
    throw e;
  }

  const user = (c: Context<AuthEnv>) => viewerOf(c.get('user'));

  if (paths.list) {
    app.get(paths.list, auth, async (c) => {
      const v = user(c);
      refuse(v, 'list');
      const query = c.req.query();
      const { page, pageSize, sort: field = sort.field, order = sort.order } = parseWith(querySchema, query);
      const params: unknown[] = [];
      const where = [ruleSql(config.access.list, boundCaller(v, params))];
      // ?column=value: equality on the id and the declaration's columns (Refine's eq filters); other keys are not filters
      for (const column of ['id', owner, ...columns]) {
        if (query[column] === undefined) continue;
        params.push(query[column]);
        where.push(`t."${column}"::text = $${params.length}`);
      }
      const filter = where.join(' and ');
      const [{ rows }, { rows: counted }] = await Promise.all([
        ctx.db.query<{ r: Record<string, unknown> }>(
          `select to_jsonb(t) as r from ${table} t where ${filter} order by t."${field}" ${order}, t.id limit ${pageSize} offset ${(page - 1) * pageSize}`,
          params,
        ),
        ctx.db.query<{ n: number }>(`select count(*)::int as n from ${table} t where ${filter}`, params),
      ]);
      return json(c, { data: rows.map((x) => x.r), total: counted[0].n });
    });
  }

  if (paths.one) app.get(paths.one, auth, async (c) => json(c, await visible(ctx.db, user(c), c.req.param('id') ?? '')));

  if (paths.create) {
    app.post(paths.create, auth, async (c) => {
      const v = user(c);
      refuse(v, 'create');
      const values = parseWith(schema, await readJson(c)) as Record<string, unknown>;
      refuse(v, 'create', { ...values, [owner]: v.id });
      const cols = columns.filter((k) => k in values);
      const row = await ctx.db.transaction(async (tx) => {
        await checkReferences(tx, v, references, values);
        try {
          // the id is the table's default; the owner is the caller, never the body
          const { rows } = await tx.query<{ r: Record<string, unknown> }>(
            `insert into ${table} as t (${[owner, ...cols].map((k) => `"${k}"`).join(', ')})
               select ${['$1', ...cols.map((k) => `s."${k}"`)].join(', ')} from jsonb_populate_record(null::${table}, $2::jsonb) s returning to_jsonb(t) as r`,
            [v.id, JSON.stringify(values)],
          );
          return rows[0].r;
        } catch (e) {
          storeError(e);
        }
      });
      return json(c, row, 201);
    });
  }

  if (paths.update) {
    app.put(paths.update, auth, async (c) => {
      const v = user(c);
      const id = c.req.param('id') ?? '';
      // read before the row is locked (a slow body holds no lock); validated only once the row is
      // known to be visible: a hidden row answers 404 whatever the body
      const body = await readJson(c);
      const row = await ctx.db.transaction(async (tx) => {
        refuse(v, 'edit', await visible(tx, v, id, true));
        const values = parseWith(schema, body) as Record<string, unknown>;
        await checkReferences(tx, v, references, values);
        const cols = columns.filter((k) => k in values);
        if (!cols.length) return visible(tx, v, id);
        try {
          const { rows } = await tx.query<{ r: Record<string, unknown> }>(
            `update ${table} t set ${cols.map((k) => `"${k}" = s."${k}"`).join(', ')}
               from jsonb_populate_record(null::${table}, $2::jsonb) s where t.id = $1 returning to_jsonb(t) as r`,
            [id, JSON.stringify(values)],
          );
          return rows[0].r;
        } catch (e) {
          storeError(e);
        }
      });
      return json(c, row);
    });
  }

  if (paths.delete && config.deletion.mode === 'hard') {
    app.delete(paths.delete, auth, async (c) => {
      const v = user(c);
      const id = c.req.param('id') ?? '';
      const row = await ctx.db.transaction(async (tx) => {
        const found = await visible(tx, v, id, true);
        refuse(v, 'delete', found);
        try {
          await tx.query(`delete from ${table} t where t.id = $1`, [id]);
        } catch (e) {
          storeError(e);
        }
        return found;
      });
      return json(c, row);
    });
  }
}
