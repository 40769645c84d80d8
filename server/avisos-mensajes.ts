import type { Db } from './db/db.js';
import { notificar } from './notificaciones/index.js';

/**
 * A message of a case's conversation that waits unread for 10 minutes is e-mailed to the other
 * side once ('mensaje-sin-leer' of the notifications module): the office's messages to the client,
 * the client's to the notaría's address. The e-mail names the case, not the message. Several
 * waiting messages of one case and side make one e-mail. Taking the messages and queueing their
 * notices is one transaction: a failure takes nothing.
 */
export const ESPERA_AVISO_MINUTOS = 10;
/** Messages taken per round: a round's cost stays bounded. */
const POR_RONDA = 50;

/** Queues the notices of the messages waiting unread; answers how many messages were taken. */
export async function enviarAvisosMensajes(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ expediente_id: string; lado: 'CLIENTE' | 'NOTARIA' }>(
      `update servicios.mensajes set avisado_en = now() where id in (
         select id from servicios.mensajes
          where leido_en is null and avisado_en is null and creado_en < now() - interval '${ESPERA_AVISO_MINUTOS} minutes'
          order by creado_en limit ${POR_RONDA} for update skip locked)
       returning expediente_id, lado`,
    );
    const grupos = new Map<string, { expedienteId: string; lado: 'CLIENTE' | 'NOTARIA'; cuantos: number }>();
    for (const m of rows) {
      const k = `${m.expediente_id}:${m.lado}`;
      const g = grupos.get(k) ?? { expedienteId: m.expediente_id, lado: m.lado, cuantos: 0 };
      g.cuantos++;
      grupos.set(k, g);
    }
    for (const g of grupos.values()) await notificar(tx, { tipo: 'mensaje-sin-leer', ...g });
    return rows.length;
  });
}

/** Looks for waiting messages every `everyMs` (at once again when a round was full). */
export function startAvisosMensajes(db: Db, log: (m: string) => void, everyMs = 60_000) {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = enviarAvisosMensajes(db)
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
