import type { Queryable } from '../db/db.js';
import type { Mail } from '../mail.js';
import { ETIQUETA_ESTADO, type EstadoExpediente } from '../../domain/despacho.js';

/**
 * The notices and their Spanish templates. A template says only what its recipient (the case's
 * client) may see anyway: their own name, the case's title, the notaría, what changed and the
 * office's words to them. No other person's data, no document contents.
 */
export type Notificacion =
  | { tipo: 'expediente-estado'; expedienteId: string; estado: EstadoExpediente; motivo?: string | null }
  | { tipo: 'acto-devuelto'; actoId: string; comentario: string };

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
};
