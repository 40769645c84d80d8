import type { AccessRule, CatalogueConfig } from './resource';

/**
 * The SQL that states a catalogue's grants and RLS policies from its declaration: one call of
 * app_meta.politicas_catalogo (supabase/migrations/20261125030000_politicas_catalogo.sql), e.g.
 * `select app_meta.politicas_catalogo('idiomas', soft => 'activo');`. Its arguments are the names
 * of the declaration's access rules; defaults (read: anyone, changes: admin) are left out.
 */
export function catalogueSql(config: Pick<CatalogueConfig, 'name' | 'access' | 'deletion'>): string {
  const { access, deletion } = config;
  const args = [`'${config.name}'`];
  const rule = (param: string, r: AccessRule, byDefault: AccessRule['name']) => {
    if (r.name !== byDefault) args.push(`${param} => '${r.name}'`);
  };
  rule('lectura', access.list, 'anyone');
  rule('alta', access.create, 'admin');
  rule('cambio', access.edit, 'admin');
  rule('baja', deletion.mode === 'none' ? { name: 'nobody', roles: [] } : access.delete, 'admin');
  if (deletion.mode === 'soft') args.push(`soft => '${deletion.column}'`);
  else if (access.list.liveColumn) args.push(`visible => '${access.list.liveColumn}'`);
  const notaria = Object.values(access).find((r) => r.notariaColumn)?.notariaColumn;
  if (notaria && notaria !== 'notaria_id') args.push(`notaria => '${notaria}'`);
  return `select app_meta.politicas_catalogo(${args.join(', ')});`;
}

/** The latest politicas_catalogo call for `table` in the given migration texts (in applying order). */
export function latestCatalogueSql(migrations: string[], table: string): string | undefined {
  const pattern = new RegExp(`^select app_meta\\.politicas_catalogo\\('${table}'[^;]*\\);`, 'gm');
  let latest: string | undefined;
  for (const text of migrations) for (const m of text.matchAll(pattern)) latest = m[0];
  return latest;
}
