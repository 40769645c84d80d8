import type { Db } from './db/db.js';
import type { Mail, Mailer } from './mail.js';

/**
 * A message of a case's conversation that waits unread for 10 minutes is e-mailed to the other
 * side once: the office's messages to the client (the persona's e-mail, else their account's),
 * the client's to the notaría's address. The e-mail names the case, not the message: the text
 * stays in the portal. Several waiting messages of one case and side make one e-mail.
 */
export const ESPERA_AVISO_MINUTOS = 10;
/** Messages taken per round: a round's cost stays bounded. */
const POR_RONDA = 50;

interface Pendiente {
  expediente_id: string;
  lado: 'CLIENTE' | 'NOTARIA';
  n: number;
  titulo: string;
  email_cliente: string | null;
  email_notaria: string | null;
  notaria: string | null;
}

export function avisoMensajeMail(p: Pendiente): Mail | null {
  const paraCliente = p.lado === 'NOTARIA';
  const to = paraCliente ? p.email_cliente : p.email_notaria;
  if (!to) return null;
  const cuantos = p.n === 1 ? 'un mensaje sin leer' : `${p.n} mensajes sin leer`;
  const de = paraCliente ? `de ${p.notaria ?? 'la notaría'}` : 'del cliente';
  return {
    to,
    subject: `Mensaje pendiente en el expediente «${p.titulo}»`,
    text: [
      'Hola:',
      '',
      `Tiene ${cuantos} ${de} en el expediente «${p.titulo}».`,
      '',
      paraCliente ? 'Entre en el portal de la notaría y abra la pestaña Chat del expediente para leerlo.' : 'Ábralo en el Despacho del portal, pestaña Chat del expediente.',
    ].join('\n'),
  };
}

/** Sends the e-mails of the messages waiting unread; answers how many messages were taken. */
export async function enviarAvisosMensajes(db: Db, mailer: Mailer, log: (m: string) => void): Promise<number> {
  const { rows: tomados } = await db.query<{ id: string; expediente_id: string; lado: 'CLIENTE' | 'NOTARIA' }>(
    `update servicios.mensajes set avisado_en = now() where id in (
       select id from servicios.mensajes
        where leido_en is null and avisado_en is null and creado_en < now() - interval '${ESPERA_AVISO_MINUTOS} minutes'
        order by creado_en limit ${POR_RONDA} for update skip locked)
     returning id, expediente_id, lado`,
  );
  const grupos = new Map<string, { expediente: string; lado: 'CLIENTE' | 'NOTARIA'; ids: string[] }>();
  for (const m of tomados) {
    const k = `${m.expediente_id}:${m.lado}`;
    const g = grupos.get(k) ?? { expediente: m.expediente_id, lado: m.lado, ids: [] };
    g.ids.push(m.id);
    grupos.set(k, g);
  }
  for (const g of grupos.values()) {
    try {
      const { rows } = await db.query<Pendiente>(
        `select e.id as expediente_id, $2::text as lado, $3::int as n, e.titulo,
                coalesce(nullif(p.email, ''), u.email) as email_cliente, n.email as email_notaria, n.nombre as notaria
           from servicios.expedientes e
           join servicios.personas p on p.id = e.persona_id
           left join servicios.usuarios u on u.persona_id = e.persona_id
           left join public.notarias n on n.idint = e.notaria_id
          where e.id = $1 limit 1`,
        [g.expediente, g.lado, g.ids.length],
      );
      const mail = rows[0] && avisoMensajeMail(rows[0]);
      if (mail) await mailer.send(mail);
    } catch (e) {
      log(`[avisos-mensajes] no se pudo avisar del expediente ${g.expediente}: ${(e as Error).message}`);
      // tried again in a later round
      await db.query('update servicios.mensajes set avisado_en = null where id = any($1::uuid[])', [g.ids]).catch(() => undefined);
    }
  }
  return tomados.length;
}

/** Looks for waiting messages every `everyMs` (at once again when a round was full). */
export function startAvisosMensajes(db: Db, mailer: Mailer, log: (m: string) => void, everyMs = 60_000) {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = enviarAvisosMensajes(db, mailer, log)
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
