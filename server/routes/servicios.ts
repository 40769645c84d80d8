import { Hono } from 'hono';
import type { AppContext } from '../context.js';

/** The notary services API, under /nt/demo/v1/servicios. */
export function serviciosRoutes(ctx: AppContext) {
  const app = new Hono();
  app.get('/health', async (c) => {
    await ctx.db.query('select 1');
    return c.json({ status: 'ok', database: ctx.db.kind });
  });
  return app;
}
