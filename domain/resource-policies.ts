import { nobody, type AccessRule } from './access';
import { readSql, ruleSql, tokenCaller } from './access-sql';
import type { CatalogueConfig } from './resource';
import { columnChecksSql } from './column-checks';

/** A plain SQL table or column name, safe to write between double quotes. */
export const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * A catalogue's grants and RLS policies, stated from its declaration (access, deletion): the SQL
 * the migration runner applies at every start after the migrations (server/db/policies.ts), so
 * a catalogue's migration is its table alone. Running it again restates everything: the table's
 * policies are dropped first, and everything is revoked before the grants its rules need.
 *
 *   reading   the list rule; with a live column (soft deletion, or onlyLive) those the edit rule
 *             refuses read only the live rows; anon is granted only when the rule lets visitors in
 *   writing   create, edit and delete rules, for signed-in requests only; a soft-deleted catalogue
 *             is never deleted for real through the API (its delete is an edit of the live column)
 */
export function cataloguePolicies(config: Pick<CatalogueConfig, 'name' | 'access' | 'deletion'>): string {
  const { name, access, deletion } = config;
  const live = deletion.mode === 'soft' ? deletion.column : access.list.liveColumn;
  for (const id of [name, live ?? '_']) if (!IDENTIFIER.test(id)) throw new Error(`resources/${name}: ${id} is not a plain table or column name`);
  if (deletion.mode === 'soft' && access.delete.name !== access.edit.name) {
    throw new Error(`resources/${name}: with soft deletion, deleting is editing (delete ${access.delete.name}, edit ${access.edit.name})`);
  }
  const table = `public."${name}"`;
  const policy = (action: string) => `"${name}_${action}"`;
  const lets = (rule: AccessRule) => rule.roles.length > 0 || rule.ownerColumn !== undefined;
  const sql = [
    `alter table ${table} enable row level security;`,
    `do $$ declare p record; begin
  for p in select policyname from pg_policies where schemaname = 'public' and tablename = '${name}' loop
    execute format('drop policy %I on public.%I', p.policyname, '${name}');
  end loop;
end $$;`,
    // also truncate, which RLS does not stop (a hosted project grants everything by default)
    `revoke all on ${table} from anon, authenticated;`,
  ];
  if (lets(access.list)) {
    const to = access.list.roles.includes('anon') ? 'anon, authenticated' : 'authenticated';
    sql.push(`grant select on ${table} to ${to};`);
    sql.push(`create policy ${policy('lectura')} on ${table} for select to ${to} using (${readSql(access.list, access.edit, tokenCaller, live)});`);
  }
  if (lets(access.create)) {
    sql.push(`grant insert on ${table} to authenticated;`);
    sql.push(`create policy ${policy('alta')} on ${table} for insert to authenticated with check (${ruleSql(access.create, tokenCaller)});`);
    sql.push(`do $$ declare s text := pg_get_serial_sequence('${table}', 'id'); begin
  if s is not null then execute format('grant usage, select on sequence %s to authenticated', s); end if;
end $$;`);
  }
  if (lets(access.edit)) {
    const edit = ruleSql(access.edit, tokenCaller);
    sql.push(`grant update on ${table} to authenticated;`);
    sql.push(`create policy ${policy('cambio')} on ${table} for update to authenticated using (${edit}) with check (${edit});`);
  }
  const remove = deletion.mode === 'hard' ? access.delete : nobody;
  if (lets(remove)) {
    sql.push(`grant delete on ${table} to authenticated;`);
    sql.push(`create policy ${policy('baja')} on ${table} for delete to authenticated using (${ruleSql(remove, tokenCaller)});`);
  }
  return sql.join('\n');
}

/**
 * All the runner states for a catalogue at every start: its grants and RLS policies, and the checks
 * its columns' rules derive (a test's table without declared columns gets the policies alone).
 */
export const catalogueSql = (config: Pick<CatalogueConfig, 'name' | 'access' | 'deletion'> & Partial<Pick<CatalogueConfig, 'columns'>>): string =>
  config.columns ? `${cataloguePolicies(config)}\n${columnChecksSql({ name: config.name, columns: config.columns })}` : cataloguePolicies(config);
