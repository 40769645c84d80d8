import { streamSSE } from 'hono/streaming';
import type { AppContext } from '../context.js';
import { Endpoints } from '../endpoints.js';
import { eventos } from '../../api/acceso.js';
import { verifyToken } from '../auth/jwt.js';
import { VIGENCIA_MS, comprobarSesion } from '../auth/sesion-viva.js';
import { json } from '../http.js';
import type { CentroEventos, EventoCaso, Suscriptor } from '../eventos.js';

/** A comment line every so often: proxies and browsers keep an idle stream open, and a dead one is noticed. */
export const LATIDO_MS = 20_000;

export const MENSAJE_DEMASIADAS_CONEXIONES = 'Hay demasiadas pestañas del portal abiertas con esta cuenta: cierre alguna para recibir los cambios al momento.';
export const MENSAJE_SERVIDOR_OCUPADO = 'El servidor atiende ya demasiadas conexiones en directo: los cambios se mostrarán al actualizar.';

/**
 * GET /eventos: the changes of the cases the caller may see, as server-sent events (server/eventos.ts).
 * Authorised by the same bearer token as every other route (the portal reads the stream with
 * fetch, which sends headers; EventSource cannot). Events: `listo` once open; `cambio` with
 * {expedienteId, recursos, tipo}; `recargar` when changes may have been missed (the instance's
 * LISTEN connection came back after a drop): the portal asks again for all it shows. Each
 * `cambio` and `recargar` carries its position in the stream as the event id (1, 2, …): a
 * position skipped is a gap, which the portal treats as `recargar`. `caducado` just before the stream ends because its token
 * expires, or its session ended or its rights changed (checked every few seconds): the portal
 * refreshes its session and opens a new one. A comment every LATIDO_MS.
 */
export function eventosRoutes(ctx: AppContext, centro: CentroEventos, latidoMs = LATIDO_MS) {
  return new Endpoints(ctx).serve(eventos.stream, async (c) => {
    const user = c.get('user');
    const token = (c.req.header('Authorization') ?? '').slice(7).trim();
    const verified = await verifyToken(ctx.config.jwtSecret, token);
    const exp = verified.ok && typeof verified.claims.exp === 'number' ? verified.claims.exp * 1000 : Date.now();

    let fin!: () => void;
    const terminado = new Promise<void>((resolve) => (fin = resolve));
    const cola: (EventoCaso | 'recargar')[] = [];
    let despertar: (() => void) | null = null;
    let posicion = 0;
    const suscriptor: Suscriptor = {
      userId: user.id,
      notarias: user.notarias,
      enviar(evento) {
        cola.push(evento);
        despertar?.();
      },
      recargar() {
        if (cola.at(-1) !== 'recargar') cola.push('recargar');
        despertar?.();
      },
      cerrar: () => fin(),
    };
    const union = centro.unir(suscriptor);
    if (union === 'usuario') return json(c, { message: MENSAJE_DEMASIADAS_CONEXIONES }, 429);
    if (union === 'total') return json(c, { message: MENSAJE_SERVIDOR_OCUPADO }, 503);

    c.header('X-Accel-Buffering', 'no'); // nginx: pass each event on at once
    return streamSSE(c, async (stream) => {
      stream.onAbort(() => fin());
      c.req.raw.signal?.addEventListener('abort', () => fin());
      const latido = setInterval(() => void stream.write(': latido\n\n').catch(() => fin()), latidoMs);
      const caducar = () => void stream.writeSSE({ event: 'caducado', data: '{}' }).catch(() => undefined).finally(() => fin());
      const caduca = setTimeout(caducar, Math.max(0, exp - Date.now()));
      // a session ended or whose rights changed (server/auth/sesion-viva.ts) ends its stream within seconds too
      const vigilancia = verified.ok && typeof verified.claims.sid === 'string'
        ? setInterval(() => {
            comprobarSesion(ctx.db, verified.claims).then((v) => v !== 'ok' && caducar(), () => undefined);
          }, VIGENCIA_MS)
        : undefined;
      try {
        await stream.writeSSE({ event: 'listo', data: '{}', retry: 3000 });
        for (;;) {
          while (cola.length) {
            const e = cola.shift()!;
            posicion++;
            await stream.writeSSE(e === 'recargar' ? { event: 'recargar', data: '{}', id: String(posicion) } : { event: 'cambio', data: JSON.stringify(e), id: String(posicion) });
          }
          const despierto = new Promise<'evento'>((resolve) => (despertar = () => resolve('evento')));
          if ((await Promise.race([despierto, terminado.then(() => 'fin' as const)])) === 'fin') break;
        }
      } catch {
        /* the client went away while writing */
      } finally {
        clearInterval(latido);
        clearTimeout(caduca);
        clearInterval(vigilancia);
        despertar = null;
        centro.dejar(suscriptor);
      }
    });
  }).app;
}
