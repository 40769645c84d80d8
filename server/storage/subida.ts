import { randomUUID } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppContext } from '../context.js';
import { HttpError } from '../http.js';
import { verifyToken } from '../auth/jwt.js';
import {
  MAX_ARCHIVO_BYTES, MAX_SUBIDA_BYTES, MENSAJE_ARCHIVO_GRANDE, MENSAJE_ARCHIVO_VACIO, MENSAJE_NOMBRE_ARCHIVO, MENSAJE_SIN_ARCHIVO, MENSAJE_TIPO_ARCHIVO, RUTA_SUBIDA,
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

/**
 * Reads the multipart body as it arrives (busboy) and streams its `archivo` part to the storage:
 * memory holds the first bytes (to know the type) and what is in flight, never the whole file,
 * however many uploads run at once.
 */
async function recibir(ctx: AppContext, c: Context, efectos: EfectosArchivos): Promise<Subida> {
  const tipo = c.req.header('content-type') ?? '';
  const cuerpo = c.req.raw.body;
  if (!cuerpo || !/^multipart\/form-data\b/i.test(tipo)) return rechazo(400, MENSAJE_SIN_ARCHIVO);
  let partes: busboy.Busboy;
  try {
    partes = busboy({
      headers: { 'content-type': tipo },
      defParamCharset: 'utf8',
      limits: { files: 1, fileSize: MAX_ARCHIVO_BYTES, fields: 20, fieldSize: 4096, parts: 40 },
    });
  } catch {
    return rechazo(400, MENSAJE_SIN_ARCHIVO);
  }
  const campos: Record<string, string> = {};
  let archivo: Promise<Subida> | null = null;
  partes.on('field', (nombre, valor) => {
    campos[nombre] = valor;
  });
  partes.on('file', (nombre, stream, info) => {
    if (nombre !== 'archivo' || archivo) return void stream.resume();
    archivo = guardar(ctx, stream, info.filename, efectos);
    // awaited below, once the whole body is read: a failure meanwhile is not an unhandled rejection
    archivo.catch(() => undefined);
  });
  // a body of unknown length (chunked) is stopped at the upload's bound as it arrives
  let recibidos = 0;
  const acotado = new Transform({
    transform(trozo: Buffer, _codificacion, hecho) {
      recibidos += trozo.byteLength;
      hecho(recibidos > MAX_SUBIDA_BYTES ? new Error(MENSAJE_ARCHIVO_GRANDE) : null, trozo);
    },
  });
  try {
    await pipeline(Readable.fromWeb(cuerpo as WebReadableStream<Uint8Array>), acotado, partes);
  } catch (e) {
    await (archivo as Promise<Subida> | null)?.catch(() => undefined);
    if (recibidos > MAX_SUBIDA_BYTES) return rechazo(413, MENSAJE_ARCHIVO_GRANDE);
    // busboy refuses a part header with control characters (a name such as 'a\u0007b.pdf')
    return rechazo(400, /part header/i.test((e as Error).message) ? MENSAJE_NOMBRE_ARCHIVO : MENSAJE_SIN_ARCHIVO);
  }
  const r = archivo ? await (archivo as Promise<Subida>) : rechazo(400, MENSAJE_SIN_ARCHIVO);
  return r.ok ? { ...r, campos } : r;
}

const rechazo = (status: 400 | 413 | 415, message: string): Subida => ({ ok: false, error: new HttpError(status, message, { archivo: message }) });

/** Bytes enough to know a file's type (file-type reads at most these). */
const CABECERA = 4100;

/** One file part: its type from its first bytes, then the whole of it to the storage as it arrives. */
async function guardar(ctx: AppContext, stream: Readable & { truncated?: boolean }, nombre: string | undefined, efectos: EfectosArchivos): Promise<Subida> {
  const { cabecera, todo } = await asomar(stream, CABECERA);
  const descartar = async () => {
    for await (const _ of todo) void _;
  };
  if (cabecera.byteLength === 0) return (await descartar(), rechazo(400, MENSAJE_ARCHIVO_VACIO));
  const mime = await tipoPorContenido(cabecera);
  if (!mime) return (await descartar(), rechazo(415, MENSAJE_TIPO_ARCHIVO));
  const hoy = new Date().toISOString().slice(0, 7).replace('-', '/');
  const clave = `${hoy}/${randomUUID()}`;
  // written before it is known to fit: a failed or refused request removes it (efectosArchivos)
  efectos.escritos.push(clave);
  let tamano = 0;
  const contado = Readable.from(
    (async function* () {
      for await (const trozo of todo) {
        tamano += (trozo as Uint8Array).byteLength;
        yield trozo as Uint8Array;
      }
    })(),
    { objectMode: false },
  );
  await ctx.storage.put(clave, contado, mime);
  // busboy stops a part at MAX_ARCHIVO_BYTES and marks it truncated
  if (stream.truncated) return rechazo(413, MENSAJE_ARCHIVO_GRANDE);
  return { ok: true, clave, nombre: nombreSeguro(nombre, mime), mime, tamano, campos: {} };
}

/** The first `n` bytes of a stream (or all of it, if shorter), and a stream of all its bytes. */
async function asomar(stream: Readable, n: number): Promise<{ cabecera: Uint8Array; todo: Readable }> {
  const iterador = stream[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  const trozos: Uint8Array[] = [];
  let leidos = 0;
  let acabado = false;
  while (leidos < n) {
    const r = await iterador.next();
    if (r.done) {
      acabado = true;
      break;
    }
    trozos.push(r.value);
    leidos += r.value.byteLength;
  }
  const cabecera = Buffer.concat(trozos);
  const todo = Readable.from(
    (async function* () {
      if (cabecera.byteLength) yield cabecera;
      if (acabado) return;
      for (let r = await iterador.next(); !r.done; r = await iterador.next()) yield r.value;
    })(),
    { objectMode: false },
  );
  return { cabecera, todo };
}
