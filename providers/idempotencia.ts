/**
 * The Idempotency-Key of each submission the portal sends (server/idempotencia.ts). One submission
 * is one key: the same write (method, address and body) sent again while the first is still
 * unanswered (a double click, a second tab's echo) or after it ended without an answer (the
 * network failed: the server may have done it) carries the same key, so the server does it once
 * and answers both with its outcome. Once an answer arrives the key is spent, and the next
 * identical write is a new submission.
 */
export const CABECERA_IDEMPOTENCIA = 'Idempotency-Key';

interface Envio {
  clave: string;
  enCurso: number;
}

/** Submissions in flight or without an answer, by their fingerprint. */
const envios = new Map<string, Envio>();

const esEscritura = (metodo: string) => !['GET', 'HEAD', 'OPTIONS'].includes(metodo.toUpperCase());

const nuevaClave = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * Sends a write with its submission's key (reads go as they are). `enviar` receives the key to
 * put in the Idempotency-Key header, and is the whole exchange (a refresh of the token and its
 * retry included): all of it is one submission.
 */
export async function conClave<T>(metodo: string, url: string, cuerpo: unknown, enviar: (clave: string | undefined) => Promise<T>): Promise<T> {
  // a file (FormData, Blob) is one submission per call: its content is not compared
  if (!esEscritura(metodo) || (cuerpo !== undefined && cuerpo !== null && typeof cuerpo !== 'string')) {
    return enviar(esEscritura(metodo) ? nuevaClave() : undefined);
  }
  const huella = `${metodo.toUpperCase()} ${url}\n${cuerpo ?? ''}`;
  const envio = envios.get(huella) ?? { clave: nuevaClave(), enCurso: 0 };
  envios.set(huella, envio);
  envio.enCurso += 1;
  let respondido = false;
  try {
    const resultado = await enviar(envio.clave);
    respondido = true;
    return resultado;
  } catch (e) {
    // fetch rejects without an answer (TypeError); an answer that is an error is an answer
    respondido = !(e instanceof TypeError);
    throw e;
  } finally {
    envio.enCurso -= 1;
    if (respondido && envio.enCurso === 0 && envios.get(huella) === envio) envios.delete(huella);
  }
}
