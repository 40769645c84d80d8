/**
 * Live changes of cases, pushed to the portals that show them (GET /eventos, routes/eventos.ts).
 *
 * A service that changes a case (a message, its estado, a document, a copy) calls avisarCambio();
 * the change waits in the request's list and is published only once the request has answered with
 * success, that is after its transaction committed (the audit trail commits inside this
 * middleware): a change rolled back is never announced. An event names the case and the kind of
 * data that changed, never its content: the portal asks for the data again through the API, which
 * checks access as always.
 *
 * Who receives a case's event: the accounts that may read the case as its client side (the
 * client, the owner of the client's persona, representatives whose privilegio lets them read the
 * case: servicios.tiene_permiso(persona, cuenta, 'leer_expedientes'), asked at publication) and
 * staff of its notaría (claim `notarias` of the token the stream was opened with; a stream ends when
 * that token expires, so a deactivated staff member stops receiving at the latest then).
 *
 * One process keeps its streams in memory: an event reaches the streams of the instance that
 * published it (see docs/despacho.md for several instances).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import type { Queryable } from './db/db.js';
import type { CambioCaso } from '../domain/eventos.js';

export { RECURSOS_EVENTO, type CambioCaso, type RecursoEvento } from '../domain/eventos.js';

/** What a stream receives: the case and what changed of it. */
export type EventoCaso = CambioCaso;

const pendientes = new AsyncLocalStorage<CambioCaso[]>();

/**
 * Announces a change of a case once the current request has committed it. Outside a request of
 * the services API (a background task) it does nothing.
 */
export function avisarCambio(cambio: CambioCaso) {
  pendientes.getStore()?.push(cambio);
}

export interface Suscriptor {
  /** idPersona of the account. */
  userId: string;
  /** public.notarias.id the stream's token says its holder is staff of. */
  notarias: number[];
  enviar(evento: EventoCaso): void;
  cerrar(): void;
}

export type Union = 'ok' | 'usuario' | 'total';

export interface CentroEventos {
  /** Adds a stream; refused when its account already has `porUsuario` streams, or the server `total`. */
  unir(s: Suscriptor): Union;
  dejar(s: Suscriptor): void;
  /** Open streams (all accounts), and those of one account. */
  abiertos(userId?: string): number;
  /** The services router's middleware: publishes a request's changes after it succeeded. */
  trasConfirmar: MiddlewareHandler;
  publicar(cambios: CambioCaso[]): Promise<void>;
  /** Ends every stream (the server is stopping). */
  cerrar(): void;
}

/** Who may see a case: its notaría (public.notarias.id) and the accounts of its client side. */
const PUBLICO_SQL = `
  with e as (select persona_id, notaria_id from servicios.expedientes where id = $1::uuid)
  select (select n.id from public.notarias n join e on n.idint = e.notaria_id) as notaria,
         array(select distinct c.id from e, lateral (
                   select e.persona_id as id
                   union all select p.owner_id from servicios.personas p where p.id = e.persona_id
                   union all select pr.persona_receptora_id from servicios.privilegios pr where pr.persona_otorgante_id = e.persona_id) c
                where c.id is not null and c.id = any ($2::uuid[])
                  and servicios.tiene_permiso(e.persona_id, c.id, 'leer_expedientes')) as clientes
    from e`;

export function centroEventos(db: Queryable, log: (m: string) => void, limites: { porUsuario: number; total: number }): CentroEventos {
  const porUsuario = new Map<string, Set<Suscriptor>>();
  const porNotaria = new Map<number, Set<Suscriptor>>();
  let total = 0;

  const anadir = <K>(mapa: Map<K, Set<Suscriptor>>, k: K, s: Suscriptor) => {
    let set = mapa.get(k);
    if (!set) mapa.set(k, (set = new Set()));
    set.add(s);
  };
  const quitar = <K>(mapa: Map<K, Set<Suscriptor>>, k: K, s: Suscriptor) => {
    const set = mapa.get(k);
    if (set?.delete(s) && set.size === 0) mapa.delete(k);
  };

  const centro: CentroEventos = {
    unir(s) {
      if ((porUsuario.get(s.userId)?.size ?? 0) >= limites.porUsuario) return 'usuario';
      if (total >= limites.total) return 'total';
      anadir(porUsuario, s.userId, s);
      for (const n of s.notarias) anadir(porNotaria, n, s);
      total++;
      return 'ok';
    },
    dejar(s) {
      if (!porUsuario.get(s.userId)?.has(s)) return;
      quitar(porUsuario, s.userId, s);
      for (const n of s.notarias) quitar(porNotaria, n, s);
      total--;
    },
    abiertos: (userId) => (userId === undefined ? total : (porUsuario.get(userId)?.size ?? 0)),

    async trasConfirmar(c, next) {
      const lista: CambioCaso[] = [];
      await pendientes.run(lista, () => next());
      if (lista.length && c.res.status < 400) {
        // the answer does not wait for the publication, and a failed one fails nothing
        void centro.publicar(lista).catch((e: unknown) => log(`[eventos] no se pudo publicar: ${(e as Error).message}`));
      }
    },

    async publicar(cambios) {
      if (total === 0) return; // nobody listens: not even a query
      // one event per case, with every resource that changed
      const porCaso = new Map<string, EventoCaso>();
      for (const c of cambios) {
        const previo = porCaso.get(c.expedienteId);
        if (!previo) porCaso.set(c.expedienteId, { ...c, recursos: [...c.recursos] });
        else for (const r of c.recursos) if (!previo.recursos.includes(r)) previo.recursos.push(r);
      }
      const cuentas = [...porUsuario.keys()];
      for (const evento of porCaso.values()) {
        const { rows } = await db.query<{ notaria: string | number | null; clientes: string[] }>(PUBLICO_SQL, [evento.expedienteId, cuentas]);
        if (!rows[0]) continue;
        const destino = new Set<Suscriptor>();
        if (rows[0].notaria !== null) for (const s of porNotaria.get(Number(rows[0].notaria)) ?? []) destino.add(s);
        for (const id of rows[0].clientes) for (const s of porUsuario.get(id) ?? []) destino.add(s);
        for (const s of destino) s.enviar(evento);
      }
    },

    cerrar() {
      for (const set of [...porUsuario.values()]) for (const s of [...set]) s.cerrar();
    },
  };
  return centro;
}
