import type { Db } from './db/db.js';
import { notificar } from './notificaciones/index.js';

/**
 * A message of a case's conversation that waits unread for 10 minutes is e-mailed to the other
 * side once ('mensaje-sin-leer' of the notifications module): the office's messages to the client,
 * the client's to the notaría's address. The e-mail names the case, not the message. Several
 * waiting messages of one case and side make one e-mail, and a case and side get at most one such
 * e-mail a period (AVISO_MENSAJES_MINUTOS): what arrives meanwhile goes in the next one. Taking the messages and queueing their
 * notices is one transaction: a failure takes nothing.
 */
export const ESPERA_AVISO_MINUTOS = 10;
/** Messages taken per round: a round's cost stays bounded. */
const POR_RONDA = 50;

/** Queues the notices of the messages waiting unread; answers how many messages were taken. */
export async function enviarAvisosMensajes(db: Db, periodoMinutos = 60): Promise<number> {
  return db.transaction(async (tx) => {
    // a case and side e-mailed within the period waits: its messages go in the next notice
    const { rows } = await tx.query<{ expediente_id: string; lado: 'CLIENTE' | 'NOTARIA' }>(
      `update servicios.mensajes set avisado_en = now() where id in (
         select m.id from servicios.mensajes m
          where m.leido_en is null and m.avisado_en is null and m.creado_en < now() - interval '${ESPERA_AVISO_MINUTOS} minutes'
            and not exists (select 1 from servicios.avisos_mensajes a where a.expediente_id = m.expediente_id and a.lado = m.lado
                              and a.enviado_en > now() - make_interval(mins => $1::int))
          order by m.creado_en limit ${POR_RONDA} for update of m skip locked)
       returning expediente_id, lado`,
      [periodoMinutos],
    );
    const grupos = new Map<string, { expedienteId: string; lado: 'CLIENTE' | 'NOTARIA'; cuantos: number }>();
    for (const m of rows) {
      const k = `${m.expediente_id}:${m.lado}`;
      const g = grupos.get(k) ?? { expedienteId: m.expediente_id, lado: m.lado, cuantos: 0 };
      g.cuantos++;
      grupos.set(k, g);
    }
    for (const g of grupos.values()) {
      await notificar(tx, { tipo: 'mensaje-sin-leer', ...g });
      await tx.query(
        `insert into servicios.avisos_mensajes (expediente_id, lado, enviado_en) values ($1, $2, now())
         on conflict (expediente_id, lado) do update set enviado_en = excluded.enviado_en`,
        [g.expedienteId, g.lado],
      );
    }
    return rows.length;
  });
}

/** Looks for waiting messages every `everyMs` (at once again when a round was full). */
export function startAvisosMensajes(db: Db, log: (m: string) => void, periodoMinutos: number, everyMs = 60_000) {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = enviarAvisosMensajes(db, periodoMinutos)
      .catch((e: Error) => {
        log(`[avisos-mensajes] ${e.message}`);
        return 0;
      })
      .then((n) => {
        if (!stopped) timer = setTimeout(tick, n === POR_RONDA ? 0 : everyMs).unref();
      });
  };
  timer = setTimeout(tick, everyMs).unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
