import type { Queryable } from '../db/db.js';
import { normalizeIdentifier } from '../../domain/identifiers.js';
import { PERSONA_COLUMNS, type PersonaRow } from './personas.js';

/**
 * "Find person by NIF" of the act form: the personas the caller may read (servicios.tiene_permiso
 * with 'leer_ficha') whose identifier number matches. Others' personas simply are not found.
 */

export type TipoBusqueda = 'all' | 'fisica' | 'juridica';

/** The look-up's answer: the record plus numeroIdentificador and cif, as the act form reads them. */
function toResult(r: PersonaRow) {
  return {
    id: r.id,
    tipoPersona: r.tipo_persona,
    identificador: { tipo: r.identificador_tipo, numero: r.identificador_numero },
    numeroIdentificador: r.identificador_numero,
    cif: r.tipo_persona === 'JURIDICA' ? r.identificador_numero : null,
    razonSocial: r.razon_social,
    nombre: r.nombre,
    primerApellido: r.primer_apellido,
    segundoApellido: r.segundo_apellido,
    genero: r.genero,
    fechaNacimiento: r.fecha_nacimiento,
    estadoCivil: r.estado_civil,
    regimenEconomico: r.regimen_economico,
    profesion: r.profesion,
    email: r.email,
    telefono: r.telefono,
    direccion: r.direccion ?? {},
  };
}

export async function buscarPersonasPorIdentificador(db: Queryable, viewerId: string, tipo: TipoBusqueda, identificador: string) {
  const numero = normalizeIdentifier(identificador);
  if (!numero || numero.length > 40) return [];
  const tipoPersona = tipo === 'fisica' ? 'FISICA' : tipo === 'juridica' ? 'JURIDICA' : null;
  const { rows } = await db.query<PersonaRow>(
    `select ${PERSONA_COLUMNS}
       from servicios.personas p
      where identificador_numero = $1
        and ($3::text is null or tipo_persona = $3)
        and servicios.tiene_permiso(id, $2::uuid, 'leer_ficha')
      order by (id = $2::uuid) desc, (owner_id = $2::uuid) desc, updated_at desc
      limit 20`,
    [numero, viewerId, tipoPersona],
  );
  return rows.map(toResult);
}
