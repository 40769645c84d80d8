import { Readable } from 'node:stream';
import { Hono } from 'hono';
import type { AppContext } from '../context.js';
import { requireUser, type AuthEnv } from '../auth/middleware.js';
import { exigirPasoAdicional } from '../auth/paso-adicional.js';
import { HttpError, json, parseWith } from '../http.js';
import type { ArchivosEnv } from '../storage/subida.js';
import { contentDisposition } from '../storage/archivo.js';
import { subidaExpedienteSchema, subidaPersonaSchema } from '../../domain/documentos.js';
import {
  DOCUMENTO_NO_ENCONTRADO, borrarDocumento, documentoVisible, listarDocumentosExpediente, listarDocumentosPersona, subirDocumentoExpediente,
  subirDocumentoPersona,
} from '../services/documentos.js';

type Env = { Variables: AuthEnv['Variables'] & ArchivosEnv['Variables'] };

/**
 * Documents: /expediente/{id}/documentos, /persona/{id}/documentos (GET the list, POST multipart
 * with the file in `archivo`, received and stored by server/storage/subida.ts), /documento/{id}
 * (GET the file, DELETE it).
 */
export function documentosRoutes(ctx: AppContext) {
  const app = new Hono<Env>();
  const auth = requireUser(ctx);

  app.get('/expediente/:id/documentos', auth, async (c) => json(c, await listarDocumentosExpediente(ctx.db, c.req.param('id'), c.get('user'))));
  app.post('/expediente/:id/documentos', auth, async (c) => {
    const tipoDe = (campos: Record<string, string>) => parseWith(subidaExpedienteSchema, campos).tipo;
    return json(c, await subirDocumentoExpediente(ctx.db, c.req.param('id'), c.get('user'), tipoDe, c.get('subida'), ctx.config.documentos), 201);
  });

  app.get('/persona/:id/documentos', auth, async (c) => json(c, await listarDocumentosPersona(ctx.db, c.req.param('id'), c.get('user'))));
  app.post('/persona/:id/documentos', auth, async (c) => {
    const tipoDe = (campos: Record<string, string>) => parseWith(subidaPersonaSchema, campos).tipo;
    return json(c, await subirDocumentoPersona(ctx.db, c.req.param('id'), c.get('user'), tipoDe, c.get('subida'), ctx.config.documentos), 201);
  });

  // the file itself, streamed from the storage: always a download, never rendered by the browser
  app.get('/documento/:id', auth, async (c) => {
    const d = await documentoVisible(ctx.db, c.req.param('id'), c.get('user'));
    if (!d) throw new HttpError(404, DOCUMENTO_NO_ENCONTRADO);
    // deeds and identity documents: a recent passkey or certificate when the person has one
    await exigirPasoAdicional(ctx.db, c.get('user'));
    const file = await ctx.storage.get(d.clave);
    if (!file) {
      ctx.log(`[archivos] falta el archivo del documento ${d.id}`);
      throw new HttpError(404, DOCUMENTO_NO_ENCONTRADO);
    }
    const headers: Record<string, string> = {
      'Content-Type': d.mime,
      'Content-Disposition': contentDisposition(d.nombre),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    };
    if (file.size !== null) headers['Content-Length'] = String(file.size);
    if (c.req.method === 'HEAD') {
      file.body.destroy();
      return c.body(null, 200, headers);
    }
    return c.body(Readable.toWeb(file.body) as ReadableStream<Uint8Array>, 200, headers);
  });

  app.delete('/documento/:id', auth, async (c) => {
    const clave = await borrarDocumento(ctx.db, c.req.param('id'), c.get('user'));
    c.get('archivos')?.borrar.push(clave);
    return c.body(null, 204);
  });

  return app;
}
