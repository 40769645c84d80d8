// Deno entry for a hosted Supabase project: supabase functions deploy auth-proxy
import handler from './handler.ts';
import { serveOnDeno } from '../_shared/deno.ts';

serveOnDeno(handler);
