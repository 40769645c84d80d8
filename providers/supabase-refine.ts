import { dataProvider } from '@refinedev/supabase';
import type { SupabaseClient } from '@supabase/supabase-js';
import { supabaseClient } from './supabase-client';

/**
 * Refine's supabase data provider on the portal's client, loaded by supabase-data-provider.ts on
 * its first call. Imported by name here (a dynamic import of @refinedev/supabase itself would keep
 * every export of it, and its re-exported createClient brings the whole of supabase-js).
 * It reads only from, schema and rest of the client (see supabase-client.ts).
 */
export const supabaseProvider = dataProvider(supabaseClient as unknown as SupabaseClient);
