import type { AppContext } from '../context.js';
import { Endpoints } from '../endpoints.js';
import { meta } from '../../api/meta.js';
import { openApiDocument } from '../openapi.js';
import { archivoReferencia, paginaReferencia } from '../referencia-api.js';

/** Whether the service answers, its OpenAPI document and the readable reference of it. */
export function metaRoutes(ctx: AppContext) {
  return new Endpoints(ctx)
    .serve(meta.health, async () => {
      await ctx.db.query('select 1');
      return { status: 'ok' as const, database: ctx.db.kind };
    })
    .serve(meta.reference, (c) => paginaReferencia(c))
    .serve(meta.referenceAsset, (c, { params }) => archivoReferencia(c, params.archivo))
    .serve(meta.openapi, () => openApiDocument() as { openapi: string; paths: Record<string, unknown> }).app;
}
