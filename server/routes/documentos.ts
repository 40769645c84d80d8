import { Readable } from 'node:stream';
import type { AppContext } from '../context.js';
import { Endpoints } from '../endpoints.js';
import { exigirPasoAdicional } from '../auth/paso-adicional.js';
import { HttpError, parseWith } from '../http.js';
import { contentDisposition } from '../storage/archivo.js';
import { subidaExpedienteSchema, subidaPersonaSchema } from '../../domain/documentos.js';
import { documentos } from '../../api/documentos.js';
import {
  DOCUMENTO_NO_ENCONTRADO, borrarDocumento, documentoVisible, listarDocumentosExpediente, listarDocumentosPersona, subirDocumentoExpediente,
  subirDocumentoPersona,
} from '../services/documentos.js';

/**
 * Documents of a case and of a persona: the lists, the uploads (multipart, received and stored by
 * server/storage/subida.ts before the handler runs), the file and its deletion.
 */
export function documentosRoutes(ctx: AppContext) {
  return new Endpoints(ctx)
    .serve(documentos.listOfExpediente, (c, { params }) => listarDocumentosExpediente(ctx.db, params.expedienteId, c.get('user')))
    .serve(documentos.uploadToExpediente, (c, { params }) => {
      const tipoDe = (campos: Record<string, string>) => parseWith(subidaExpedienteSchema, campos).tipo;
      return subirDocumentoExpediente(ctx.db, params.expedienteId, c.get('user'), tipoDe, c.get('subida'), ctx.config.documentos);
    })
    .serve(documentos.listOfPersona, (c, { params }) => listarDocumentosPersona(ctx.db, params.personaId, c.get('user')))
    .serve(documentos.uploadToPersona, (c, { params }) => {
      const tipoDe = (campos: Record<string, string>) => parseWith(subidaPersonaSchema, campos).tipo;
      return subirDocumentoPersona(ctx.db, params.personaId, c.get('user'), tipoDe, c.get('subida'), ctx.config.documentos);
    })
    // the file itself, streamed from the storage: always a download, never rendered by the browser
    .serve(documentos.download, async (c, { params }) => {
      const d = await documentoVisible(ctx.db, params.id, c.get('user'));
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
    })
    .serve(documentos.delete, async (c, { params }) => {
      const clave = await borrarDocumento(ctx.db, params.id, c.get('user'));
      c.get('archivos')?.borrar.push(clave);
    }).app;
}
