/**
 * Identity proofs (server/auth/identidad.ts), mounted at /identidad of the services API:
 *   GET  /identidad                        the caller's own level (shown on /perfil)
 *   GET  /identidad/persona/{id}           a client's level, for staff of a notaría the client is linked to
 *   POST /identidad/persona/{id}/verificacion {forma}   staff mark the account verified at the office
 *   POST /identidad/invitacion/personal/{id}            the admin invites a staff row ('Invitar')
 *   GET  /identidad/conflictos             documents whose proven owner displaced an earlier account
 * Anyone else gets 404, as for a record that does not exist.
 */
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/db.js';
import { Endpoints } from '../endpoints.js';
import type { SessionUser } from '../auth/middleware.js';
import { HttpError, notFound } from '../http.js';
import { bindDocumento, identidadDe } from '../auth/identidad.js';
import { staffNotarias } from '../auth/staff.js';
import { identidad } from '../../api/identidad.js';
import type { ConflictoIdentidadDto } from '../../domain/identidad.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NO_ENCONTRADA = 'Persona no encontrada';

/** The live account of a persona, or null. */
async function usuarioDe(db: Queryable, personaId: string): Promise<{ id: string } | null> {
  if (!UUID.test(personaId)) return null;
  const { rows } = await db.query<{ id: string }>(
    'select id from servicios.usuarios where persona_id = $1 and desplazado_at is null',
    [personaId],
  );
  return rows[0] ?? null;
}

/**
 * The account of a client the caller works for: staff of a notaría the persona is linked to
 * (servicios.persona_notaria) or where the persona has a case, or an admin. 404 for anyone else
 * and for personas without account.
 */
async function clienteDeLaOficina(db: Queryable, user: SessionUser, personaId: string): Promise<{ id: string }> {
  const usuario = await usuarioDe(db, personaId);
  if (!usuario) throw notFound(NO_ENCONTRADA);
  if (user.appRole === 'admin') return usuario;
  const notarias = staffNotarias(user);
  if (!notarias.length) throw notFound(NO_ENCONTRADA);
  // a client of the office: signed in at one of its notarías, or with a case there
  const { rows } = await db.query(
    `select 1 from public.notarias n
      where n.id = any ($2::bigint[])
        and (exists (select 1 from servicios.persona_notaria pn where pn.persona_id = $1 and pn.notaria_id = n.idint)
             or exists (select 1 from servicios.expedientes e where e.persona_id = $1 and e.notaria_id = n.idint))
      limit 1`,
    [personaId, notarias],
  );
  if (!rows.length) throw notFound(NO_ENCONTRADA);
  return usuario;
}

export function identidadRoutes(ctx: AppContext) {
  return new Endpoints(ctx)
    .serve(identidad.getOwn, async (c) => {
      const usuario = await usuarioDe(ctx.db, c.get('user').id);
      return usuario ? identidadDe(ctx.db, usuario.id) : { nivel: 'correo' as const };
    })
    .serve(identidad.getOfPersona, async (c, { params }) => {
      const usuario = await clienteDeLaOficina(ctx.db, c.get('user'), params.id);
      return identidadDe(ctx.db, usuario.id);
    })
    .serve(identidad.verify, async (c, { params, body }) => {
      const user = c.get('user');
      const usuario = await clienteDeLaOficina(ctx.db, user, params.id);
      const staff = await usuarioDe(ctx.db, user.id);
      if (!staff) throw notFound(NO_ENCONTRADA);
      await ctx.db.transaction((tx) => bindDocumento(tx, usuario.id, 'oficina', staff.id, body.forma));
      return identidadDe(ctx.db, usuario.id);
    })
    .serve(identidad.invitePersonal, async (_c, { params }) => {
      const { id } = params;
      if (!/^[0-9]{1,18}$/.test(id)) throw notFound('Miembro del personal no encontrado');
      const { rows } = await ctx.db.query<{ name: string; email: string; tipo: string | null; numero: string | null; notaria: string }>(
        `select p.name, p.email, p.tipo_documento as tipo, p.numero_documento as numero, n.nombre as notaria
           from public.personal p join public.notarias n on n.id = p.notaria_id where p.id = $1 and p.is_active`,
        [id],
      );
      const fila = rows[0];
      if (!fila) throw notFound('Miembro del personal no encontrado');
      if (!fila.tipo || !fila.numero) {
        throw new HttpError(400, 'Indique el documento del miembro del personal antes de invitarle');
      }
      await ctx.mailer.send({
        to: fila.email,
        subject: 'Invitación al Portal Notarial',
        text:
          `Hola, ${fila.name}:\n\n` +
          `Le invitamos a trabajar en el Portal Notarial como personal de ${fila.notaria}.\n` +
          `Regístrese (o acceda, si ya tiene cuenta) con su ${fila.tipo} ${fila.numero} y esta dirección de correo: ` +
          'el código PIN que le enviaremos aquí confirma que es usted.\n\n' +
          'Si no esperaba esta invitación, ignore este mensaje.',
      });
      return { message: 'Invitación enviada', email: fila.email };
    })
    .serve(identidad.listConflictos, async (c) => {
      const user = c.get('user');
      const { rows } = await ctx.db.query<ConflictoIdentidadDto & { desplazadoAt: Date | string }>(
        `select d.tipo_documento as "tipoDocumento", d.numero_documento as "numeroDocumento",
                d.persona_id as "personaAnterior", a.persona_id as "personaActual", d.desplazado_at as "desplazadoAt"
           from servicios.usuarios d left join servicios.usuarios a on a.id = d.desplazado_por
          where d.desplazado_at is not null
            and ($1::boolean or exists (
                  select 1 from servicios.persona_notaria pn join public.notarias n on n.idint = pn.notaria_id
                   where pn.persona_id in (d.persona_id, a.persona_id) and n.id = any ($2::bigint[]))
                 or exists (select 1 from public.personal s
                   where s.tipo_documento = d.tipo_documento and s.numero_documento = d.numero_documento
                     and s.notaria_id = any ($2::bigint[])))
          order by d.desplazado_at desc limit 100`,
        [user.appRole === 'admin', staffNotarias(user)],
      );
      return rows;
    }).app;
}
