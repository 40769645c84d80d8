import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppContext } from '../context.js';
import { HttpError } from '../http.js';
import { verifyToken } from '../auth/jwt.js';
import {
  MAX_ARCHIVO_BYTES, MENSAJE_ARCHIVO_GRANDE, MENSAJE_ARCHIVO_VACIO, MENSAJE_SIN_ARCHIVO, MENSAJE_TIPO_ARCHIVO, RUTA_SUBIDA,
  nombreSeguro, tipoPorContenido, type TipoArchivo,
} from './archivo.js';

/** A file received and stored, waiting for its row; or why it was refused (the route answers it after its own checks). */
export type Subida =
  | { ok: true; clave: string; nombre: string; mime: TipoArchivo; tamano: number; campos: Record<string, string> }
  | { ok: false; error: HttpError };

/** What a request did to the storage: files it wrote, files whose rows it deleted. */
export interface EfectosArchivos {
  escritos: string[];
  borrar: string[];
}

export type ArchivosEnv = { Variables: { subida?: Subida; archivos?: EfectosArchivos } };

/**
 * Middleware of the services API, before the audit trail (which runs each change in one
 * transaction): an upload's file is checked and written here, before the transaction begins, so
 * no transaction waits for a file; after the answer, a request that did not succeed (refused,
 * rolled back, its commit failed) removes the files it wrote, and one that succeeded removes the
 * files of the rows it deleted. A crash between a write and its commit leaves a file without a
 * row: the sweep (barrido.ts) removes it.
 */
export function efectosArchivos(ctx: AppContext): MiddlewareHandler<ArchivosEnv> {
  return async (c, next) => {
    const efectos: EfectosArchivos = { escritos: [], borrar: [] };
    c.set('archivos', efectos);
    if (c.req.method === 'POST' && RUTA_SUBIDA.test(c.req.path) && (await autenticado(ctx, c))) {
      c.set('subida', await recibir(ctx, c, efectos));
    }
    try {
      await next();
    } finally {
      const ok = c.res.status >= 200 && c.res.status < 300;
      for (const clave of ok ? efectos.borrar : efectos.escritos) {
        await ctx.storage.delete(clave).catch((e: unknown) => ctx.log(`[archivos] no se pudo borrar ${clave}: ${(e as Error).message}`));
      }
    }
  };
}

/** Only a signed-in caller's file is stored (the route answers 401 to the others). */
async function autenticado(ctx: AppContext, c: Context) {
  const token = /^Bearer\s+(.+)$/i.exec(c.req.header('Authorization') ?? '')?.[1]?.trim();
  if (!token) return false;
  const r = await verifyToken(ctx.config.jwtSecret, token);
  return r.ok && r.claims.role === 'authenticated';
}

async function recibir(ctx: AppContext, c: Context, efectos: EfectosArchivos): Promise<Subida> {
  const refused = (status: 400 | 413 | 415, message: string) => ({ ok: false as const, error: new HttpError(status, message, { archivo: message }) });
  let body: Record<string, string | File | (string | File)[]>;
  try {
    body = await c.req.parseBody({ all: true });
  } catch {
    return refused(400, MENSAJE_SIN_ARCHIVO);
  }
  const archivo = body.archivo;
  if (!(archivo instanceof File)) return refused(400, MENSAJE_SIN_ARCHIVO);
  if (archivo.size > MAX_ARCHIVO_BYTES) return refused(413, MENSAJE_ARCHIVO_GRANDE);
  if (archivo.size === 0) return refused(400, MENSAJE_ARCHIVO_VACIO);
  const bytes = new Uint8Array(await archivo.arrayBuffer());
  const mime = await tipoPorContenido(bytes);
  if (!mime) return refused(415, MENSAJE_TIPO_ARCHIVO);
  const campos: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) if (typeof v === 'string') campos[k] = v;
  const hoy = new Date().toISOString().slice(0, 7).replace('-', '/');
  const clave = `${hoy}/${randomUUID()}`;
  await ctx.storage.put(clave, bytes, mime);
  efectos.escritos.push(clave);
  return { ok: true, clave, nombre: nombreSeguro(archivo.name, mime), mime, tamano: bytes.byteLength, campos };
}
