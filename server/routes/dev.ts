import { Hono } from 'hono';
import type { AppContext } from '../context.js';
import { readOutbox } from '../mail.js';

/** Development helpers; not mounted when NODE_ENV=production. */
export function devRoutes(ctx: AppContext) {
  const app = new Hono();
  app.get('/outbox', async (c) => c.json(await readOutbox(ctx.db)));
  return app;
}
