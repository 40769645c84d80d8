import { SignJWT, jwtVerify, errors } from 'jose';

export type AppRole = 'admin' | 'assistant';

/**
 * Claims of an access token; the same token authorises the services API and /rest/v1. The
 * contract the RLS policies and the portal read (signAccessToken writes it).
 * @public
 */
export interface AccessClaims {
  sub: string; // idPersona
  role: 'authenticated';
  app_role: AppRole;
  email?: string;
  /** The notarías (public.notarias.id) the holder is active staff of; absent for everyone else. */
  notarias?: number[];
  /** The session (servicios.sesiones.id) the token belongs to; the server refuses it once the session ends. */
  sid?: string;
  /** Methods proven in this session: 'pin', 'certificado', 'passkey'. */
  amr?: Metodo[];
  /** Level of assurance: 1 = PIN only, 2 = a passkey or a certificate proven in this session. */
  aal?: 1 | 2;
  /** When the last passkey or certificate was proven (epoch seconds): the step-up rule of 15 minutes. */
  fa?: number;
  /** The session's rights version the token was issued with (servicios.sesiones.version). */
  sv?: number;
  exp?: number;
  iat?: number;
}

export type Metodo = 'pin' | 'certificado' | 'passkey';

/** What a session adds to its access tokens (server/auth/sessions.ts). */
export interface SessionClaims {
  sid: string;
  amr: Metodo[];
  aal: 1 | 2;
  fa?: number;
  sv: number;
}

export const ACCESS_TOKEN_SECONDS = 15 * 60;

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signAccessToken(
  secret: string,
  claims: { sub: string; app_role: AppRole; email?: string; notarias?: number[] } & Partial<SessionClaims>,
  seconds = ACCESS_TOKEN_SECONDS,
): Promise<string> {
  const { sub, app_role, email, notarias, ...session } = claims;
  const staff = notarias?.length ? { notarias } : {};
  return new SignJWT({ role: 'authenticated', app_role, email, ...staff, ...session })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
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
