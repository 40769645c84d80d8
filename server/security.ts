import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Config } from './config.js';

/**
 * Security headers of every response. antd injects its CSS at run time, so styles need
 * 'unsafe-inline'; scripts come only from the portal itself. frame-ancestors 'self' lets
 * only the portal frame its pages (the act form).
 */
export function securityHeaders(config: Config) {
  const connect = ["'self'", ...config.corsOrigins];
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: connect,
      frameSrc: ["'self'"],
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
}

/** The headers securityHeaders() sets, for the answers written outside Hono (http-server.ts). */
export async function securityHeaderValues(config: Config): Promise<Headers> {
  const probe = new Hono().use(securityHeaders(config)).get('/', (c) => c.body(null));
  return (await probe.request('/')).headers;
}
