/**
 * Identity with levels of assurance (issue 30). Registering proves a mailbox only; an account is
 * bound to the person of its document (type and number) only with proof, one row of
 * servicios.identidades (0040_identidad.sql) and an audit row saying how:
 *   invitacion   the PIN went to the address a granter recorded for that document: the admin on an
 *                active staff row (public.personal), a client on a representative's record;
 *   certificado  a qualified certificate with that NIF/NIE (bound by the certificate sign-in);
 *   oficina      staff of a notaría checked the document in person or by video.
 * What someone else granted to a person (staff role, admin, a representation) reaches an account
 * only once it is bound: the access token (sessions.ts) and RLS (public.cuenta_probada) both ask here.
 */
import type { Queryable } from '../db/db.js';
import type { Usuario } from './users.js';
import type { IdentidadDto as Identidad, MetodoPrueba } from '../../domain/identidad.js';

export type { MetodoPrueba };
/** What /perfil shows: how far the account is proven, how, when and by whom (domain/identidad.ts). */
export type { Identidad };

/**
 * Binds the account to its document by proof (latest proof wins), records it in the audit log
 * (entity 'identidad', detalle = method and origin) and gives the person the representations
 * clients recorded for that document before they had an account. Call inside the transaction
 * of the sign-in or change that proved it.
 */
export async function bindDocumento(
  tx: Queryable,
  usuarioId: string,
  metodo: MetodoPrueba,
  porUsuarioId?: string,
  detalle?: string,
): Promise<void> {
  await tx.query(
    `insert into servicios.identidades (usuario_id, metodo, detalle, probado_por) values ($1, $2, $3, $4)
     on conflict (usuario_id) do update
       set metodo = excluded.metodo, detalle = excluded.detalle, probado_por = excluded.probado_por, probado_at = now()`,
    [usuarioId, metodo, detalle ?? null, porUsuarioId ?? null],
  );
  await tx.query(
    `insert into servicios.audit_log (actor, action, entity, entity_id, status, detalle)
     select coalesce((select persona_id from servicios.usuarios where id = $2), u.persona_id), 'update', 'identidad', u.persona_id::text, 200, $3
       from servicios.usuarios u where u.id = $1`,
    [usuarioId, porUsuarioId ?? null, detalle ? `${metodo}: ${detalle}` : metodo],
  );
  await recibirRepresentaciones(tx, usuarioId);
}

/**
 * The representations clients recorded for this document on a record of their own (named before
 * the person had an account) now point to the proven person. A pair that already has a privilegio
 * keeps it; a person never represents themselves.
 */
async function recibirRepresentaciones(tx: Queryable, usuarioId: string): Promise<void> {
  await tx.query(
    `update servicios.privilegios p set persona_receptora_id = u.persona_id, updated_at = now()
       from servicios.usuarios u, servicios.personas r
      where u.id = $1 and p.persona_receptora_id = r.id
        and r.owner_id is not null and r.tipo_persona = 'FISICA'
        and r.identificador_tipo = u.tipo_documento and r.identificador_numero = u.numero_documento
        and p.persona_otorgante_id <> u.persona_id
        and not exists (select 1 from servicios.privilegios q
                         where q.persona_otorgante_id = p.persona_otorgante_id and q.persona_receptora_id = u.persona_id)`,
    [usuarioId],
  );
}

/** True when the account is bound to its document by proof (and not displaced by its owner). */
export async function documentoProbado(db: Queryable, usuarioId: string): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from servicios.identidades i join servicios.usuarios u on u.id = i.usuario_id
      where i.usuario_id = $1 and u.desplazado_at is null`,
    [usuarioId],
  );
  return rows.length > 0;
}

/**
 * The invitation a PIN sent to `email` accepts for this document, or null: an active staff row
 * the admin recorded with this document and address, or a representative's record a client made
 * with them. Returns the origin for the audit row ('personal 8', 'representante').
 */
export async function invitacionPara(
  db: Queryable,
  doc: Pick<Usuario, 'tipoDocumento' | 'numeroDocumento'>,
  email: string,
): Promise<string | null> {
  const { rows } = await db.query<{ origen: string }>(
    `select 'personal ' || id as origen from public.personal
      where is_active and tipo_documento = $1 and numero_documento = upper($2) and lower(email) = lower($3)
     union all
     select 'representante' from servicios.personas r
      where r.owner_id is not null and r.tipo_persona = 'FISICA'
        and r.identificador_tipo = $1 and r.identificador_numero = $2 and lower(r.email) = lower($3)
        and exists (select 1 from servicios.privilegios p where p.persona_receptora_id = r.id)
     limit 1`,
    [doc.tipoDocumento, doc.numeroDocumento, email],
  );
  return rows[0]?.origen ?? null;
}

/**
 * A registration or sign-in whose PIN went to `usuario.email` accepts the invitation recorded for
 * that address, if any: the account is bound. Nothing happens for an account already proven.
 */
export async function aceptarInvitacion(tx: Queryable, usuario: Usuario): Promise<boolean> {
  if (await documentoProbado(tx, usuario.id)) return false;
  const origen = await invitacionPara(tx, usuario, usuario.email);
  if (!origen) return false;
  await bindDocumento(tx, usuario.id, 'invitacion', undefined, origen);
  return true;
}

/** What /perfil shows: how far the account is proven, how, when and by whom. */
export async function identidadDe(db: Queryable, usuarioId: string): Promise<Identidad> {
  const { rows } = await db.query<{ metodo: MetodoPrueba; detalle: string | null; probadoAt: Date; probadoPor: string | null }>(
    `select i.metodo, i.detalle, i.probado_at as "probadoAt",
            nullif(trim(concat_ws(' ', p.nombre, p.primer_apellido, p.segundo_apellido)), '') as "probadoPor"
       from servicios.identidades i join servicios.usuarios u on u.id = i.usuario_id
       left join servicios.usuarios s on s.id = i.probado_por
       left join servicios.personas p on p.id = s.persona_id
      where i.usuario_id = $1 and u.desplazado_at is null`,
    [usuarioId],
  );
  const r = rows[0];
  if (!r) return { nivel: 'correo' };
  return {
    nivel: 'probada',
    metodo: r.metodo,
    ...(r.detalle ? { detalle: r.detalle } : {}),
    probadoAt: new Date(r.probadoAt).toISOString(),
    ...(r.probadoPor ? { probadoPor: r.probadoPor } : {}),
  };
}
