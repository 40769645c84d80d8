/** Data access for privilegios (schema servicios): rows ↔ the API's camelCase records. */
import type { Queryable } from '../db/db.js';
import { isPgError } from '../db/db.js';
import { HttpError } from '../http.js';
import type { Privilegio, PrivilegioInput, PrivilegioUpdate } from '../../domain/representantes.js';
import { PERMISOS_FORMULARIO } from '../../domain/representantes-rules.js';

/** camelCase permission → column ('permisoLeerFicha' → 'permiso_leer_ficha'). */
const column = (campo: string) => campo.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const PERMISO_CAMPOS = [...PERMISOS_FORMULARIO.map((p) => p.campo), 'permisoCrearPrivilegio'] as const;

const COLUMNS = `id, persona_otorgante_id, persona_receptora_id, tipo_privilegio,
  to_char(fecha_inicio_relacion, 'YYYY-MM-DD') as fecha_inicio_relacion,
  to_char(fecha_fin_relacion, 'YYYY-MM-DD') as fecha_fin_relacion, modificable,
  ${PERMISO_CAMPOS.map(column).join(', ')}`;

type Row = Record<string, unknown> & {
  id: string;
  persona_otorgante_id: string;
  persona_receptora_id: string;
  tipo_privilegio: Privilegio['tipoPrivilegio'];
  fecha_inicio_relacion: string;
  fecha_fin_relacion: string | null;
  modificable: boolean;
};

export function toPrivilegio(row: Row): Privilegio {
  const permisos = Object.fromEntries(PERMISO_CAMPOS.map((c) => [c, row[column(c)] === true]));
  return {
    id: row.id,
    fechaInicioRelacion: row.fecha_inicio_relacion,
    ...(row.fecha_fin_relacion ? { fechaFinRelacion: row.fecha_fin_relacion } : {}),
    tipoPrivilegio: row.tipo_privilegio,
    personaOtorganteId: row.persona_otorgante_id,
    personaReceptoraId: row.persona_receptora_id,
    modificable: row.modificable,
    ...(permisos as Omit<Privilegio, 'id' | 'fechaInicioRelacion' | 'fechaFinRelacion' | 'tipoPrivilegio' | 'personaOtorganteId' | 'personaReceptoraId' | 'modificable'>),
  };
}

export async function listPrivilegios(db: Queryable, by: 'otorgante' | 'receptora', personaId: string): Promise<Privilegio[]> {
  const { rows } = await db.query<Row>(
    `select ${COLUMNS} from servicios.privilegios where persona_${by}_id = $1 order by fecha_inicio_relacion desc, created_at desc`,
    [personaId],
  );
  return rows.map(toPrivilegio);
}

export async function findPrivilegio(db: Queryable, id: string): Promise<Privilegio | null> {
  const { rows } = await db.query<Row>(`select ${COLUMNS} from servicios.privilegios where id = $1`, [id]);
  return rows[0] ? toPrivilegio(rows[0]) : null;
}

const editable = (p: PrivilegioUpdate) => [
  p.tipoPrivilegio,
  p.fechaInicioRelacion,
  p.fechaFinRelacion ?? null,
  p.modificable,
  ...PERMISO_CAMPOS.map((c) => p[c] === true),
];

const EDITABLE_COLUMNS = ['tipo_privilegio', 'fecha_inicio_relacion', 'fecha_fin_relacion', 'modificable', ...PERMISO_CAMPOS.map(column)];

export async function createPrivilegio(db: Queryable, createdBy: string, p: PrivilegioInput): Promise<Privilegio> {
  const params = [p.personaOtorganteId, p.personaReceptoraId, createdBy, ...editable(p)];
  try {
    const { rows } = await db.query<Row>(
      `insert into servicios.privilegios (persona_otorgante_id, persona_receptora_id, created_by, ${EDITABLE_COLUMNS.join(', ')})
       values (${params.map((_, i) => `$${i + 1}`).join(', ')})
       returning ${COLUMNS}`,
      params,
    );
    return toPrivilegio(rows[0]);
  } catch (e) {
    // one privilegio per pair of persons: the portal then looks it up and updates it
    if (isPgError(e) && e.code === '23505') throw new HttpError(403, 'Ya existe un privilegio entre estas personas', undefined, 'privilegio_exists');
    throw e;
  }
}

export async function updatePrivilegio(db: Queryable, id: string, p: PrivilegioUpdate): Promise<Privilegio> {
  const params = [id, ...editable(p)];
  const { rows } = await db.query<Row>(
    `update servicios.privilegios set ${EDITABLE_COLUMNS.map((c, i) => `${c} = $${i + 2}`).join(', ')}, updated_at = now()
      where id = $1 returning ${COLUMNS}`,
    params,
  );
  return toPrivilegio(rows[0]);
}
