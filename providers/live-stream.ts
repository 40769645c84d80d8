import { createParser } from 'eventsource-parser';
import { endpointUrl } from './config';
import { routes } from '../api/routes';
import { refreshSession } from './servicios-http';
import { session } from './session';
import type { CambioCaso } from '../domain/eventos';

/**
 * Reads the services API's event stream (GET /eventos) with fetch: the stream is authorised by the
 * session's bearer token like every other call, which EventSource cannot send (a token in the URL
 * would end up in logs, a ticket would cost a round trip and a table). Loaded only by the
 * liveProvider, when a page subscribes.
 *
 * Changes that may have been missed (the server says `recargar`, or an event's position skips
 * one) make every subscription ask for its data again.
 *
 * Reconnects by itself: at once when the server ends the stream because its token expires
 * ('caducado': the session is refreshed first, which also refreshes the roles in the browser),
 * after a growing pause when the server cannot be reached, after a minute when it refused the
 * stream (too many tabs: 429). A stream silent for longer than two heartbeats is taken for dead.
 */

export interface Flujo {
  cerrar(): void;
}

/** The schema of a change, loaded with the first one: zod stays out of the portal's start. */
let esquema: Promise<typeof import('../domain/cambio-caso').cambioCasoSchema> | undefined;

/** The event's data, if it is a change as the server's schema says. */
async function cambioDe(data: string): Promise<CambioCaso | null> {
  esquema ??= import('../domain/cambio-caso').then(
    (m) => m.cambioCasoSchema,
    (e: unknown) => {
      esquema = undefined; // the next change tries again
      throw e;
    },
  );
  try {
    const r = (await esquema).safeParse(JSON.parse(data));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/** The server writes a heartbeat every 20 s. */
const SILENCIO_MS = 45_000;
const PAUSA_MIN_MS = 1_000;
const PAUSA_MAX_MS = 30_000;
const PAUSA_RECHAZO_MS = 60_000;

export function abrirFlujo(h: { onCambio(c: CambioCaso): void; onRecargar(): void; onAbierto(): void; onCaido(): void }): Flujo {
  let cerrado = false;
  let control: AbortController | null = null;
  let pausa = PAUSA_MIN_MS;
  let despertar: (() => void) | null = null;
  const dormir = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      despertar = () => {
        clearTimeout(t);
        resolve();
      };
    });

  /** Reads one stream to its end; true when it ended because its token expired. */
  async function leer(body: ReadableStream<Uint8Array>, abort: AbortController): Promise<boolean> {
    let caducado = false;
    // the position of the last event read (its id): a skipped one means a change was missed
    let posicion = 0;
    const enSuSitio = (id: string | undefined) => {
      const n = Number(id);
      if (!Number.isInteger(n)) return true;
      const seguido = n === posicion + 1;
      posicion = n;
      return seguido;
    };
    const parser = createParser({
      onEvent(e) {
        if (e.event === 'listo') {
          pausa = PAUSA_MIN_MS;
          posicion = 0;
          h.onAbierto();
        } else if (e.event === 'cambio') {
          if (!enSuSitio(e.id)) return h.onRecargar();
          // read as the server's own schema says; anything else is ignored
          // (in order: every change waits for the same schema)
          void cambioDe(e.data).then((c) => {
            if (c && !cerrado) h.onCambio(c);
          });
        } else if (e.event === 'recargar') {
          enSuSitio(e.id);
          h.onRecargar();
        } else if (e.event === 'caducado') caducado = true;
      },
    });
    let vigia = setTimeout(() => abort.abort(), SILENCIO_MS);
    const reader = body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        clearTimeout(vigia);
        vigia = setTimeout(() => abort.abort(), SILENCIO_MS);
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } finally {
      clearTimeout(vigia);
    }
    return caducado;
  }

  void (async () => {
    while (!cerrado) {
      const abort = new AbortController();
      control = abort;
      try {
        const token = session.get().token;
        if (!token) return h.onCaido();
        const res = await fetch(endpointUrl(routes.eventos.stream), {
          method: routes.eventos.stream.method,
          headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
          signal: abort.signal,
          cache: 'no-store',
        });
        if (res.status === 401) {
          if (await refreshSession()) continue;
          return h.onCaido(); // the session is over: the next call of a page signs out
        }
        if (!res.ok || !res.body) {
          h.onCaido();
          await dormir(res.status === 429 || res.status === 503 ? PAUSA_RECHAZO_MS : pausa);
          pausa = Math.min(pausa * 2, PAUSA_MAX_MS);
          continue;
        }
        if (await leer(res.body, abort)) {
          // a new token (and with it, the roles) before the next stream
          if (!(await refreshSession())) return h.onCaido();
          continue;
        }
      } catch {
        /* network failure, or aborted */
      }
      if (cerrado) return;
      h.onCaido();
      await dormir(pausa);
      pausa = Math.min(pausa * 2, PAUSA_MAX_MS);
    }
  })();

  return {
    cerrar() {
      cerrado = true;
      control?.abort();
      despertar?.();
    },
  };
}
