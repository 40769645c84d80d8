import { PostgrestClient } from '@supabase/postgrest-js';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from './config';

/**
 * The supabase side as the login page reaches it, before anyone is signed in: the `notarias`
 * table here, and the `auth-proxy` function (./supabase-public-functions.ts, loaded when the
 * visitor first sends the form), with the anon key. These are the two clients supabase-js
 * itself is made of, sent the headers supabase-js sends without a session, so /login does not
 * load supabase-js' auth, realtime and storage clients (about 40 KB of gzipped JS).
 * Signed-in pages use `supabaseClient`.
 */
export const headers = { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${SUPABASE_ANON_KEY}` };

export const publicRest = new PostgrestClient(`${SUPABASE_URL}/rest/v1`, { headers });
