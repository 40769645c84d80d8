import type { TestServer } from './server';

/**
 * The people around one case that authorization tests ask about, inserted straight into a fresh
 * database: its client (ana), another client (otro), a representative who may read ana's cases
 * (lector) and one who may not (sinPermiso), staff of the case's notaría 1 (staff) and of notaría 2
 * (staffOtra), and an admin; with a token for each.
 */
export const REPARTO = ['ana', 'otro', 'lector', 'sinPermiso', 'staff', 'staffOtra', 'admin'] as const;
export type Papel = (typeof REPARTO)[number];

export async function insertarPersona(s: TestServer, nombre: string, nif: string, ownerId: string | null = null) {
  const { rows } = await s.ctx.db.query<{ id: string }>(
    `insert into servicios.personas (owner_id, tipo_persona, identificador_numero, nombre, primer_apellido, fecha_nacimiento, estado_civil)
     values ($1, 'FISICA', $2, $3, 'Prueba', '1980-05-17', 'CASADO') returning id`,
    [ownerId, nif, nombre],
  );
  return rows[0].id;
}

/** A GENERAL privilege from otorgante to receptor with the given permisos (e.g. 'leer_expedientes'). */
export async function insertarPrivilegio(s: TestServer, otorgante: string, receptor: string, permisos: string[], fin: string | null = null) {
  const cols = permisos.map((p) => `permiso_${p}`);
  await s.ctx.db.query(
    `insert into servicios.privilegios (persona_otorgante_id, persona_receptora_id, tipo_privilegio, fecha_inicio_relacion, fecha_fin_relacion${cols.map((c) => `, ${c}`).join('')})
     values ($1, $2, 'GENERAL', '2020-01-01', $3${cols.map(() => ', true').join('')})`,
    [otorgante, receptor, fin],
  );
}

export async function reparto(s: TestServer): Promise<{ ids: Record<Papel, string>; tokens: Record<Papel, string> }> {
  const ids = {
    ana: await insertarPersona(s, 'Ana', '12345678Z'),
    otro: await insertarPersona(s, 'Otro', '87654321X'),
    lector: await insertarPersona(s, 'Lector', '44444444A'),
    sinPermiso: await insertarPersona(s, 'Sin Permiso', '55555555K'),
    staff: await insertarPersona(s, 'Lucía', '11111111H'),
    staffOtra: await insertarPersona(s, 'Jordi', '22222222J'),
    admin: await insertarPersona(s, 'Admin', '00000000T'),
  };
  await insertarPrivilegio(s, ids.ana, ids.lector, ['leer_expedientes', 'leer_actos']);
  await insertarPrivilegio(s, ids.ana, ids.sinPermiso, ['leer_ficha_reducida']);
  const tokens = {
    ana: await s.token(ids.ana),
    otro: await s.token(ids.otro),
    lector: await s.token(ids.lector),
    sinPermiso: await s.token(ids.sinPermiso),
    staff: await s.token(ids.staff, 'assistant', [1]),
    staffOtra: await s.token(ids.staffOtra, 'assistant', [2]),
    admin: await s.token(ids.admin, 'admin'),
  };
  return { ids, tokens };
}
