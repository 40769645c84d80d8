import type { DataProvider } from '@refinedev/core';
import { SUPABASE_URL } from './config';

/**
 * Refine's supabase data provider, loaded with the PostgREST client on its first call: pages that
 * only use the services API (the session check, /datos-personales) do not load it at all.
 */
let loading: Promise<DataProvider> | null = null;

function load(): Promise<DataProvider> {
  loading ??= import('./supabase-refine').then((m) => m.supabaseProvider);
  return loading;
}

type Method = Exclude<keyof DataProvider, 'getApiUrl'>;

/** The provider's method, called once supabase-js has loaded. */
function deferred<K extends Method>(method: K): NonNullable<DataProvider[K]> {
  const run = async (params: unknown) => {
    const fn = (await load())[method] as ((p: unknown) => Promise<unknown>) | undefined;
    if (!fn) throw new Error(`The supabase data provider has no ${method}`);
    return fn(params);
  };
  return run as NonNullable<DataProvider[K]>;
}

export const supabaseDataProvider: DataProvider = {
  getList: deferred('getList'),
  getOne: deferred('getOne'),
  getMany: deferred('getMany'),
  create: deferred('create'),
  createMany: deferred('createMany'),
  update: deferred('update'),
  updateMany: deferred('updateMany'),
  deleteOne: deferred('deleteOne'),
  deleteMany: deferred('deleteMany'),
  custom: deferred('custom'),
  getApiUrl: () => `${SUPABASE_URL}/rest/v1`,
};
