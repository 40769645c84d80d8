/**
 * Data access for personas (schema servicios). Visibility is decided in SQL by
 * servicios.tiene_permiso (server/db/migrations/0001_personas.sql): the person themself, the
 * owner of the record, or a privilegio in force with the permission.
 */
import type { Queryable } from '../db/db.js';
import { isPgError } from '../db/db.js';
import { HttpError, SIN_PAGINA } from '../http.js';
import { dropEmpty, type EstadoCivil, type Genero, type Persona, type PersonaInput, type PersonaPayload, type RegimenEconomico } from '../../domain/persona.js';
import { linkTo } from '../../api/endpoint.js';
import { personas } from '../../api/personas.js';
import { privilegios } from '../../api/privilegios.js';

/** full: the whole record; reduced: names and identifier only; null: not visible (404). */
export type Access = 'full' | 'reduced' | null;

export interface PersonaRow {
  id: string;
  owner_id: string | null;
  tipo_persona: 'FISICA' | 'JURIDICA';
  identificador_tipo: string;
  identificador_numero: string;
  nombre: string | null;
  primer_apellido: string | null;
  segundo_apellido: string | null;
  genero: Genero | null;
  fecha_nacimiento: string | null;
  estado_civil: EstadoCivil | null;
  regimen_economico: RegimenEconomico | null;
  profesion: string | null;
  razon_social: string | null;
  email: string | null;
  telefono: string | null;
  direccion: Record<string, string> | null;
  access?: Access;
}

export const PERSONA_COLUMNS = `p.id, p.owner_id, p.tipo_persona, p.identificador_tipo, p.identificador_numero, p.nombre,
  p.primer_apellido, p.segundo_apellido, p.genero, to_char(p.fecha_nacimiento, 'YYYY-MM-DD') as fecha_nacimiento,
  p.estado_civil, p.regimen_economico, p.profesion, p.razon_social, p.email, p.telefono, p.direccion`;

/**
 * The caller's access to p.id; $1 is the viewer. The person themself and the owner of the record
 * have every permission in tiene_permiso (its first two cases); testing them on the row first
 * spares the function calls in the common case (a third of the cost of GET /persona/{id}).
 */
const ACCESS = `case
    when p.id = $1 then 'full'
    -- blocked by an accepted erasure (LOPDGDD art. 32): to everybody else it does not exist
    when p.bloqueada_en is not null then null
    when p.owner_id = $1 then 'full'
    when servicios.tiene_permiso(p.id, $1, 'leer_ficha') or servicios.tiene_permiso(p.id, $1, 'actualizar_ficha') then 'full'
    when servicios.tiene_permiso(p.id, $1, 'leer_ficha_reducida') then 'reduced'
  end as access`;

export const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

export const personaNotFound = () => new HttpError(404, 'Persona no encontrada');

/** The links of a record: to itself and to what the API answers about it. */
export function personaLinks(id: string): Persona['links'] {
  const self = linkTo(personas.get, { id });
  return {
    self,
    // a link the record has always carried, which no endpoint answers (the identity images are the persona's documentos)
    archivoDni: `${self}/archivoDni`,
    personaNotarias: linkTo(personas.listNotarias, { idPersona: id }),
    privilegiosOtorgados: linkTo(privilegios.listGranted, { personaOtorganteId: id }),
    privilegiosRecibidos: linkTo(privilegios.listReceived, { personaReceptoraId: id }),
  };
}

/** Row → API record; with reduced access only the names and the identifier. */
export function toPersona(row: PersonaRow, access: Exclude<Access, null> = 'full'): Persona {
  const base = {
    id: row.id,
    tipoPersona: row.tipo_persona,
    identificador: { tipo: row.identificador_tipo, numero: row.identificador_numero },
    nombre: row.nombre,
    primerApellido: row.primer_apellido,
    segundoApellido: row.segundo_apellido,
    razonSocial: row.razon_social,
  };
  if (access === 'reduced') {
    return dropEmpty({ ...base, links: { self: linkTo(personas.get, { id: row.id }) }, fichaReducida: true }) as Persona;
  }
  return dropEmpty({
    ...base,
    email: row.email,
    telefono: row.telefono,
    direccion: row.direccion ?? {},
    genero: row.genero,
    fechaNacimiento: row.fecha_nacimiento,
    estadoCivil: row.estado_civil,
    regimenEconomico: row.regimen_economico,
    profesion: row.profesion,
    links: personaLinks(row.id),
  }) as Persona;
}

/** The persona with the viewer's access, or null when it does not exist or is not visible. */
export async function findVisiblePersona(db: Queryable, viewer: string, id: string): Promise<(PersonaRow & { access: Access }) | null> {
  if (!isUuid(id) || !isUuid(viewer)) return null;
  const { rows } = await db.query<PersonaRow & { access: Access }>(
    `select ${PERSONA_COLUMNS}, ${ACCESS} from servicios.personas p where p.id = $2`,
    [viewer, id],
  );
  const row = rows[0];
  return row && row.access ? row : null;
}

/** A persona the viewer may read, as the API answers it; 404 otherwise. */
export async function getPersona(db: Queryable, viewer: string, id: string): Promise<Persona> {
  const row = await findVisiblePersona(db, viewer, id);
  if (!row?.access) throw personaNotFound();
  return toPersona(row, row.access);
}

/** Full read: the person, the owner, or leer_ficha / actualizar_ficha in force. */
export async function canReadFull(db: Queryable, viewer: string, persona: string): Promise<boolean> {
  return (await findVisiblePersona(db, viewer, persona))?.access === 'full';
}

/** The person themself or the owner of the record: may grant and change its privilegios. */
export async function canManage(db: Queryable, viewer: string, persona: string): Promise<boolean> {
  if (!isUuid(viewer) || !isUuid(persona)) return false;
  const { rows } = await db.query<{ ok: boolean }>(
    `select exists (select 1 from servicios.personas where id = $1 and (id = $2 or owner_id = $2)) as ok`,
    [persona, viewer],
  );
  return rows[0]?.ok === true;
}

export interface OwnedFilters {
  tipo?: string;
  numero?: string;
  /** name, surnames, razón social or document: accents and case ignored */
  q?: string;
  /** with page, one page of pageSize (default 20, at most 100) and the total */
  page?: number;
  pageSize?: number;
}

/** lower() and without the Spanish accents: the same folding on both sides of a search. */
export const sinAcentos = (sql: string) => `translate(lower(${sql}), 'áéíóúüñàèìòùâêîôûç', 'aeiouunaeiouaeiouc')`;
const foldText = (v: string) => v.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/**
 * The personas created by ownerId, as viewer may read each one (the owner: all of them, whole;
 * anyone else, e.g. a representative of the owner: only those they may read one by one, each
 * whole or reduced), optionally by identifier or a search, in name order.
 */
export async function listOwned(
  db: Queryable,
  viewer: string,
  ownerId: string,
  filters: OwnedFilters = {},
): Promise<{ data: Persona[]; total: number }> {
  return listReadable(db, [viewer, ownerId], 'p.owner_id = $2', filters);
}

/**
 * The caller's clients (GET /clients): the personas they created and those whose privilegio names
 * them, each as they may read it (one no longer in force is left out), the caller themself not.
 */
export async function listClients(
  db: Queryable,
  viewer: string,
  filters: OwnedFilters & { tipoPersona?: 'FISICA' | 'JURIDICA' } = {},
): Promise<{ data: Persona[]; total: number }> {
  let where = `p.id <> $1 and (p.owner_id = $1
    or p.id in (select persona_otorgante_id from servicios.privilegios where persona_receptora_id = $1))`;
  const params: unknown[] = [viewer];
  if (filters.tipoPersona) {
    params.push(filters.tipoPersona);
    where += ` and p.tipo_persona = $${params.length}`;
  }
  return listReadable(db, params, where, filters);
}

/** The personas of `base` (its parameters first, $1 the viewer) the viewer may read, filtered, in name order. */
async function listReadable(
  db: Queryable,
  baseParams: unknown[],
  base: string,
  filters: OwnedFilters,
): Promise<{ data: Persona[]; total: number }> {
  const params = [...baseParams];
  let where = base;
  if (filters.tipo) {
    params.push(filters.tipo);
    where += ` and p.identificador_tipo = $${params.length}`;
  }
  if (filters.numero) {
    params.push(filters.numero);
    where += ` and p.identificador_numero = $${params.length}`;
  }
  if (filters.q?.trim()) {
    params.push(`%${foldText(filters.q.trim()).replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const nombre = `concat_ws(' ', p.razon_social, p.nombre, p.primer_apellido, p.segundo_apellido, p.identificador_numero)`;
    where += ` and ${sinAcentos(nombre)} like $${params.length}`;
  }
  // never the whole list: without ?page, the first SIN_PAGINA rows (the total says how many more)
  const size = filters.page ? Math.min(Math.max(filters.pageSize ?? 20, 1), 100) : SIN_PAGINA;
  params.push(size, ((filters.page ?? 1) - 1) * size);
  const limit = ` limit $${params.length - 1} offset $${params.length}`;
  const { rows } = await db.query<PersonaRow & { access: Access; total: string | number }>(
    `select v.*, count(*) over () as total from (
       select ${PERSONA_COLUMNS}, ${ACCESS} from servicios.personas p where ${where}
     ) v where v.access is not null
      order by coalesce(v.razon_social, concat_ws(' ', v.nombre, v.primer_apellido, v.segundo_apellido)), v.identificador_numero${limit}`,
    params,
  );
  return { data: rows.map((r) => toPersona(r, r.access as Exclude<Access, null>)), total: rows.length ? Number(rows[0].total) : 0 };
}

function values(input: PersonaInput) {
  const p = input as PersonaInput & Partial<Record<'nombre' | 'primerApellido' | 'segundoApellido' | 'genero' | 'fechaNacimiento' | 'estadoCivil' | 'regimenEconomico' | 'profesion' | 'razonSocial', string>>;
  return [
    p.tipoPersona,
    p.identificador.tipo,
    p.identificador.numero,
    p.nombre ?? null,
    p.primerApellido ?? null,
    p.segundoApellido ?? null,
    p.genero ?? null,
    p.fechaNacimiento ?? null,
    p.estadoCivil ?? null,
    p.regimenEconomico ?? null,
    p.profesion ?? null,
    p.razonSocial ?? null,
    p.email ?? null,
    p.telefono ?? null,
    JSON.stringify(p.direccion ?? {}),
  ];
}

/** A client's record cannot take the document a registered user signs in with (trigger of 0011). */
export const MENSAJE_DOCUMENTO_REGISTRADO =
  'Ese documento pertenece a un usuario registrado del portal: no se puede crear otra ficha con él. Para darle acceso, añádalo como representante.';

/** Unique violations as the portal reads them: a registered user's document (409), or the same identifier twice under one owner (403, code persona_exists). */
function duplicate(e: unknown): never {
  if (isPgError(e) && e.code === '23505' && e.constraint === 'personas_documento_registrado') {
    throw new HttpError(409, MENSAJE_DOCUMENTO_REGISTRADO, { 'identificador.numero': MENSAJE_DOCUMENTO_REGISTRADO });
  }
  if (isPgError(e) && e.code === '23505') {
    throw new HttpError(403, 'Ya existe una persona con ese identificador', undefined, 'persona_exists');
  }
  throw e;
}

export async function createPersona(db: Queryable, ownerId: string, input: PersonaInput): Promise<Persona> {
  try {
    const { rows } = await db.query<PersonaRow>(
      `insert into servicios.personas as p (owner_id, tipo_persona, identificador_tipo, identificador_numero, nombre,
          primer_apellido, segundo_apellido, genero, fecha_nacimiento, estado_civil, regimen_economico, profesion,
          razon_social, email, telefono, direccion)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16::jsonb)
       returning ${PERSONA_COLUMNS}`,
      [ownerId, ...values(input)],
    );
    return toPersona(rows[0]);
  } catch (e) {
    duplicate(e);
  }
}

/** Writes every field of the record from a whole, validated input (PUT merges first); id and owner stay. */
export async function updatePersona(db: Queryable, id: string, input: PersonaInput): Promise<Persona> {
  try {
    const { rows } = await db.query<PersonaRow>(
      `update servicios.personas as p set tipo_persona = $2, identificador_tipo = $3, identificador_numero = $4,
          nombre = $5, primer_apellido = $6, segundo_apellido = $7, genero = $8, fecha_nacimiento = $9,
          estado_civil = $10, regimen_economico = $11, profesion = $12, razon_social = $13, email = $14,
          telefono = $15, direccion = $16::jsonb, updated_at = now()
        where p.id = $1
        returning ${PERSONA_COLUMNS}`,
      [id, ...values(input)],
    );
    return toPersona(rows[0]);
  } catch (e) {
    duplicate(e);
  }
}

/** The stored record of a persona, whatever the caller's access (for the rules of PUT). */
export async function storedPersona(db: Queryable, id: string): Promise<PersonaRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await db.query<PersonaRow>(`select ${PERSONA_COLUMNS} from servicios.personas p where p.id = $1`, [id]);
  return rows[0] ?? null;
}

/** The record as a body: without id, links and the access flag. */
export function withoutLinks(p: Persona): PersonaPayload {
  const { id, links, fichaReducida, ...rest } = p;
  void [id, links, fichaReducida];
  return rest;
}
