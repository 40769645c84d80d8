import type { LiveEvent, LiveProvider } from '@refinedev/core';
import type { Flujo } from './live-stream';
import { RECURSOS_EVENTO, type CambioCaso } from '../domain/eventos';

/**
 * Refine's liveProvider over the services API's event stream (GET /eventos, server-sent events):
 * the lists in live mode ('auto': useList of mensajes, documentos, copias…) and useSubscription
 * ask for their data again when the server says the case changed. The event names the case and
 * the resources that changed (`resources/{name}` channels), never the data; the API checks access
 * when the data is asked for.
 *
 * One stream per tab, shared by every subscription, opened at the first and closed a moment after
 * the last goes (a page change does not reopen it). The code that reads the stream loads only then
 * (live-stream.ts). While the stream is down (server unreachable, too many tabs: 429) every
 * subscription is called every POLL_MS instead, as polling would; when it opens again, once, for
 * what it may have missed.
 */

/** While the stream is down: how often the subscribed lists are asked again (new messages within 5 s). */
export const POLL_MS = 3_000;
/** The stream stays open this long after its last subscription went (a page change subscribes again). */
const CLOSE_AFTER_MS = 3_000;

interface Subscription {
  channel: string;
  types: string[];
  /** Only this case's events (a list filtered by expedienteId); else every case's. */
  expedienteId?: string;
  callback: (event: LiveEvent) => void;
}

/** The case a list is filtered by (`expedienteId` eq), if any. */
function caseOf(params: { filters?: unknown } | undefined): string | undefined {
  const filters = Array.isArray(params?.filters) ? (params.filters as { field?: string; operator?: string; value?: unknown }[]) : [];
  const f = filters.find((x) => x.field === 'expedienteId' && x.operator === 'eq');
  return typeof f?.value === 'string' ? f.value : undefined;
}

const CANALES = new Set<string>([...RECURSOS_EVENTO.map((r) => `resources/${r}`)]);
const subscriptions = new Set<Subscription>();
let flujo: Promise<Flujo> | null = null;
let closing: ReturnType<typeof setTimeout> | undefined;
let polling: ReturnType<typeof setInterval> | undefined;

const everyone = (type: string) => {
  const date = new Date();
  for (const s of [...subscriptions]) s.callback({ channel: s.channel, type, payload: {}, date });
};

function startPolling() {
  polling ??= setInterval(() => everyone('*'), POLL_MS);
}
function stopPolling() {
  clearInterval(polling);
  polling = undefined;
}

/** A change of a case from the server → the subscriptions of its resources (and of that case, if they name one). */
function deliver(cambio: CambioCaso) {
  const date = new Date();
  for (const s of [...subscriptions]) {
    if (!cambio.recursos.some((r) => s.channel === `resources/${r}`)) continue;
    if (!s.types.includes('*') && !s.types.includes(cambio.tipo)) continue;
    if (s.expedienteId && s.expedienteId !== cambio.expedienteId) continue;
    s.callback({ channel: s.channel, type: cambio.tipo, payload: { ids: [cambio.expedienteId], expedienteId: cambio.expedienteId }, date });
  }
}

function open() {
  clearTimeout(closing);
  closing = undefined;
  flujo ??= import('./live-stream').then(({ abrirFlujo }) =>
    abrirFlujo({
      onCambio: deliver,
      // the server may have missed changes (its database connection came back): everything again
      onRecargar: () => everyone('*'),
      onAbierto: () => {
        stopPolling();
        // what changed while the stream was not open (or before it first opened) is asked again once
        everyone('*');
      },
      onCaido: startPolling,
    }),
  );
  // until the stream is open, as before: polling
  flujo.catch(startPolling);
}

function closeSoon() {
  clearTimeout(closing);
  closing = setTimeout(() => {
    if (subscriptions.size) return;
    stopPolling();
    const f = flujo;
    flujo = null;
    void f?.then((x) => x.cerrar()).catch(() => undefined);
  }, CLOSE_AFTER_MS);
}

export const liveProvider: LiveProvider = {
  subscribe({ channel, types, params, callback }) {
    // with liveMode 'auto' every list subscribes: only the resources the server tells about open the stream
    if (!CANALES.has(channel)) return null;
    const s: Subscription = { channel, types: types.length ? types : ['*'], expedienteId: caseOf(params), callback };
    subscriptions.add(s);
    open();
    return s;
  },
  unsubscribe(s: Subscription | null) {
    if (!s) return;
    subscriptions.delete(s);
    if (!subscriptions.size) closeSoon();
  },
};
