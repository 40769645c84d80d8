import { Hono } from 'hono';
import type { AppContext } from '../context.js';

/** PostgREST-compatible gateway over the same Postgres (RLS enforced per request). */
export function gatewayRoutes(_ctx: AppContext) {
  const app = new Hono();
  return app;
}
