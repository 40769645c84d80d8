import { FunctionsClient } from '@supabase/functions-js';
import { SUPABASE_URL } from './config';
import { headers } from './supabase-public';

/** supabase-js' functions client before anyone is signed in (./supabase-public.ts): auth-proxy's. */
export const publicFunctions = new FunctionsClient(`${SUPABASE_URL}/functions/v1`, { headers });
