import type { CatalogueConfig } from '../../domain/resource';
import { catalogueConfigs } from '../../resources';
import { prepareRow } from '../../src/crud/schema-rules';

/**
 * The registry's sample rows for the tests that iterate over it (the authorization matrices, the
 * fuzz test, the admin journey): each declaration's `sample`, validated and cleaned by its own
 * schema as the form would send it, with the rows it refers to (ref('notarias')) stored first.
 * No seed needed. Pure: the caller says how a row is stored (SQL, or /rest/v1 as an admin).
 */

let counter = 0;
/** A distinct number for each sample of this process (`base` keeps runs on one database apart). */
export const nextSample = (base = 0) => base + ++counter;

/** The declaration's sample as the row to store (its soft-delete column live). */
export function sampleRow(config: CatalogueConfig, ref: (resource: string) => number, n = nextSample()): Record<string, unknown> {
  if (!config.sample) throw new Error(`${config.name} declares no sample`);
  const prepared = prepareRow(config, config.sample({ n, ref }));
  if (!prepared.ok) throw new Error(`${config.name}: the sample is not valid: ${JSON.stringify(prepared.errors)}`);
  return config.deletion.mode === 'soft' ? { ...prepared.row, [config.deletion.column]: true } : prepared.row;
}

/**
 * Samples stored by `insert` (which returns the new id). `ref` stores one sample of the referred
 * resource the first time it is asked for and reuses it (a reference must be registered too).
 */
export function sampleStore(
  insert: (table: string, row: Record<string, unknown>) => Promise<number>,
  configs: CatalogueConfig[] = catalogueConfigs(),
  base = 0,
) {
  const refs = new Map<string, number>();
  const pending = new Map<string, Promise<number>>();
  const byName = (name: string) => {
    const config = configs.find((c) => c.name === name);
    if (!config) throw new Error(`sample ref: ${name} is not registered`);
    return config;
  };
  /** The row ref(name) gives every sample: stored the first time it is asked for. */
  function referred(name: string): Promise<number> {
    if (!pending.has(name)) pending.set(name, store(byName(name)).then((id) => (refs.set(name, id), id)));
    return pending.get(name)!;
  }
  async function prepareRefs(config: CatalogueConfig): Promise<void> {
    const asked: string[] = [];
    config.sample?.({ n: 0, ref: (r) => (asked.push(r), 1) });
    for (const name of asked) await referred(name);
  }
  const ref = (name: string) => {
    const id = refs.get(name);
    if (id === undefined) throw new Error(`sample ref: ${name} not stored yet`);
    return id;
  };
  async function row(config: CatalogueConfig): Promise<Record<string, unknown>> {
    await prepareRefs(config);
    return sampleRow(config, ref, nextSample(base));
  }
  async function store(config: CatalogueConfig, changes: Record<string, unknown> = {}): Promise<number> {
    return insert(config.name, { ...(await row(config)), ...changes });
  }
  return { row, store, referred };
}
