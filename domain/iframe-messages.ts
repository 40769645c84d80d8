/**
 * The postMessage protocol between the portal and the act form (formulario.html in an iframe).
 * Every message is an object with a type and a timestamp; each side accepts messages only from
 * the window and origin it expects and ignores (with a warning) everything else.
 */

/** Portal → form. */
export const INIT_DATA = 'INIT_DATA';
export const RESPUESTA_PERSONA_POR_NIF = 'RESPUESTA_PERSONA_POR_NIF';
/** Form → portal. */
export const IFRAME_READY = 'IFRAME_READY';
export const IFRAME_HEIGHT = 'IFRAME_HEIGHT';
export const FORM_SUBMIT = 'FORM_SUBMIT';
export const FORM_SAVED = 'FORM_SAVED';
export const SOLICITAR_PERSONA_POR_NIF = 'SOLICITAR_PERSONA_POR_NIF';

/** If the form never says it is ready, the portal assumes so this long after the iframe loads. */
export const IFRAME_READY_FALLBACK_MS = 100;
/** The form reports its height this long after rendering. */
export const IFRAME_HEIGHT_DELAY_MS = 100;

export interface IframeMessage {
  type: string;
  timestamp: number;
  [key: string]: unknown;
}

/** The read-only form's notice when nothing else is said: what the client can do about it. */
export const MOTIVO_LECTURA_ENVIADO = 'Este acto está enviado: sus datos no se pueden modificar. Cambie su estado a Borrador para editarlo.';

/** A person found by NIF, as the form uses it to fill a row. */
export interface PersonaEncontrada {
  id?: string;
  tipoPersona?: string;
  identificador?: { tipo?: string; numero?: string };
  nombre?: string | null;
  primerApellido?: string | null;
  segundoApellido?: string | null;
  razonSocial?: string | null;
  fechaNacimiento?: string | null;
  estadoCivil?: string | null;
  regimenEconomico?: string | null;
  profesion?: string | null;
  email?: string | null;
  telefono?: string | null;
  direccion?: Record<string, unknown> | null;
  [key: string]: unknown;
}

export interface RespuestaPersonaMessage extends IframeMessage {
  type: typeof RESPUESTA_PERSONA_POR_NIF;
  nif: string;
  encontrados: PersonaEncontrada[];
  error?: string;
}

export function buildMessage<T extends Record<string, unknown>>(type: string, payload?: T): IframeMessage & T {
  return { ...(payload ?? ({} as T)), type, timestamp: Date.now() };
}

export interface MessageSourceCheck {
  /** The origin the message must come from (e.g. 'https://portal.example'). */
  origin: string;
  /** The window the message must come from (the iframe's contentWindow, or window.parent). */
  source: unknown;
}

/**
 * The message carried by a MessageEvent when it comes from the expected origin and window and
 * is an object with a string type and a numeric timestamp; otherwise null, after a warning.
 */
export function acceptMessage(
  event: { origin: string; source: unknown; data: unknown },
  expected: MessageSourceCheck,
  warn: (...args: unknown[]) => void = console.warn,
): IframeMessage | null {
  if (event.origin !== expected.origin) {
    warn(`Mensaje ignorado: origen no esperado (${event.origin})`);
    return null;
  }
  if (!expected.source || event.source !== expected.source) {
    warn('Mensaje ignorado: ventana de origen no esperada');
    return null;
  }
  const data = event.data as unknown;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    warn('Mensaje ignorado: no es un objeto');
    return null;
  }
  const { type, timestamp } = data as Record<string, unknown>;
  if (typeof type !== 'string' || type === '') {
    warn('Mensaje ignorado: falta el tipo');
    return null;
  }
  if (typeof timestamp !== 'number' || !Number.isFinite(timestamp)) {
    warn('Mensaje ignorado: falta la marca de tiempo');
    return null;
  }
  return data as IframeMessage;
}

/** The origin of an iframe's address, resolved against the page that embeds it. */
export function originOf(url: string, base: string): string {
  return new URL(url, base).origin;
}
