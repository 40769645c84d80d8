import { verifyToken } from '../auth/jwt.js';
import { GatewayError } from './errors.js';

export type RequestRole = 'anon' | 'authenticated';

export interface RequestAuth {
  role: RequestRole;
  /** JSON text for request.jwt.claims. */
  claims: string;
}

const ANON: RequestAuth = { role: 'anon', claims: '{"role":"anon"}' };
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** Verified tokens by their text: verification is the costliest step of a small request. */
const verified = new Map<string, { auth: RequestAuth; exp: number }>();
const CACHE_SIZE = 1000;

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

  const now = Date.now() / 1000;
  const cached = verified.get(`${secret}\n${token}`);
  if (cached && cached.exp > now) return cached.auth;

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
  const auth: RequestAuth = { role, claims: JSON.stringify(result.claims) };

  if (verified.size >= CACHE_SIZE) verified.clear();
  const exp = typeof result.claims.exp === 'number' ? result.claims.exp : now + 300;
  verified.set(`${secret}\n${token}`, { auth, exp: Math.min(exp, now + 300) });
  return auth;
}
