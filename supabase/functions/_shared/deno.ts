// Serves a handler as a Deno function of a hosted Supabase project (the entry of each function folder).
// SERVICES_URL points at the notary services API (…/nt/demo/v1/servicios).
import type { FunctionHandler } from './handler.ts';

// the portal calls the functions from its own origin through supabase-js
const CORS = {
  'Access-Control-Allow-Origin': Deno.env.get('PORTAL_ORIGIN') ?? '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

export function serveOnDeno(handler: FunctionHandler) {
  Deno.serve(async (req: Request) => {
    if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
    const res = await handler(req, {
      supabaseUrl: Deno.env.get('SUPABASE_URL')!,
      anonKey: Deno.env.get('SUPABASE_ANON_KEY')!,
      servicesUrl: Deno.env.get('SERVICES_URL')!,
      fetch: globalThis.fetch,
      authProxySecret: Deno.env.get('AUTH_PROXY_SECRET'),
    });
    Object.entries(CORS).forEach(([k, v]) => res.headers.set(k, v));
    return res;
  });
}
