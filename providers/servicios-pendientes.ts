import type { BaseRecord } from '@refinedev/core';
import { TEMP_ID_PREFIX, isTempId } from '../domain/temp-id';
import type { PendientesConfig } from '../domain/resource';
import { ServiciosError } from './servicios-http';

export type { PendientesConfig };

/**
 * Creations kept in this browser while the server cannot be reached: the servicios data
 * provider's offline retry, for the resources that declare `pendientes` (today the acts of a case).
 *
 * - create: when POST gets no answer (network down, 5xx), the record is kept in localStorage
 *   under `clave` with a `temp-` id, and the create answers it: the caller tells the person the
 *   copy is pending. An answered refusal (4xx) is an error as usual and nothing is kept.
 * - update of a `temp-` id (a later save of that record): sends the creation again with the
 *   changes, or, once it has been created, updates the stored record.
 * - getList: first sends the kept records the list's `eq` filters select (in order, stopping at
 *   the first that still gets no answer), then answers the server's rows followed by those still
 *   kept, and `enviados`, how many it just created. Pages read again every few seconds while a
 *   `temp-` row shows, and when the browser is back online, so this is the retry.
 *
 * A record is sent by one request at a time (a retry and a save of the open form at once create it
 * once), and afterwards its temp id stands for the stored id for the rest of this page's life.
 */
/** Records on their way to the server, by temp id. */
const enviando = new Map<string, Promise<BaseRecord>>();
/** Records created from a temp id: temp id → stored id. */
const creados = new Map<string, string>();

/** A record in the form it is kept in (the declaration's `campos`). */
const guardado = (cfg: PendientesConfig, record: BaseRecord) =>
  Object.fromEntries(Object.entries(cfg.campos).map(([kept, field]) => [kept, record[field] ?? cfg.vacios?.[field] ?? null]));

/** A kept form → the record; undefined when it is not one (no `temp-` id). */
function leido(cfg: PendientesConfig, stored: unknown): BaseRecord | undefined {
  if (!stored || typeof stored !== 'object') return undefined;
  const kept = stored as Record<string, unknown>;
  const record = Object.fromEntries(Object.entries(cfg.campos).map(([k, field]) => [field, kept[k] ?? cfg.vacios?.[field] ?? null]));
  return isTempId(record.id) ? record : undefined;
}

function leerTodos(cfg: PendientesConfig): BaseRecord[] {
  try {
    const v = JSON.parse(localStorage.getItem(cfg.clave) ?? '[]') as unknown;
    return Array.isArray(v) ? v.map((stored) => leido(cfg, stored)).filter((r): r is BaseRecord => r !== undefined) : [];
  } catch {
    return [];
  }
}

const escribirTodos = (cfg: PendientesConfig, records: BaseRecord[]) =>
  localStorage.setItem(cfg.clave, JSON.stringify(records.map((r) => guardado(cfg, r))));

/** The kept records (not yet created) whose fields match `filtros`. */
export function pendientes(cfg: PendientesConfig, filtros: Record<string, unknown> = {}): BaseRecord[] {
  return leerTodos(cfg).filter((r) => !creados.has(String(r.id)) && Object.entries(filtros).every(([k, v]) => String(r[k]) === String(v)));
}

/** Keeps (or replaces) a record; gives it a temp id if it has none. Throws when storage fails. */
function guardarPendiente(cfg: PendientesConfig, record: BaseRecord): BaseRecord {
  const id = isTempId(record.id) ? String(record.id) : `${TEMP_ID_PREFIX}${crypto.randomUUID()}`;
  const kept = { ...record, id };
  escribirTodos(cfg, [...leerTodos(cfg).filter((r) => r.id !== id), kept]);
  return kept;
}

function quitarPendiente(cfg: PendientesConfig, id: string) {
  try {
    escribirTodos(cfg, leerTodos(cfg).filter((r) => r.id !== id));
  } catch {
    /* nothing stored, nothing to remove */
  }
}

/** No answer at all (fetch rejects with a TypeError), or the server failed: worth trying again. */
const sinRespuesta = (e: unknown) => e instanceof TypeError || (e instanceof ServiciosError && (e.status >= 500 || e.status === 408));

export interface Envio {
  post: (body: BaseRecord) => Promise<BaseRecord>;
  put: (id: string, body: BaseRecord) => Promise<BaseRecord>;
}

/**
 * Creates `record` (a new one, or a kept one with its temp id), keeping it when the server
 * cannot be reached; a kept record that was created meanwhile is updated instead.
 */
export async function crearOGuardar(cfg: PendientesConfig, record: BaseRecord, envio: Envio): Promise<BaseRecord> {
  const tempId = isTempId(record.id) ? String(record.id) : null;
  // one request at a time per record: wait for the one on its way (checked again after each wait,
  // as another caller may have started the next one)
  for (let previo = tempId ? enviando.get(tempId) : undefined; previo; previo = enviando.get(tempId!)) await previo.catch(() => undefined);
  const creado = tempId ? creados.get(tempId) : undefined;
  if (creado) return envio.put(creado, { ...record, id: creado });
  const peticion = envio.post({ ...record, id: '' });
  if (tempId) enviando.set(tempId, peticion);
  try {
    const data = await peticion;
    if (tempId) {
      creados.set(tempId, String(data.id));
      quitarPendiente(cfg, tempId);
    }
    return data;
  } catch (e) {
    if (!sinRespuesta(e)) throw e;
    return guardarPendiente(cfg, record);
  } finally {
    if (tempId) enviando.delete(tempId);
  }
}

/** An update of a kept record: its stored form with the changes, created (or kept) again. */
export function actualizarPendiente(cfg: PendientesConfig, id: string, cambios: BaseRecord, envio: Envio): Promise<BaseRecord> {
  const kept = leerTodos(cfg).find((r) => r.id === id);
  return crearOGuardar(cfg, { ...kept, ...cambios, id }, envio);
}

/** Sends the kept records `filtros` select, in order; answers how many were created. */
export async function enviarPendientes(cfg: PendientesConfig, filtros: Record<string, unknown>, envio: Envio): Promise<number> {
  let enviados = 0;
  for (const record of pendientes(cfg, filtros)) {
    if (enviando.has(String(record.id))) continue;
    try {
      const data = await crearOGuardar(cfg, record, envio);
      if (isTempId(data.id)) break; // still down: try again later
      enviados++;
    } catch {
      break; // refused: it stays kept and shown; a later save of it says why
    }
  }
  return enviados;
}
