import { SignJWT, jwtVerify, errors } from 'jose';

export type AppRole = 'admin' | 'assistant';

/** Claims of an access token; the same token authorises the services API and /rest/v1. */
export interface AccessClaims {
  sub: string; // idPersona
  role: 'authenticated';
  app_role: AppRole;
  email?: string;
  /** The notarías (public.notarias.id) the holder is active staff of; absent for everyone else. */
  notarias?: number[];
  exp?: number;
  iat?: number;
}

export const ACCESS_TOKEN_SECONDS = 15 * 60;

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signAccessToken(
  secret: string,
  claims: { sub: string; app_role: AppRole; email?: string; notarias?: number[] },
  seconds = ACCESS_TOKEN_SECONDS,
): Promise<string> {
  const staff = claims.notarias?.length ? { notarias: claims.notarias } : {};
  return new SignJWT({ role: 'authenticated', app_role: claims.app_role, email: claims.email, ...staff })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(`${seconds}s`)
    .sign(key(secret));
}

/** The public key of the gateway, as a hosted Supabase project has one: a JWT of role anon. */
export async function signAnonKey(secret: string): Promise<string> {
  return new SignJWT({ role: 'anon' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(0)
    .setIssuer('notaria')
    .sign(key(secret));
}

export type TokenClaims = Record<string, unknown> & { role?: string; sub?: string; app_role?: string; notarias?: unknown };

export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

/**
 * Valid tokens by secret and text, until they expire (kept at most 5 minutes): the HMAC check is
 * most of the cost of a small authorised request, and a client sends the same token many times
 * (the services API verifies it twice per request: the route and the audit trail). Only valid
 * tokens are kept, so an invalid one costs a verification each time; at most CACHE_SIZE entries.
 */
const verified = new Map<string, { claims: TokenClaims; until: number }>();
const CACHE_SIZE = 1000;
const CACHE_SECONDS = 300;

export async function verifyToken(secret: string, token: string): Promise<VerifyResult> {
  const cacheKey = `${secret}\n${token}`;
  const now = Date.now() / 1000;
  const hit = verified.get(cacheKey);
  // jose rejects exp <= floor(now): exp > now implies it would still accept the token
  if (hit && hit.until > now) return { ok: true, claims: hit.claims };
  if (hit) verified.delete(cacheKey);
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
    // a token that never expires is refused; only the public anon key (grants nothing) has no exp
    if (payload.exp === undefined && payload.role !== 'anon') return { ok: false, reason: 'invalid' };
    // frozen: every caller of a cached token shares this object
    const claims = Object.freeze(payload) as TokenClaims;
    if (verified.size >= CACHE_SIZE) verified.clear();
    const exp = typeof payload.exp === 'number' ? payload.exp : Infinity;
    verified.set(cacheKey, { claims, until: Math.min(exp, now + CACHE_SECONDS) });
    return { ok: true, claims };
  } catch (e) {
    return { ok: false, reason: e instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
