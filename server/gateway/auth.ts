import { verifyToken, type TokenClaims } from '../auth/jwt.js';
import { GatewayError } from './errors.js';
import type { Queryable } from '../db/db.js';
import { veredictoSesion, MENSAJE_SESION_TERMINADA, type Veredicto } from '../auth/sesion-viva.js';
import { CODIGO_PASO_ADICIONAL, MENSAJE_PASO_ADICIONAL, necesitaPasoAdicional } from '../auth/paso-adicional.js';
import { sessionOf } from '../auth/middleware.js';

export type RequestRole = 'anon' | 'authenticated';

export interface RequestAuth {
  role: RequestRole;
  /** JSON text for request.jwt.claims. */
  claims: string;
  /** The verified token's claims (absent for anon). */
  token?: TokenClaims;
}

const ANON: RequestAuth = { role: 'anon', claims: '{"role":"anon"}' };
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** Each verified token's claims as JSON text, made once: verifyToken answers the same frozen object while it keeps the token. */
const claimsText = new WeakMap<object, string>();

const invalid = (message: string) =>
  new GatewayError(401, 'PGRST301', message, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message}"`,
  });

/**
 * The role and claims of a request, from `Authorization: Bearer <jwt>` as PostgREST reads it.
 * No bearer, or a key that is not a JWT (the SPA's placeholder anon key) → anon.
 */
export async function authenticate(secret: string, header: string | undefined): Promise<RequestAuth> {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  const token = match?.[1].trim() ?? '';
  if (!token || !JWT_SHAPE.test(token)) return ANON;

  // verifyToken keeps valid tokens until they expire: the HMAC check is not redone per request
  const result = await verifyToken(secret, token);
  if (!result.ok) {
    if (result.reason === 'expired') {
      throw new GatewayError(401, 'PGRST303', 'JWT expired', null, null, {
        'WWW-Authenticate': 'Bearer error="invalid_token", error_description="JWT expired"',
      });
    }
    throw invalid('JWSError JWSInvalidSignature');
  }
  const role = result.claims.role ?? 'anon';
  if (role !== 'anon' && role !== 'authenticated') throw invalid(`The role "${String(role)}" is not allowed`);
  let claims = claimsText.get(result.claims);
  if (claims === undefined) claimsText.set(result.claims, (claims = JSON.stringify(result.claims)));
  return { role, claims, token: result.claims };
}

/** Answers kept per Authorization header (see authenticator), at most this many. */
const KNOWN_HEADERS = 1000;
/** As verifyToken keeps a token: until it expires, and at most 5 minutes. */
const KNOWN_SECONDS = 300;

/**
 * authenticate() with its answers kept by Authorization header until the token expires (at most
 * KNOWN_SECONDS): a client sends the same header on every request, and reading it again (two
 * regular expressions over the token, verifyToken's cache key, two promises) was a third of the
 * gateway's own time on the single-row GET. Only valid tokens are kept; the session is checked on
 * every request all the same (checkSession).
 */
export function authenticator(secret: string) {
  const known = new Map<string, { auth: RequestAuth; until: number }>();
  return (header: string | undefined): RequestAuth | Promise<RequestAuth> => {
    if (header === undefined) return ANON;
    const hit = known.get(header);
    // jose refuses a token once exp <= now, so exp > now is still a valid one
    if (hit && hit.until > Date.now() / 1000) return hit.auth;
    return authenticate(secret, header).then((auth) => {
      if (auth.token) {
        if (known.size >= KNOWN_HEADERS) known.clear();
        const exp = typeof auth.token.exp === 'number' ? auth.token.exp : Infinity;
        known.set(header, { auth, until: Math.min(exp, Date.now() / 1000 + KNOWN_SECONDS) });
      }
      return auth;
    });
  };
}

/**
 * A signed-in request's session must be live (server/auth/sesion-viva.ts): an ended session is
 * refused like a bad token, a session whose rights changed like an expired one (the portal and
 * supabase-js refresh and get the new rights). An admin's change needs a recent strong factor
 * (server/auth/paso-adicional.ts): 403 with code 'paso_adicional'.
 * Answers (or throws) at once when the session's state is in memory, as it is for nearly every
 * request: a promise only when the database must be asked.
 */
export function checkSession(db: Queryable, claims: TokenClaims, change: boolean): void | Promise<void> {
  const verdict = veredictoSesion(db, claims);
  if (verdict instanceof Promise || (change && claims.app_role === 'admin')) {
    return (async () => {
      judge(await verdict);
      if (change && claims.app_role === 'admin' && (await necesitaPasoAdicional(db, sessionOf(claims)))) {
        throw new GatewayError(403, CODIGO_PASO_ADICIONAL, MENSAJE_PASO_ADICIONAL);
      }
    })();
  }
  judge(verdict);
}

function judge(verdict: Veredicto) {
  if (verdict === 'terminada') throw invalid(MENSAJE_SESION_TERMINADA);
  if (verdict === 'desfasada') {
    throw new GatewayError(401, 'PGRST303', 'JWT expired', null, null, {
      'WWW-Authenticate': 'Bearer error="invalid_token", error_description="JWT expired"',
    });
  }
}
