import { isEdited, type EditedColumn } from './columns';
import type { CatalogueConfig, Widget } from './resource';

/**
 * The database's checks of a catalogue, derived from its columns' rules (domain/columns.ts): what
 * a rule says of the value it stores that SQL can say as well. The migration runner states them
 * with the catalogue's policies at every start (server/db/migrate.ts), so a direct /rest/v1 call
 * meets the bounds the form's messages explain. A check is never stricter than its rule: what a
 * rule only can tell (a refine, an e-mail's or a URL's format, a count of digits) stays with the
 * rule, and a hand-written check in a migration may add it.
 *
 *   a required text   never blank                  btrim(col) <> ''
 *   at most N         characters                   char_length(col) <= N
 *   .regex(p)         the same pattern             col ~ 'p' (~* with the i flag)
 *   z.enum            one of its values            col in (…)
 *   a number          its bounds (.positive: > 0)  col > 0
 */

/** The widgets whose column stores the rule's value as it is: a text, or a number for a number or a reference. */
const TEXT_WIDGETS: readonly Widget[] = ['text', 'textarea', 'email', 'url', 'image', 'template', 'select'];
const NUMBER_WIDGETS: readonly Widget[] = ['number', 'select'];

interface Def {
  type: string;
  in?: { _zod: { def: Def } };
  out?: { _zod: { def: Def } };
  innerType?: { _zod: { def: Def } };
  checks?: { _zod: { def: CheckDef } }[];
  entries?: Record<string, string | number>;
  coerce?: boolean;
}
interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
}

const defOf = (schema: { _zod: { def: Def } }) => schema._zod.def;
const WRAPPERS = new Set(['nullable', 'optional', 'default', 'prefault', 'nonoptional', 'readonly']);

/** The schemas that judge the value as stored: through preprocessing and wrappers (NULL passes a CHECK). */
function storedSchemas(def: Def): Def[] {
  if (WRAPPERS.has(def.type) && def.innerType) return storedSchemas(defOf(def.innerType));
  if (def.type !== 'pipe' || !def.in || !def.out) return [def];
  const [first, then] = [defOf(def.in), defOf(def.out)];
  if (first.type === 'transform') return storedSchemas(then); // z.preprocess: the stored value is what `then` accepts
  if (then.type === 'transform') return []; // the stored value is whatever the transform makes of it
  if (then.coerce || first.type !== then.type) return storedSchemas(then);
  return [...storedSchemas(first), ...storedSchemas(then)]; // one value judged twice
}

/** JS patterns PostgreSQL's regular expressions read alike: no look-around, back-references, classes like \d or \b, Unicode escapes. */
const PORTABLE_PATTERN = /^(?:[^\\(]|\\[^a-zA-Z0-9]|\((?!\?))*$/;

const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** One thing a rule states about the stored value, in SQL, with a value it refuses (the tests store it). */
export interface Condition {
  sql: string;
  refuses: unknown;
}

/** A text the pattern does not match. */
const unmatched = (pattern: RegExp) => ['~', '', '0', 'a', 'ñ~0'].find((v) => !pattern.test(v));

/** The SQL conditions a column's rule states about its stored value. */
export function columnConditions(column: string, { rule, widget }: Pick<EditedColumn, 'rule' | 'widget'>): Condition[] {
  const col = `"${column}"`;
  const out: Condition[] = [];
  for (const def of storedSchemas(defOf(rule as unknown as { _zod: { def: Def } }))) {
    if (def.type === 'string' && TEXT_WIDGETS.includes(widget)) {
      for (const { _zod: { def: c } } of def.checks ?? []) {
        if (c.check === 'min_length' && (c.minimum ?? 0) >= 1) out.push({ sql: `btrim(${col}) <> ''`, refuses: '   ' });
        if (c.check === 'max_length' && c.maximum !== undefined) out.push({ sql: `char_length(${col}) <= ${c.maximum}`, refuses: 'x'.repeat(c.maximum + 1) });
        const p = c.check === 'string_format' && c.format === 'regex' ? c.pattern : undefined;
        if (p && /^i?$/.test(p.flags) && PORTABLE_PATTERN.test(p.source) && unmatched(p) !== undefined) {
          out.push({ sql: `${col} ${p.flags ? '~*' : '~'} ${literal(p.source)}`, refuses: unmatched(p) });
        }
      }
    }
    if (def.type === 'enum' && def.entries && TEXT_WIDGETS.includes(widget)) {
      const values = Object.values(def.entries);
      out.push({ sql: `${col} in (${values.map((v) => (typeof v === 'number' ? String(v) : literal(v))).join(', ')})`, refuses: typeof values[0] === 'number' ? -1 : '~' });
    }
    if (def.type === 'number' && NUMBER_WIDGETS.includes(widget)) {
      for (const { _zod: { def: c } } of def.checks ?? []) {
        if ((c.check === 'greater_than' || c.check === 'less_than') && Number.isFinite(c.value)) {
          const above = c.check === 'greater_than';
          const v = c.value!;
          out.push({ sql: `${col} ${above ? '>' : '<'}${c.inclusive ? '=' : ''} ${v}`, refuses: c.inclusive ? (above ? v - 1 : v + 1) : v });
        }
      }
    }
  }
  return out.filter((c, i) => out.findIndex((d) => d.sql === c.sql) === i);
}

/** The name of a column's derived check, as Postgres reports it when a row breaks it. */
export const checkName = (table: string, column: string) => `${table}_${column}_regla`.slice(0, 63);

/** Each edited column's derived check: its name and its condition (none when the rule states nothing SQL can). */
export function columnChecks(config: Pick<CatalogueConfig, 'name' | 'columns'>): { column: string; name: string; conditions: Condition[] }[] {
  return Object.entries(config.columns).flatMap(([column, declared]) => {
    if (!isEdited(declared)) return [];
    const conditions = columnConditions(column, declared);
    return conditions.length ? [{ column, name: checkName(config.name, column), conditions }] : [];
  });
}

/**
 * The SQL that states the checks: each dropped and added again (NOT VALID: rows stored before keep
 * their values until they next change), and a derived check no column declares any more dropped.
 */
export function columnChecksSql(config: Pick<CatalogueConfig, 'name' | 'columns'>): string {
  const table = `public."${config.name}"`;
  const checks = columnChecks(config);
  const keep = checks.map((c) => literal(c.name)).join(', ') || "''";
  return [
    `do $$ declare c record; begin
  for c in select conname from pg_constraint where conrelid = '${table}'::regclass and contype = 'c' and conname like ${literal(`${config.name}\\_%\\_regla`)} and conname not in (${keep}) loop
    execute format('alter table ${table} drop constraint %I', c.conname);
  end loop;
end $$;`,
    ...checks.map((c) => `alter table ${table} drop constraint if exists "${c.name}";\nalter table ${table} add constraint "${c.name}" check (${c.conditions.map((d) => d.sql).join(' and ')}) not valid;`),
  ].join('\n');
}
