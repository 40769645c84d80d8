import { FunctionsClient } from '@supabase/functions-js';
import { SUPABASE_URL } from './config';
import { withSession } from './supabase-client';

/** supabase-js' functions client of the signed-in portal, with the same headers as its REST (./supabase-client.ts). */
export const supabaseFunctions = new FunctionsClient(`${SUPABASE_URL}/functions/v1`, { customFetch: withSession });
