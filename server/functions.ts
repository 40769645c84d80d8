import { Hono } from 'hono';
import type { AppContext } from './context.js';
import type { FunctionEnv, FunctionHandler } from '../supabase/functions/_shared/handler.js';
import hello from '../supabase/functions/hello/handler.js';

/** The functions of supabase/functions, by name. A new function is one line here. */
const FUNCTIONS: Record<string, FunctionHandler> = {
  hello,
};

const INTERNAL_ORIGIN = 'http://internal';

/**
 * Mounts each function at /functions/v1/<name>. Their calls back to /rest/v1 and the services
 * API go to this same app in process (no network hop), exactly as they would over HTTP.
 */
export function functionRoutes(ctx: AppContext, root: Hono) {
  const app = new Hono();
  const env: FunctionEnv = {
    supabaseUrl: INTERNAL_ORIGIN,
    anonKey: ctx.anonKey,
    servicesUrl: `${INTERNAL_ORIGIN}/nt/demo/v1/servicios`,
    fetch: async (input, init) => root.fetch(new Request(input, init)),
  };
  app.all('/:name', async (c) => {
    const fn = FUNCTIONS[c.req.param('name')];
    if (!fn) return c.json({ message: 'Función no encontrada' }, 404);
    if (c.req.method === 'OPTIONS') return c.body(null, 204);
    return fn(c.req.raw, env);
  });
  return app;
}
