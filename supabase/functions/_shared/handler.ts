/**
 * A function of supabase/functions: one Web-standard handler. The server mounts it at
 * /functions/v1/<name>; the folder's index.ts serves the same handler on a hosted Supabase (Deno).
 */
export interface FunctionEnv {
  /** Base URL of the PostgREST side (…/rest/v1 lives under it). */
  supabaseUrl: string;
  anonKey: string;
  /** Base URL of the notary services API (…/nt/demo/v1/servicios). */
  servicesUrl: string;
  fetch: typeof fetch;
  /** Shared with the services API (AUTH_PROXY_SECRET): lets the auth-proxy name the caller's address. */
  authProxySecret?: string;
}

export type FunctionHandler = (req: Request, env: FunctionEnv) => Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
