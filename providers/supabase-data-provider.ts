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

/** A function of supabase/functions refused the call: its message and HTTP status (0 = no answer). */
export class FunctionError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * `custom` calls a function of supabase/functions (Refine's supabase provider has no custom):
 * `url` is the function's name, `payload` its JSON body, sent with the session's token.
 * Answers the function's JSON; a refusal throws FunctionError with the function's message.
 */
const callFunction: NonNullable<DataProvider['custom']> = async ({ url, method, payload }) => {
  const { supabaseFunctions } = await import('./supabase-functions');
  const name = url.replace(/^.*\/functions\/v1\//, '').replace(/^\//, '');
  const { data, error } = await supabaseFunctions.invoke(name, { body: payload as Record<string, unknown>, method: method.toUpperCase() as 'POST' });
  if (error) {
    const context = (error as { context?: unknown }).context;
    const status = context instanceof Response ? context.status : 0;
    const body = context instanceof Response ? ((await context.json().catch(() => null)) as { message?: unknown } | null) : null;
    throw new FunctionError(typeof body?.message === 'string' ? body.message : 'Error en la solicitud', status);
  }
  return { data: data as never };
};

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
  custom: callFunction,
  getApiUrl: () => `${SUPABASE_URL}/rest/v1`,
};
