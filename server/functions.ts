import type { IncomingMessage } from 'node:http';
import { Hono } from 'hono';
import type { AppContext } from './context.js';
import { callerAddress } from './auth/pins.js';
import { json as jsonResponse, type FunctionEnv, type FunctionHandler } from '../supabase/functions/_shared/handler.js';
import authProxy from '../supabase/functions/auth-proxy/handler.js';
import templateOperations from '../supabase/functions/template-operations/handler.js';
import sendCalendarInvitation from '../supabase/functions/send-calendar-invitation/handler.js';
import { json } from './http.js';
import { API_BASE } from '../api/endpoint.js';

/** The functions of supabase/functions, by name. A new function is one line here. */
const FUNCTIONS: Record<string, FunctionHandler> = {
  'auth-proxy': authProxy,
  'template-operations': templateOperations,
  'send-calendar-invitation': sendCalendarInvitation,
};

/**
 * `hello`, outside production only (not a function of supabase/functions, so never deployed):
 * echoes the name it was given. It proves the wiring of functions, and the tests send it a large
 * body that must be read whole (tests/integration/http-bodies.test.ts).
 */
const hello: FunctionHandler = async (req) => {
  // any JSON (null, a number) or none at all: only an object's name counts
  const body = ((await req.json().catch(() => null)) ?? {}) as { name?: unknown };
  const name = typeof body.name === 'string' && body.name.trim() ? body.name.trim() : 'mundo';
  return jsonResponse({ message: `Hola ${name}` });
};

const INTERNAL_ORIGIN = 'http://internal';

/**
 * Like a hosted gateway, tells the function the caller's address (the auth-proxy passes it on).
 * The incoming X-Forwarded-For is always replaced: it is only believed behind TRUST_PROXY proxies.
 */
function withCallerAddress(req: Request, nodeEnv: unknown, trustProxy: number): Request {
  const address = (nodeEnv as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress;
  if (!address) return req;
  const headers = new Headers(req.headers);
  headers.set('x-forwarded-for', callerAddress(req.headers.get('x-forwarded-for'), address, trustProxy));
  return new Request(req, { headers });
}

/**
 * Mounts each function at /functions/v1/<name>. Their calls back to /rest/v1 and the services
 * API go to this same app in process (no network hop), exactly as they would over HTTP.
 */
export function functionRoutes(ctx: AppContext, root: Hono) {
  const app = new Hono();
  const env: FunctionEnv = {
    supabaseUrl: INTERNAL_ORIGIN,
    anonKey: ctx.anonKey,
    servicesUrl: `${INTERNAL_ORIGIN}${API_BASE}`,
    fetch: async (input, init) => root.fetch(new Request(input, init)),
    authProxySecret: ctx.config.authProxySecret,
  };
  const functions: Record<string, FunctionHandler> = ctx.config.production ? FUNCTIONS : { ...FUNCTIONS, hello };
  app.all('/:name', async (c) => {
    const name = c.req.param('name');
    // own keys only: 'valueOf' or 'constructor' are not functions of this server
    const fn = Object.hasOwn(functions, name) ? functions[name] : undefined;
    if (!fn) return json(c, { message: 'Función no encontrada' }, 404);
    if (c.req.method === 'OPTIONS') return c.body(null, 204);
    return fn(withCallerAddress(c.req.raw, c.env, ctx.config.trustProxy), env);
  });
  return app;
}
