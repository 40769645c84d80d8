import type { AppContext } from '../context.js';
import { Endpoints } from '../endpoints.js';
import { meta } from '../../api/meta.js';
import { openApiDocument } from '../openapi.js';

/** Whether the service answers, and its OpenAPI document. */
export function metaRoutes(ctx: AppContext) {
  return new Endpoints(ctx)
    .serve(meta.health, async () => {
      await ctx.db.query('select 1');
      return { status: 'ok' as const, database: ctx.db.kind };
    })
    .serve(meta.openapi, () => openApiDocument() as { openapi: string; paths: Record<string, unknown> }).app;
}
