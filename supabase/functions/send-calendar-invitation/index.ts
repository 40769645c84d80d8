// Deno entry for a hosted Supabase project: supabase functions deploy send-calendar-invitation
import handler from './handler.ts';
import { serveOnDeno } from '../_shared/deno.ts';

serveOnDeno(handler);
