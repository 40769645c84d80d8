import type { Config } from './config.js';

/**
 * DNS rebinding: a web page on a name that its owner makes resolve to 127.0.0.1 reaches a
 * development server on this machine as same-origin, and could read every PIN at /dev/outbox and,
 * with the public development secret, act as admin. In development the server answers only the
 * names of this machine (Host: localhost, 127.0.0.1, [::1]) and HOST's own name when it is one;
 * in production the proxy or load balancer in front decides which names reach it.
 */
export const HOST_NO_PERMITIDO = 'Este servidor de desarrollo solo atiende peticiones a localhost, 127.0.0.1 o [::1] (o al nombre de HOST)';

const WILDCARDS = new Set(['0.0.0.0', '::', '[::]']);

/** The name of a Host header without its port, lower case ('[::1]:8080' → '[::1]'); '' when absent. */
export function nombreDeHost(host: string | undefined): string {
  const h = (host ?? '').trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  const colon = h.indexOf(':');
  return colon === -1 ? h : h.slice(0, colon);
}

/** The Host check of a development start (null in production: every Host is answered). */
export function hostPermitido(config: Pick<Config, 'production' | 'host'>): ((host: string | undefined) => boolean) | null {
  if (config.production) return null;
  const nombres = new Set(['localhost', '127.0.0.1', '[::1]']);
  const propio = config.host.trim().toLowerCase();
  if (propio && !WILDCARDS.has(propio)) nombres.add(propio.includes(':') && !propio.startsWith('[') ? `[${propio}]` : propio);
  return (host) => nombres.has(nombreDeHost(host));
}
