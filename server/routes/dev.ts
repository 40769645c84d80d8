import { Hono } from 'hono';
import type { AppContext } from '../context.js';
import { readOutbox } from '../mail.js';
import { json } from '../http.js';

/** Development helpers; not mounted when NODE_ENV=production. */
export function devRoutes(ctx: AppContext) {
  const app = new Hono();
  app.get('/outbox', async (c) => json(c, await readOutbox(ctx.db)));
  return app;
}
