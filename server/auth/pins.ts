import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Fixed rules of sign-in PINs and sessions (issuing caps are configuration: Config.pinLimits). */
export const PIN_RULES = {
  digits: 6,
  validMinutes: 10,
  /** Wrong tries one PIN survives: the last one cancels it, its owner asks for a new one. */
  maxWrongTries: 5,
  /** Wrong PINs from one address within lockMinutes lock that address (not the account). */
  maxWrongPerAddress: 5,
  lockMinutes: 15,
  /** NIST SP 800-63B 5.2.2: at most 100 consecutive failures per account; then a day's lock. */
  maxConsecutivePerAccount: 100,
  accountLockMinutes: 24 * 60,
} as const;

/** Absolute lifetime of a sign-in session, however often its refresh token is rotated. */
export const SESSION_HOURS = 12;

/** A uniformly random 6-digit PIN (leading zeros kept). */
export function generatePin(): string {
  return String(randomInt(0, 10 ** PIN_RULES.digits)).padStart(PIN_RULES.digits, '0');
}

/**
 * The stored form of a PIN: HMAC-SHA256 keyed with the server secret (a pepper), so a copy of
 * the database alone does not let anyone try the million possible PINs offline.
 */
export function hashPin(secret: string, documento: string, pin: string): string {
  return createHmac('sha256', secret).update(`pin\0${documento}\0${pin}`).digest('hex');
}

/** Constant-time comparison of two hex hashes. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** An opaque refresh token: 256 random bits. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(`refresh\0${token}`).digest('hex');
}

/**
 * The client's address: the first hop of X-Forwarded-For (set by a proxy in front, or copied by
 * the auth-proxy function), else the socket's. IPv4-mapped IPv6 is shown as plain IPv4.
 */
export function clientIp(forwardedFor: string | null | undefined, socketAddress?: string | null): string {
  const first = (forwardedFor ?? '').split(',')[0].trim();
  const ip = first && first.length <= 64 ? first : (socketAddress ?? '');
  return ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '') || 'desconocida';
}

/**
 * The client's address under the TRUST_PROXY rule (Config.trustProxy = trusted proxy hops).
 * Over the network (a socket address is known) X-Forwarded-For is only believed behind trusted
 * proxies: the entry the outermost trusted proxy wrote, `trustProxy` places from the right
 * (entries further left are whatever the client sent). In process (no socket: a function of
 * server/functions.ts calling the services API) the header was written by functions.ts itself.
 */
export function callerAddress(forwardedFor: string | null | undefined, socketAddress: string | null | undefined, trustProxy: number): string {
  if (!socketAddress) return clientIp(forwardedFor, null);
  if (trustProxy <= 0) return clientIp(null, socketAddress);
  const hops = (forwardedFor ?? '').split(',').map((h) => h.trim()).filter(Boolean);
  return clientIp(hops.length ? hops[Math.max(0, hops.length - trustProxy)] : null, socketAddress);
}

/** The answer while PIN sign-in is locked, with the minutes left (at least 1). */
export function lockedMessage(until: Date, now: Date = new Date()): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  if (minutes > 90) {
    const hours = Math.ceil(minutes / 60);
    return `Demasiados intentos fallidos. Inténtelo de nuevo en ${hours} horas.`;
  }
  return `Demasiados intentos fallidos. Inténtelo de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`;
}

/** For the development log only: 'an***@example.com'. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  return at < 0 ? '***' : `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}
