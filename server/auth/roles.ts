import type { Db, Queryable } from '../db/db.js';
import type { AppRole } from './jwt.js';
import type { Usuario } from './users.js';

/** A role an account holds (servicios.usuario_roles); staff roles of a notaría come later. */
export type Rol = 'cliente' | 'admin';

/** The origin of the admin roles granted from ADMIN_DOCUMENTS, so a start can withdraw them. */
const CONFIGURACION = 'ADMIN_DOCUMENTS';

/** 'NIF:00000000T': the form ADMIN_DOCUMENTS entries are compared in (type and number). */
export const documentKey = (u: { tipoDocumento: string; numeroDocumento: string }) =>
  `${u.tipoDocumento}:${u.numeroDocumento.toUpperCase()}`;

/**
 * Makes the admin roles granted by configuration match ADMIN_DOCUMENTS, at every start: the
 * accounts it names (type and number both) get the role, the ones it no longer names lose it.
 * Roles granted otherwise are left alone. One transaction.
 */
export async function syncAdminRoles(db: Db, adminDocuments: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `delete from servicios.usuario_roles r using servicios.usuarios u
        where r.usuario_id = u.id and r.rol = 'admin' and r.origen = $2
          and not (u.tipo_documento || ':' || upper(u.numero_documento) = any ($1::text[]))`,
      [adminDocuments, CONFIGURACION],
    );
    await tx.query(
      `insert into servicios.usuario_roles (usuario_id, rol, origen)
       select id, 'admin', $2 from servicios.usuarios
        where tipo_documento || ':' || upper(numero_documento) = any ($1::text[])
       on conflict do nothing`,
      [adminDocuments, CONFIGURACION],
    );
  });
}

/** Grants the admin role to an account ADMIN_DOCUMENTS names (one registered after the start). */
export async function grantConfiguredAdmin(db: Queryable, usuario: Usuario, adminDocuments: string[]): Promise<void> {
  if (!adminDocuments.includes(documentKey(usuario))) return;
  await db.query(
    `insert into servicios.usuario_roles (usuario_id, rol, origen) values ($1, 'admin', $2) on conflict do nothing`,
    [usuario.id, CONFIGURACION],
  );
}

/** The roles an account holds now, from the database. */
export async function rolesOf(db: Queryable, usuarioId: string): Promise<Rol[]> {
  const { rows } = await db.query<{ rol: Rol }>(
    'select distinct rol from servicios.usuario_roles where usuario_id = $1 order by rol',
    [usuarioId],
  );
  return rows.map((r) => r.rol);
}

/** The token's app_role (read by RLS policies and the portal) from the account's roles. */
export const appRoleOf = (roles: Rol[]): AppRole => (roles.includes('admin') ? 'admin' : 'assistant');
