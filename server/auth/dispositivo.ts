import { createHmac, randomBytes } from 'node:crypto';
import { sameHash } from './pins.js';

/**
 * The device token (OWASP's "device cookie"): given to a browser when it signs in as an account,
 * kept by the portal in that browser, and sent back when it asks for a PIN for the same account.
 * Such a request counts in a quota of its own, so strangers who exhaust a document's anonymous
 * PINs, or lock it at a shared address, do not lock its owner's own browser out. Stateless: an
 * HMAC of the account's id with the server secret; it grants nothing by itself (the PIN still
 * goes to the account's mailbox).
 */
const mac = (secret: string, usuarioId: string, nonce: string) =>
  createHmac('sha256', secret).update(`dispositivo\0${usuarioId}\0${nonce}`).digest('base64url');

export function deviceToken(secret: string, usuarioId: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${mac(secret, usuarioId, nonce)}`;
}

/** True when `token` is a device token this server gave a browser signed in as `usuarioId`. */
export function isDeviceOf(secret: string, usuarioId: string, token: string | undefined): boolean {
  if (!token) return false;
  const [nonce, given, ...rest] = token.split('.');
  if (!nonce || !given || rest.length) return false;
  return sameHash(mac(secret, usuarioId, nonce), given);
}
