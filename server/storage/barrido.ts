import type { Queryable } from '../db/db.js';
import type { Storage } from './storage.js';

/** A file younger than this may belong to an upload whose row is about to commit: left alone. */
const GRACIA_MS = 60 * 60 * 1000;
const CADA_MS = 60 * 60 * 1000;
/** Keys looked at per round: a round's cost stays bounded whatever the backend holds. */
const POR_RONDA = 10_000;
const LOTE = 500;

/**
 * Removes the files no row of servicios.documentos names: an upload written whose transaction
 * never committed (the process killed between the two), or a row deleted whose file removal
 * failed. Answers how many it removed.
 */
export async function barrerArchivos(db: Queryable, storage: Storage, ahora = new Date(), gracia = GRACIA_MS): Promise<number> {
  let borrados = 0;
  let vistos = 0;
  let lote: string[] = [];
  const revisar = async () => {
    const { rows } = await db.query<{ clave: string }>('select clave from servicios.documentos where clave = any($1::text[])', [lote]);
    const guardadas = new Set(rows.map((r) => r.clave));
    for (const clave of lote) {
      if (guardadas.has(clave)) continue;
      await storage.delete(clave);
      borrados++;
    }
    lote = [];
  };
  for await (const clave of storage.list(new Date(ahora.getTime() - gracia))) {
    lote.push(clave);
    if (lote.length >= LOTE) await revisar();
    if (++vistos >= POR_RONDA) break;
  }
  if (lote.length) await revisar();
  return borrados;
}

/**
 * Before the server takes requests: the files no row names and older than the grace go, and the
 * log counts them (zero too). A folder may be shared (several instances on one machine, a network
 * folder) like a bucket, and another instance may be writing an upload whose row has not committed
 * yet: a start never removes a file, or a temporary file being written, younger than the grace.
 * What a crash of this instance left younger than that goes in a later round (every hour).
 */
export async function barrerAlArrancar(db: Queryable, storage: Storage, log: (m: string) => void, ahora = new Date()): Promise<number> {
  const n = await barrerArchivos(db, storage, ahora);
  log(`[archivos] barrido al arrancar: ${n} archivo(s) sin registro de más de ${GRACIA_MS / 60_000} minutos eliminado(s)`);
  return n;
}

/** Sweeps a minute after the start and then every hour. */
export function startBarridoArchivos(db: Queryable, storage: Storage, log: (m: string) => void) {
  let running: Promise<void> | null = null;
  const ronda = () => {
    running ??= barrerArchivos(db, storage)
      .then((n) => {
        if (n) log(`[archivos] ${n} archivo(s) sin registro eliminado(s)`);
      })
      .catch((e: unknown) => log(`[archivos] barrido fallido: ${(e as Error).message}`))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(ronda, 60_000);
  const timer = setInterval(ronda, CADA_MS);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
