import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { AppContext } from '../context.js';
import { Endpoints } from '../endpoints.js';
import { callerAddress } from '../auth/pins.js';
import { HttpError, json } from '../http.js';
import { contentDisposition } from '../storage/archivo.js';
import { normalizarCsv } from '../../domain/verificacion.js';
import { copiasElectronicas } from '../../api/documentos.js';
import {
  MENSAJES_VERIFICACION, consultasRecientes, copiaPorCsv, emitirCopiaElectronica, listarCopiasElectronicas, revocarCopiaElectronica, verificacionDto,
} from '../services/copias-electronicas.js';

/**
 * Electronic copies: the case's list (both sides), the office issues and revokes them; and the
 * public verification without signing in (every look-up counted against its address and in the
 * audit log): the facts, and the file of an authorised copy.
 */
export function copiasElectronicasRoutes(ctx: AppContext) {
  /** The copy a public look-up names, after the per-address limit and the CSV's shape. */
  const consultada = async (c: Context, csvDado: string) => {
    const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress;
    const ip = callerAddress(c.req.header('x-forwarded-for'), socket, ctx.config.trustProxy);
    if ((await consultasRecientes(ctx.db, ip)) >= ctx.config.verificacionesPorHora) throw new HttpError(429, MENSAJES_VERIFICACION.demasiados);
    const csv = normalizarCsv(csvDado);
    if (!csv) throw new HttpError(400, MENSAJES_VERIFICACION.forma);
    const copia = await copiaPorCsv(ctx.db, csv);
    if (!copia) throw new HttpError(404, MENSAJES_VERIFICACION.desconocido);
    return copia;
  };

  return new Endpoints(ctx)
    .serve(copiasElectronicas.listOfExpediente, (c, { params }) => listarCopiasElectronicas(ctx.db, params.expedienteId, c.get('user')))
    .serve(copiasElectronicas.issue, (c, { params, body }) => {
      const urlPublica = ctx.config.publicUrl ?? new URL(c.req.url).origin;
      return emitirCopiaElectronica(ctx.db, { storage: ctx.storage, firmas: ctx.firmas, efectos: c.get('archivos'), urlPublica }, params.expedienteId, c.get('user'), body);
    })
    .serve(copiasElectronicas.revoke, (c, { params, body }) => revocarCopiaElectronica(ctx.db, params.id, c.get('user'), body.motivo))
    .serve(copiasElectronicas.verify, async (c, { params }) => {
      const dto = verificacionDto(await consultada(c, params.csv));
      c.header('Cache-Control', 'no-store');
      if (dto.estado === 'REVOCADA') return json(c, { message: MENSAJES_VERIFICACION.revocada, ...dto }, 410);
      return dto;
    })
    .serve(copiasElectronicas.file, async (c, { params }) => {
      const copia = await consultada(c, params.csv);
      const dto = verificacionDto(copia);
      if (dto.estado === 'REVOCADA') return json(c, { message: MENSAJES_VERIFICACION.revocada }, 410);
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
    }).app;
}
