// Deno entry for a hosted Supabase project (supabase functions deploy hello).
import handler from './handler.ts';

Deno.serve((req: Request) =>
  handler(req, {
    supabaseUrl: Deno.env.get('SUPABASE_URL')!,
    anonKey: Deno.env.get('SUPABASE_ANON_KEY')!,
    servicesUrl: Deno.env.get('SERVICES_URL')!,
    fetch: globalThis.fetch,
  }),
);
