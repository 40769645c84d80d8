// Deno entry for a hosted Supabase project: supabase functions deploy template-operations
import handler from './handler.ts';
import { serveOnDeno } from '../_shared/deno.ts';

serveOnDeno(handler);
