import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './db.js';
import type { CatalogueConfig } from '../../domain/resource.js';
import { catalogueSql } from '../../domain/resource-policies.js';
import { catalogueConfigs } from '../../resources/index.js';

/** The project folder: the nearest one above this module with package.json (server/db, or server/.build for the bundle). */
function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

const root = projectRoot(import.meta.dirname);

/** Migration folders, applied in this order; each file exactly once. */
export const MIGRATION_DIRS = [path.join(root, 'supabase/migrations'), path.join(root, 'server/db/migrations')];
/** Demo data, applied once after the migrations when seeding is on. */
export const SEED_FILES = [path.join(root, 'supabase/seed.sql'), path.join(root, 'server/db/seed.sql')];

function sqlFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((f) => f.endsWith('.sql')).sort().map((f) => path.join(dir, f));
}

/**
 * Held by every migration transaction: instances started together on one PostgreSQL (replicas,
 * a rolling deploy) apply each file once, one after the other, instead of failing on each
 * other's half-made schema ("duplicate key … pg_namespace_nspname_index", "tuple concurrently updated").
 * Taken with exec(), which lifts statement_timeout: waiting while another instance applies a long
 * file is no slow statement (three instances starting at once on a busy machine waited over 10 s).
 */
const MIGRATION_LOCK = `select pg_advisory_xact_lock(hashtext('app_meta.migrations'))`;

/**
 * Applies pending migrations (and, once, the seed), then the catalogues' grants and RLS as their
 * declarations state them. Records each in app_meta.migrations (app_meta.politicas), so a
 * restart changes nothing. Returns the names applied this time.
 */
export async function migrate(db: Db, opts: { seed: boolean; catalogues?: readonly CatalogueConfig[] }): Promise<string[]> {
  await db.transaction(async (tx) => {
    await tx.exec(MIGRATION_LOCK);
    await tx.exec(`
      create schema if not exists app_meta;
      create table if not exists app_meta.migrations (
        name text primary key,
        applied_at timestamptz not null default now()
      );`);
  });
  const done = new Set(
    (await db.query<{ name: string }>('select name from app_meta.migrations')).rows.map((r) => r.name),
  );
  const files = MIGRATION_DIRS.flatMap(sqlFiles);
  if (opts.seed) files.push(...SEED_FILES.filter((f) => fs.existsSync(f)));
  const applied: string[] = [];
  for (const file of files) {
    const name = path.relative(root, file);
    if (done.has(name)) continue;
    const sql = fs.readFileSync(file, 'utf8');
    const appliedNow = await db.transaction(async (tx) => {
      await tx.exec(MIGRATION_LOCK);
      // another instance may have applied it while this one waited for the lock
      if ((await tx.query('select 1 from app_meta.migrations where name = $1', [name])).rowCount) return false;
      await tx.exec(sql);
      await tx.query('insert into app_meta.migrations(name) values ($1)', [name]);
      return true;
    });
    if (appliedNow) applied.push(name);
  }
  return [...applied, ...(await stateCatalogues(db, opts.catalogues ?? catalogueConfigs()))];
}

/**
 * Each catalogue's grants, RLS policies and checks (catalogueSql: the access rules and the columns' rules compiled to SQL),
 * applied when they differ from the ones last applied: a changed rule takes effect at the next
 * start, with no migration. Returns 'politicas <tabla>' for each table restated.
 */
export async function stateCatalogues(db: Db, catalogues: readonly Parameters<typeof catalogueSql>[0][]): Promise<string[]> {
  await db.transaction(async (tx) => {
    await tx.exec(MIGRATION_LOCK);
    await tx.exec('create table if not exists app_meta.politicas (tabla text primary key, sql text not null, applied_at timestamptz not null default now())');
  });
  const stated: string[] = [];
  for (const config of catalogues) {
    const sql = catalogueSql(config);
    const changed = await db.transaction(async (tx) => {
      await tx.exec(MIGRATION_LOCK);
      if ((await tx.query('select 1 from app_meta.politicas where tabla = $1 and sql = $2', [config.name, sql])).rowCount) return false;
      await tx.exec(sql);
      await tx.query('insert into app_meta.politicas (tabla, sql) values ($1, $2) on conflict (tabla) do update set sql = excluded.sql, applied_at = now()', [config.name, sql]);
      return true;
    });
    if (changed) stated.push(`politicas ${config.name}`);
  }
  return stated;
}
