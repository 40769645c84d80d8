/**
 * The e-mail shown while confirming a registration PIN: the first two characters of the
 * address, then '***', then the domain part.
 */
export const EMAIL_MASK_VISIBLE_CHARS = 2;

export function maskEmail(email: string): string {
  const value = email.trim();
  const at = value.lastIndexOf('@');
  const local = at >= 0 ? value.slice(0, at) : value;
  const domain = at >= 0 ? value.slice(at) : '';
  return `${local.slice(0, EMAIL_MASK_VISIBLE_CHARS)}***${domain}`;
}
