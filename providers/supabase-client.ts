import { PostgrestClient } from '@supabase/postgrest-js';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from './config';
import { SESSION_KEYS } from './session';
import { pasoAdicionalPedido } from './servicios-http';
import { CABECERA_IDEMPOTENCIA, conClave } from './idempotencia';

/**
 * The supabase side of the signed-in portal: the two clients supabase-js is made of that the
 * portal uses, its REST (PostgREST) here and its functions (./supabase-functions.ts, loaded
 * with the first call of one), without supabase-js' auth, realtime and
 * storage clients (about 30 KB on the wire, never used: sign-in is the PIN flow of the services
 * API). Each request carries the headers supabase-js sends with the `accessToken` option: the
 * anon key as apikey, and the session's access token (a JWT the gateway and RLS understand), or
 * the anon key without a session, as the bearer.
 */
export const withSession: typeof fetch = (input, init) => {
  // each write is a submission with its Idempotency-Key (providers/idempotencia.ts)
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return conClave(init?.method ?? 'GET', url, init?.body, async (clave) => {
    // built at each send: a step-up gives a new access token before the second one
    const send = () => {
      const headers = new Headers(init?.headers);
      if (!headers.has('apikey')) headers.set('apikey', SUPABASE_ANON_KEY);
      if (!headers.has('Authorization')) headers.set('Authorization', `Bearer ${localStorage.getItem(SESSION_KEYS.token) ?? SUPABASE_ANON_KEY}`);
      if (clave) headers.set(CABECERA_IDEMPOTENCIA, clave);
      return fetch(input, { ...init, headers });
    };
    const res = await send();
    // an admin change asks for a recent passkey (403 'paso_adicional'): asked, then sent again
    return (await pasoAdicionalPedido(res)) ? send() : res;
  });
};

const rest = new PostgrestClient(`${SUPABASE_URL}/rest/v1`, { fetch: withSession });

/** What @refinedev/supabase's data provider and the pages use of a SupabaseClient. */
export const supabaseClient = {
  rest,
  from: rest.from.bind(rest),
  schema: rest.schema.bind(rest),
  rpc: rest.rpc.bind(rest),
};
