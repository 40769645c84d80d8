import { Hono } from 'hono';
import type { IncomingMessage } from 'node:http';
import type { AppContext } from '../context.js';
import { readOutbox } from '../mail.js';
import { isLoopback } from '../config.js';
import { json } from '../http.js';

/**
 * Development helpers; not mounted when NODE_ENV=production. Served only to callers on this
 * machine (the socket's address, never a header), even when HOST opens the port to the network:
 * the outbox holds every PIN. In-process requests (a function's calls) have no socket and are refused,
 * and so is any request that came through a proxy (its socket is the proxy's).
 */
/** Headers a proxy adds to what it forwards (RFC 7239, the de facto X-Forwarded-*, Via). */
const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'via'];

export function devRoutes(ctx: AppContext) {
  const app = new Hono();
  app.use('*', async (c, next) => {
    const address = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress;
    if (!isLoopback(address)) return json(c, { message: 'La bandeja de desarrollo solo está disponible desde esta máquina' }, 403);
    // a local proxy (with TRUST_PROXY or not) makes any caller's socket look local: what came through one is refused
    if (PROXY_HEADERS.some((h) => c.req.header(h) !== undefined)) {
      return json(c, { message: 'La bandeja de desarrollo no se sirve a peticiones que llegan a través de un proxy' }, 403);
    }
    await next();
  });
  app.get('/outbox', async (c) => json(c, await readOutbox(ctx.db)));
  return app;
}
