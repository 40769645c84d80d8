import type { Queryable } from '../db/db.js';
import type { Mail } from '../mail.js';
import { ETIQUETA_ESTADO, type EstadoExpediente } from '../../domain/despacho-rules.js';

/**
 * The notices and their Spanish templates. A template says only what its recipient (the case's
 * client) may see anyway: their own name, the case's title, the notaría, what changed and the
 * office's words to them. No other person's data, no document contents.
 */
export type Notificacion =
  | { tipo: 'expediente-estado'; expedienteId: string; estado: EstadoExpediente; motivo?: string | null }
  | { tipo: 'acto-devuelto'; actoId: string; comentario: string }
  | { tipo: 'documento-listo'; documentoId: string }
  | { tipo: 'copia-tramitada'; copiaId: string }
  | { tipo: 'mensaje-sin-leer'; expedienteId: string; lado: 'CLIENTE' | 'NOTARIA'; cuantos: number };

type Plantillas = { [K in Notificacion['tipo']]: (db: Queryable, n: Extract<Notificacion, { tipo: K }>) => Promise<Mail | null> };

/** Who a case's notices go to and what they may say about it. */
export interface DestinoExpediente {
  email: string;
  nombre: string;
  titulo: string;
  notaria: string;
}

/**
 * The client of a case as a notice's recipient: the persona's own e-mail, else their account's,
 * else (a persona without an account of their own, e.g. a company) that of the account that owns
 * it. Null when there is nobody to write to.
 */
export async function destinoDeExpediente(db: Queryable, expedienteId: string): Promise<DestinoExpediente | null> {
  const { rows } = await db.query<{ email: string | null; nombre: string; titulo: string; notaria: string }>(
    `select coalesce(nullif(btrim(p.email), ''), u.email, du.email) as email,
            case when p.tipo_persona = 'JURIDICA' then coalesce(nullif(btrim(p.razon_social), ''), 'cliente')
                 else coalesce(nullif(btrim(p.nombre), ''), 'cliente') end as nombre,
            e.titulo, coalesce(n.nombre, 'Notaría') as notaria
       from servicios.expedientes e
       join servicios.personas p on p.id = e.persona_id
       left join servicios.usuarios u on u.persona_id = p.id
       left join servicios.usuarios du on du.persona_id = p.owner_id
       left join public.notarias n on n.idint = e.notaria_id
      where e.id = $1
      limit 1`,
    [expedienteId],
  );
  const r = rows[0];
  return r?.email ? { email: r.email, nombre: r.nombre, titulo: r.titulo, notaria: r.notaria } : null;
}

/** The office of a case as a notice's recipient (the client's unread messages): the notaría's address. */
async function notariaDeExpediente(db: Queryable, expedienteId: string): Promise<{ email: string; notaria: string; titulo: string } | null> {
  const { rows } = await db.query<{ email: string | null; notaria: string; titulo: string }>(
    `select nullif(btrim(n.email), '') as email, coalesce(n.nombre, 'Notaría') as notaria, e.titulo
       from servicios.expedientes e left join public.notarias n on n.idint = e.notaria_id where e.id = $1`,
    [expedienteId],
  );
  const r = rows[0];
  return r?.email ? { email: r.email, notaria: r.notaria, titulo: r.titulo } : null;
}

const ETIQUETA_COPIA: Record<string, string> = { SIMPLE: 'copia simple', AUTORIZADA: 'copia autorizada' };

const pie = (notaria: string) => ['', 'Puede consultarlo en el portal de la notaría.', '', 'Un saludo,', notaria].join('\n');

export const PLANTILLAS: Plantillas = {
  async 'expediente-estado'(db, n) {
    const d = await destinoDeExpediente(db, n.expedienteId);
    if (!d) return null;
    return {
      to: d.email,
      subject: `Su expediente está ${ETIQUETA_ESTADO[n.estado].toLowerCase()} - ${d.notaria}`,
      text: [
        `Hola, ${d.nombre}:`,
        '',
        `Su expediente «${d.titulo}» ha pasado al estado ${ETIQUETA_ESTADO[n.estado]}.`,
        ...(n.motivo ? ['', `Motivo: ${n.motivo}`] : []),
        pie(d.notaria),
      ].join('\n'),
    };
  },

  async 'acto-devuelto'(db, n) {
    const { rows } = await db.query<{ expediente_id: string; titulo: string }>('select expediente_id, titulo from servicios.actos where id = $1', [n.actoId]);
    if (!rows[0]) return null;
    const d = await destinoDeExpediente(db, rows[0].expediente_id);
    if (!d) return null;
    return {
      to: d.email,
      subject: `Revise un acto de su expediente - ${d.notaria}`,
      text: [
        `Hola, ${d.nombre}:`,
        '',
        `La notaría le ha devuelto el acto «${rows[0].titulo}» de su expediente «${d.titulo}» para que lo revise y lo envíe de nuevo.`,
        '',
        'Comentario de la notaría:',
        n.comentario,
        pie(d.notaria),
      ].join('\n'),
    };
  },

  async 'documento-listo'(db, n) {
    const { rows } = await db.query<{ expediente_id: string; nombre: string }>('select expediente_id, nombre from servicios.documentos where id = $1', [n.documentoId]);
    if (!rows[0]?.expediente_id) return null;
    const d = await destinoDeExpediente(db, rows[0].expediente_id);
    if (!d) return null;
    return {
      to: d.email,
      subject: `Nuevo documento en su expediente - ${d.notaria}`,
      text: [
        `Hola, ${d.nombre}:`,
        '',
        `La notaría ha añadido el documento «${rows[0].nombre}» a su expediente «${d.titulo}». Puede descargarlo en la pestaña Escrituras del expediente.`,
        pie(d.notaria),
      ].join('\n'),
    };
  },

  async 'copia-tramitada'(db, n) {
    const { rows } = await db.query<{ expediente_id: string; tipo: string; estado: string; motivo_rechazo: string | null }>(
      'select expediente_id, tipo, estado, motivo_rechazo from servicios.copias where id = $1',
      [n.copiaId],
    );
    const c = rows[0];
    if (!c || (c.estado !== 'DISPONIBLE' && c.estado !== 'RECHAZADA')) return null;
    const d = await destinoDeExpediente(db, c.expediente_id);
    if (!d) return null;
    const lista = c.estado === 'DISPONIBLE';
    return {
      to: d.email,
      subject: `${lista ? 'Su copia está disponible' : 'Su solicitud de copia ha sido rechazada'} - ${d.notaria}`,
      text: [
        `Hola, ${d.nombre}:`,
        '',
        lista
          ? `La ${ETIQUETA_COPIA[c.tipo] ?? 'copia'} que solicitó de la escritura de su expediente «${d.titulo}» ya está disponible. Puede descargarla en Copias.`
          : `La notaría ha rechazado su solicitud de ${ETIQUETA_COPIA[c.tipo] ?? 'copia'} de la escritura de su expediente «${d.titulo}».`,
        ...(!lista && c.motivo_rechazo ? ['', `Motivo: ${c.motivo_rechazo}`] : []),
        pie(d.notaria),
      ].join('\n'),
    };
  },

  // a message that waits unread 10 minutes: to the other side; the case, never the message's text
  async 'mensaje-sin-leer'(db, n) {
    const cuantos = n.cuantos === 1 ? 'un mensaje sin leer' : `${n.cuantos} mensajes sin leer`;
    if (n.lado === 'NOTARIA') {
      const d = await destinoDeExpediente(db, n.expedienteId);
      if (!d) return null;
      return {
        to: d.email,
        subject: `Mensaje pendiente en el expediente «${d.titulo}»`,
        text: [`Hola, ${d.nombre}:`, '', `Tiene ${cuantos} de ${d.notaria} en el expediente «${d.titulo}». Ábralo en la pestaña Chat del expediente.`, pie(d.notaria)].join('\n'),
      };
    }
    const o = await notariaDeExpediente(db, n.expedienteId);
    if (!o) return null;
    return {
      to: o.email,
      subject: `Mensaje pendiente en el expediente «${o.titulo}»`,
      text: ['Hola:', '', `Tiene ${cuantos} del cliente en el expediente «${o.titulo}».`, '', 'Ábralo en el Despacho del portal, pestaña Chat del expediente.'].join('\n'),
    };
  },
};
