import { createClient } from '@supabase/supabase-js';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from './config';
import { SESSION_KEYS } from './session';

/**
 * The supabase-js client of the portal. Sign-in is the PIN flow of the services API, so the
 * client sends that access token (a JWT the gateway and RLS understand) instead of supabase auth.
 */
export const supabaseClient = createClient(SUPABASE_URL, SUPABASE_ANON_KEY, {
  accessToken: async () => localStorage.getItem(SESSION_KEYS.token),
});
