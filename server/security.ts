import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Config } from './config.js';

/**
 * Security headers of every answer, as Hono's secureHeaders() writes them with these options.
 * antd injects its CSS at run time, so styles need 'unsafe-inline'; scripts come only from the
 * portal itself. frame-ancestors 'self' lets only the portal frame its pages (the act form).
 *
 * The HTTP server (http-server.ts) sets them on each answer before anything else sees the request,
 * so they are on the answers it writes itself too (refusals, gateway reads: gateway/direct.ts).
 * Hono's middleware is only asked for their values: in the app it would copy each answer's headers
 * into a web Headers object (about 4 % fewer gateway reads a second, 20 interleaved pairs of runs).
 */
export async function securityHeaderValues(config: Config): Promise<Record<string, string>> {
  const headers = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...config.corsOrigins],
      // blob: the PDF of a deed's draft that the page fetched with its session and shows in a frame
      frameSrc: ["'self'", 'blob:'],
      frameAncestors: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
    xFrameOptions: 'SAMEORIGIN',
    referrerPolicy: 'strict-origin-when-cross-origin',
    xContentTypeOptions: 'nosniff',
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
  });
  const probe = new Hono().use(headers).get('/', (c) => c.body(null));
  return Object.fromEntries((await probe.request('/')).headers);
}

/**
 * What a built, hashed file under /assets/ (a script, a style sheet, an image) carries instead of
 * the above: nosniff. The other headers are policies of a document (what it may load or frame,
 * what it sends as referrer, its process isolation) and act through the HTML that loads these
 * files, which keeps them; on each of the ~20 script answers of a signed-in page they cost ~0.7 KB.
 */
export const ASSET_HEADERS: Readonly<Record<string, string>> = { 'X-Content-Type-Options': 'nosniff' };
