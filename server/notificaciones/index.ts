import type { Db, Queryable } from '../db/db.js';
import type { Mail, Mailer } from '../mail.js';
import { enviarAvisosCitas } from './citas.js';
import { PLANTILLAS, type Notificacion } from './plantillas.js';

/**
 * E-mails to the client about their cases: one module for every notice of the portal.
 *
 * - `notificar(db, notificacion)`: renders the Spanish template of the notice (plantillas.ts) for
 *   its recipient and queues it (app_meta.notificaciones) in the caller's transaction, so a change
 *   rolled back tells nobody. A notice whose recipient has no e-mail is dropped.
 * - `startNotificaciones(db, mailer, log)`: the sender, started once by the server; every second
 *   it sends what is queued here and the appointment notices the database queues by itself
 *   (app_meta.avisos_citas, ./citas.ts), a few at a time; a mail that fails is tried again later.
 *
 * A new kind of notice: add its variant to `Notificacion` and its template to PLANTILLAS.
 */
export type { Notificacion } from './plantillas.js';

export async function notificar(db: Queryable, n: Notificacion): Promise<boolean> {
  const render = PLANTILLAS[n.tipo] as (db: Queryable, n: Notificacion) => Promise<Mail | null>;
  const mail = await render(db, n);
  if (!mail) return false;
  await db.query(
    'insert into app_meta.notificaciones (tipo, destinatario, asunto, texto, adjuntos) values ($1, $2, $3, $4, $5::jsonb)',
    [n.tipo, mail.to, mail.subject, mail.text, JSON.stringify(mail.attachments ?? [])],
  );
  return true;
}

/** Items sent per round: a round's cost stays bounded whatever the queue holds. */
const POR_RONDA = 20;
/** A mail that failed this many times stays in the queue, no longer tried (the log said why). */
const MAX_INTENTOS = 10;

/** Sends up to POR_RONDA queued notices; answers how many were taken. */
export async function enviarPendientes(db: Db, mailer: Mailer, log: (m: string) => void): Promise<number> {
  const { rows } = await db.query<{ id: number; tipo: string; destinatario: string; asunto: string; texto: string; adjuntos: Mail['attachments']; intentos: number }>(
    `select id, tipo, destinatario, asunto, texto, adjuntos, intentos from app_meta.notificaciones
      where intentos < ${MAX_INTENTOS} order by id limit ${POR_RONDA}`,
  );
  for (const r of rows) {
    // claimed before sending: two server instances never send one notice twice
    const claimed = await db.query('delete from app_meta.notificaciones where id = $1', [r.id]);
    if (!claimed.rowCount) continue;
    try {
      await mailer.send({ to: r.destinatario, subject: r.asunto, text: r.texto, attachments: r.adjuntos?.length ? r.adjuntos : undefined });
    } catch (e) {
      log(`[notificaciones] no se pudo enviar la notificación ${r.id}: ${(e as Error).message}`);
      await db
        .query(
          `insert into app_meta.notificaciones (tipo, destinatario, asunto, texto, adjuntos, intentos)
           values ($1, $2, $3, $4, $5::jsonb, $6)`,
          [r.tipo, r.destinatario, r.asunto, r.texto, JSON.stringify(r.adjuntos ?? []), Number(r.intentos) + 1],
        )
        .catch(() => undefined);
    }
  }
  return rows.length;
}

/** Sends every queued e-mail (notices and appointments) every `everyMs`, at once when a round was full. */
export function startNotificaciones(db: Db, mailer: Mailer, log: (m: string) => void, everyMs = 1_000) {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = Promise.all([
      enviarAvisosCitas(db, mailer, log).catch((e: Error) => (log(`[avisos-citas] ${e.message}`), 0)),
      enviarPendientes(db, mailer, log).catch((e: Error) => (log(`[notificaciones] ${e.message}`), 0)),
    ]).then(([a, b]) => {
      if (!stopped) timer = setTimeout(tick, a === POR_RONDA || b === POR_RONDA ? 0 : everyMs).unref();
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
