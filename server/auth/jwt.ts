import { SignJWT, jwtVerify, errors } from 'jose';

export type AppRole = 'admin' | 'assistant';

/** Claims of an access token; the same token authorises the services API and /rest/v1. */
export interface AccessClaims {
  sub: string; // idPersona
  role: 'authenticated';
  app_role: AppRole;
  email?: string;
  exp?: number;
  iat?: number;
}

export const ACCESS_TOKEN_SECONDS = 15 * 60;

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signAccessToken(
  secret: string,
  claims: { sub: string; app_role: AppRole; email?: string },
  seconds = ACCESS_TOKEN_SECONDS,
): Promise<string> {
  return new SignJWT({ role: 'authenticated', app_role: claims.app_role, email: claims.email })
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

export type VerifyResult =
  | { ok: true; claims: Record<string, unknown> & { role?: string; sub?: string; app_role?: string } }
  | { ok: false; reason: 'expired' | 'invalid' };

export async function verifyToken(secret: string, token: string): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
    return { ok: true, claims: payload as VerifyResult extends { ok: true; claims: infer C } ? C : never };
  } catch (e) {
    return { ok: false, reason: e instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
