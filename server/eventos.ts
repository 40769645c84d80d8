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
 * Each process keeps its own streams in memory. On PostgreSQL (DATABASE_URL) a change is published
 * with NOTIFY on channel `portal_eventos` and every instance LISTENs on one connection of its own, so
 * a message posted through one instance reaches the streams held by all; on the embedded database
 * (one process) it is delivered in memory.
 *
 * A NOTIFY sent while an instance's LISTEN connection is down (the database restarting) never
 * reaches it. So when that connection comes back, every stream of the instance is told `recargar`:
 * the portal asks again for everything it shows. And an instance whose own LISTEN is down still
 * NOTIFYs the others, and delivers its changes to its own streams in memory.
 */
import type { MiddlewareHandler } from 'hono';
import pg from 'pg';
import type { Queryable } from './db/db.js';
import { RequestScope } from './request-scope.js';
import type { CambioCaso } from '../domain/eventos.js';
import type { Endpoint } from '../api/endpoint.js';

export type { CambioCaso } from '../domain/eventos.js';

/** What a stream receives: the case and what changed of it. */
export type EventoCaso = CambioCaso;

/** A change as a service announces it: what of the case changed is the endpoint's `events` unless named. */
type Aviso = Omit<CambioCaso, 'recursos'> & { recursos?: CambioCaso['recursos'] };

const pendientes = new RequestScope<Aviso[]>();

/**
 * Announces a change of a case once the current request has committed it: what of the case
 * changed is what the request's endpoint declares (api/, `events`). Outside a request of the
 * services API (a background task) it does nothing.
 */
export function avisarCambio(cambio: Aviso) {
  pendientes.get()?.push(cambio);
}

export interface Suscriptor {
  /** idPersona of the account. */
  userId: string;
  /** public.notarias.id the stream's token says its holder is staff of. */
  notarias: number[];
  enviar(evento: EventoCaso): void;
  /** Changes may have been missed (the LISTEN connection dropped): the portal asks for everything again. */
  recargar(): void;
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

/** The NOTIFY channel of the changes between instances (PostgreSQL). */
export const CANAL_NOTIFY = 'portal_eventos';
/** NOTIFY takes at most 8000 bytes of payload: a request's changes go in pieces below that. */
const MAX_NOTIFY = 7000;

export function centroEventos(
  db: Queryable,
  log: (m: string) => void,
  limites: { porUsuario: number; total: number },
  /** PostgreSQL shared by several instances: changes travel by NOTIFY / LISTEN on it. */
  databaseUrl: string | null = null,
): CentroEventos {
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

  // entregar is a function declaration below: hoisted
  const oyente = databaseUrl
    ? escuchar(databaseUrl, log, {
        oir: (cambios) => void entregar(cambios).catch((e: unknown) => log(`[eventos] no se pudo entregar: ${(e as Error).message}`)),
        // what was NOTIFYed while the connection was down is lost: every stream here asks again
        vuelto: () => {
          for (const set of [...porUsuario.values()]) for (const s of [...set]) s.recargar();
        },
      })
    : null;

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
      const avisos: Aviso[] = [];
      await pendientes.run(avisos, () => next());
      const declarados = (c.get('endpoint') as Endpoint | undefined)?.events ?? [];
      const lista = avisos
        .map((a): CambioCaso => ({ ...a, recursos: a.recursos ?? [...declarados] }))
        .filter((a) => a.recursos.length);
      if (avisos.length > lista.length) log(`[eventos] ${c.req.method} ${c.req.path} avisa de un cambio sin declarar sus events`);
      if (lista.length && c.res.status < 400) {
        // the answer does not wait for the publication, and a failed one fails nothing
        void centro.publicar(lista).catch((e: unknown) => log(`[eventos] no se pudo publicar: ${(e as Error).message}`));
      }
    },

    async publicar(cambios) {
      if (!oyente) return entregar(cambios);
      // every instance listening hears it and delivers to its own streams; this one too, unless its
      // own LISTEN is down: then in memory
      if (!oyente.escuchando()) await entregar(cambios);
      let trozo: CambioCaso[] = [];
      const enviar = async () => {
        if (trozo.length) await db.query('select pg_notify($1, $2)', [CANAL_NOTIFY, JSON.stringify(trozo)]);
        trozo = [];
      };
      for (const c of cambios) {
        if (JSON.stringify([...trozo, c]).length > MAX_NOTIFY) await enviar();
        trozo.push(c);
      }
      await enviar();
    },

    cerrar() {
      oyente?.cerrar();
      for (const set of [...porUsuario.values()]) for (const s of [...set]) s.cerrar();
    },
  };

  /** Delivers changes to this instance's streams that may see them. */
  async function entregar(cambios: CambioCaso[]) {
    if (total === 0) return; // nobody listens here: not even a query
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
  }

  return centro;
}

/**
 * LISTEN on its own connection (a pooled one would be handed to other queries), opened again a
 * second after it drops. While it is down, publicar() delivers in memory: this instance's streams
 * still hear this instance's changes. `vuelto` is called each time it listens again after a drop.
 */
function escuchar(url: string, log: (m: string) => void, h: { oir(cambios: CambioCaso[]): void; vuelto(): void }) {
  let client: pg.Client | null = null;
  let listo = false;
  let conexiones = 0;
  let cerrado = false;
  let reintento: ReturnType<typeof setTimeout> | undefined;
  const conectar = async () => {
    const c = new pg.Client({ connectionString: url, keepAlive: true });
    client = c;
    const caido = (e?: Error) => {
      if (client !== c) return;
      listo = false;
      client = null;
      void c.end().catch(() => undefined);
      if (cerrado) return;
      if (e) log(`[eventos] LISTEN interrumpido: ${e.message}`);
      reintento = setTimeout(() => void conectar(), 1000);
    };
    c.on('error', caido);
    c.on('end', () => caido());
    c.on('notification', (n) => {
      if (n.channel !== CANAL_NOTIFY || !n.payload) return;
      try {
        h.oir(JSON.parse(n.payload) as CambioCaso[]);
      } catch {
        /* not ours */
      }
    });
    try {
      await c.connect();
      await c.query(`listen ${CANAL_NOTIFY}`);
      if (client !== c) return;
      listo = true;
      if (conexiones++ > 0) {
        log('[eventos] LISTEN de nuevo: las pestañas abiertas vuelven a pedir sus datos');
        h.vuelto();
      }
    } catch (e) {
      caido(e as Error);
    }
  };
  void conectar();
  return {
    escuchando: () => listo,
    cerrar() {
      cerrado = true;
      clearTimeout(reintento);
      const c = client;
      client = null;
      listo = false;
      void c?.end().catch(() => undefined);
    },
  };
}
