/**
 * The device tokens this browser got when it signed in (OWASP's device cookie, server side in
 * server/auth/dispositivo.ts), one per document, kept after logout on purpose: asking for a PIN
 * with it counts apart from strangers' requests for the same document, so they cannot spend the
 * owner's daily PINs. It grants nothing by itself. At most MAX documents are kept.
 */
const KEY = 'notaria.dispositivos';
const MAX = 5;

type Tokens = Record<string, string>;

function read(): Tokens {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? '{}') as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Tokens) : {};
  } catch {
    return {};
  }
}

const key = (documento: string) => documento.replace(/[\s-]/g, '').toUpperCase();

/** The device token kept for a document, if this browser signed in with it before. */
export function dispositivoDe(documento: string): string | undefined {
  const token = read()[key(documento)];
  return typeof token === 'string' ? token : undefined;
}

/** Keeps the token a sign-in answered with (the newest MAX documents). */
export function guardarDispositivo(documento: string, token: unknown): void {
  if (typeof token !== 'string' || !token) return;
  try {
    const tokens = read();
    delete tokens[key(documento)];
    const entries = [...Object.entries(tokens), [key(documento), token] as const].slice(-MAX);
    localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(entries)));
  } catch {
    /* storage full or blocked: the browser just counts as a new one */
  }
}
