import type { IncomingMessage } from 'node:http';
import { Hono, type Context } from 'hono';
import type { AppContext } from '../context.js';
import { requireUser, type AuthEnv } from '../auth/middleware.js';
import { callerAddress } from '../auth/pins.js';
import { HttpError, json, parseWith, readJson } from '../http.js';
import type { ArchivosEnv } from '../storage/subida.js';
import { contentDisposition } from '../storage/archivo.js';
import { emitirCopiaSchema, normalizarCsv, revocarCopiaSchema } from '../../domain/verificacion.js';
import {
  MENSAJES_VERIFICACION, consultasRecientes, copiaPorCsv, emitirCopiaElectronica, listarCopiasElectronicas, revocarCopiaElectronica, verificacionDto,
} from '../services/copias-electronicas.js';

type Env = { Variables: AuthEnv['Variables'] & ArchivosEnv['Variables'] };

/**
 * Electronic copies: /expediente/{id}/copias-electronicas (GET both sides, POST the office issues),
 * /copia-electronica/{id}/revocar (PUT, the office), and the public verification, without signing
 * in: /verificacion/{csv} (200 facts, 400 wrong shape, 404 unknown, 410 'Revocada', 429 past the
 * per-address limit; every look-up is in the audit log) and /verificacion/{csv}/archivo (the file,
 * for an authorised copy only).
 */
export function copiasElectronicasRoutes(ctx: AppContext) {
  const app = new Hono<Env>();
  const auth = requireUser(ctx);

  app.get('/expediente/:id/copias-electronicas', auth, async (c) => json(c, await listarCopiasElectronicas(ctx.db, c.req.param('id'), c.get('user'))));
  app.post('/expediente/:id/copias-electronicas', auth, async (c) => {
    const input = parseWith(emitirCopiaSchema, await readJson(c));
    const urlPublica = ctx.config.publicUrl ?? new URL(c.req.url).origin;
    return json(c, await emitirCopiaElectronica(ctx.db, { storage: ctx.storage, firmas: ctx.firmas, efectos: c.get('archivos'), urlPublica }, c.req.param('id'), c.get('user'), input), 201);
  });
  app.put('/copia-electronica/:id/revocar', auth, async (c) => {
    const { motivo } = parseWith(revocarCopiaSchema, await readJson(c));
    return json(c, await revocarCopiaElectronica(ctx.db, c.req.param('id'), c.get('user'), motivo));
  });

  /** The copy a public look-up names, after the per-address limit and the CSV's shape. */
  const consultada = async (c: Context) => {
    const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress;
    const ip = callerAddress(c.req.header('x-forwarded-for'), socket, ctx.config.trustProxy);
    if ((await consultasRecientes(ctx.db, ip)) >= ctx.config.verificacionesPorHora) throw new HttpError(429, MENSAJES_VERIFICACION.demasiados);
    const csv = normalizarCsv(c.req.param('csv') ?? '');
    if (!csv) throw new HttpError(400, MENSAJES_VERIFICACION.forma);
    const copia = await copiaPorCsv(ctx.db, csv);
    if (!copia) throw new HttpError(404, MENSAJES_VERIFICACION.desconocido);
    return copia;
  };

  app.get('/verificacion/:csv', async (c) => {
    const copia = await consultada(c);
    c.header('Cache-Control', 'no-store');
    const dto = verificacionDto(copia);
    if (dto.estado === 'REVOCADA') return c.json({ message: MENSAJES_VERIFICACION.revocada, ...dto }, 410);
    return json(c, dto);
  });
  app.get('/verificacion/:csv/archivo', async (c) => {
    const copia = await consultada(c);
    const dto = verificacionDto(copia);
    if (dto.estado === 'REVOCADA') return c.json({ message: MENSAJES_VERIFICACION.revocada }, 410);
    if (!dto.descargable) throw new HttpError(403, 'El archivo solo se ofrece para una copia autorizada');
    const file = await ctx.storage.get(copia.clave);
    if (!file) throw new HttpError(404, MENSAJES_VERIFICACION.desconocido);
    const trozos: Buffer[] = [];
    for await (const t of file.body) trozos.push(t as Buffer);
    return c.body(new Uint8Array(Buffer.concat(trozos)), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': contentDisposition(copia.nombre),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    });
  });
  return app;
}
