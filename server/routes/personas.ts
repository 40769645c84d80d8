import type { AppContext } from '../context.js';
import { Endpoints } from '../endpoints.js';
import { exigirPasoAdicional } from '../auth/paso-adicional.js';
import { HttpError, parseWith } from '../http.js';
import { isPgError, type Queryable } from '../db/db.js';
import { mergePersona, personaInputSchema, type Persona, type PersonaInput } from '../../domain/persona.js';
import { normalizeIdentifier } from '../../domain/identifiers.js';
import { personas } from '../../api/personas.js';
import {
  canReadFull,
  createPersona,
  getPersona,
  listOwned,
  storedPersona,
  toPersona,
  withoutLinks,
  type PersonaRow,
  personaNotFound,
  updatePersona,
} from '../services/personas.js';
import { tienePermiso } from '../services/permisos.js';

/** Whether a body of PUT /persona/{id} names an e-mail other than the persona's. */
async function cambiaEmail(db: Queryable, id: string, body: unknown): Promise<boolean> {
  const email = body && typeof body === 'object' ? (body as { email?: unknown }).email : undefined;
  if (typeof email !== 'string') return false;
  const { rows } = await db.query<{ email: string | null }>('select email from servicios.personas where id = $1', [id]);
  return (rows[0]?.email ?? '').trim().toLowerCase() !== email.trim().toLowerCase();
}

/** POST /persona (and /clients, legacy POST /clientes): the new record, validated, belongs to the caller. */
export async function createPersonaAs(db: Queryable, viewer: string, input: PersonaInput): Promise<Persona> {
  try {
    return await createPersona(db, viewer, input);
  } catch (e) {
    // a token whose persona no longer exists cannot own anything
    if (isPgError(e) && e.code === '23503') throw new HttpError(401, 'Sesión no válida');
    throw e;
  }
}

/**
 * PUT /persona/{id} (and legacy PUT /clientes/{id}): needs actualizar_ficha (self and owner have it).
 * A field left out of the body is kept and an explicit null clears it (mergePersona).
 */
export async function updatePersonaAs(db: Queryable, viewer: string, id: string, body: unknown): Promise<Persona> {
  if (!(await tienePermiso(db, { persona: id, viewer, permiso: 'actualizar_ficha' }))) throw personaNotFound();
  const stored = await storedPersona(db, id);
  if (!stored) throw personaNotFound();
  const input = parseWith(personaInputSchema, mergePersona(withoutLinks(toPersona(stored)), body));
  checkKeyChange(stored, input);
  return updatePersona(db, id, input);
}

/** The kind never changes; a self-registered person signs in with their document, so it never changes either. */
export function checkKeyChange(stored: PersonaRow, input: PersonaInput) {
  if (input.tipoPersona !== stored.tipo_persona) {
    throw new HttpError(400, 'No se puede cambiar el tipo de persona', { tipoPersona: 'No se puede cambiar el tipo de persona' });
  }
  const sameIdentifier =
    input.identificador.tipo === stored.identificador_tipo && input.identificador.numero === stored.identificador_numero;
  if (stored.owner_id === null && !sameIdentifier) {
    const message = 'El identificador de un usuario registrado no se puede cambiar';
    throw new HttpError(400, message, { 'identificador.numero': message });
  }
}

/** One audit row per persona a list disclosed to someone other than its owner. */
async function auditDisclosed(db: Queryable, actor: string, ids: string[]) {
  await db.query(
    `insert into servicios.audit_log (actor, action, entity, entity_id, status)
     select $1, 'read', 'persona', unnest($2::text[]), 200`,
    [actor, ids],
  );
}

/**
 * /persona: read, create and change person records. A person reads and changes themself, what
 * they own, and what a privilegio in force grants; anything else answers 404 so ids cannot be probed.
 */
export function personaRoutes(ctx: AppContext) {
  return new Endpoints(ctx)
    /**
     * The personas owned by {id}, each as the caller may read it one by one; filtered by
     * identificador.tipo / identificador.numero or searched with q; with ?page (and pageSize) one
     * page and its total, without it a plain array of at most SIN_PAGINA (Content-Range and
     * X-Total-Count say when there are more). Records disclosed to someone other than their
     * owner are named in the audit log one by one.
     */
    .serve(personas.listOwned, async (c, { params, query }) => {
      const viewer = c.get('user').id;
      if (!(await canReadFull(ctx.db, viewer, params.ownerId))) throw personaNotFound();
      const tipo = query['identificador.tipo']?.trim().toUpperCase();
      const filters = {
        tipo: tipo === 'DNI' ? 'NIF' : tipo || undefined,
        numero: query['identificador.numero'] ? normalizeIdentifier(query['identificador.numero']) : undefined,
        q: query.q,
        page: query.page,
        pageSize: query.pageSize,
      };
      const list = await listOwned(ctx.db, viewer, params.ownerId, filters);
      if (viewer !== params.ownerId && list.data.length) await auditDisclosed(ctx.db, viewer, list.data.map((p) => p.id));
      if (query.page) return list;
      // the plain array is bounded (SIN_PAGINA): the headers say when there are more, as PostgREST does
      if (list.total > list.data.length) {
        c.header('Content-Range', `0-${list.data.length - 1}/${list.total}`);
        c.header('X-Total-Count', String(list.total));
      }
      return list.data;
    })
    .serve(personas.get, (c, { params }) => getPersona(ctx.db, c.get('user').id, params.id))
    .serve(personas.update, async (c, { params, body }) => {
      const viewer = c.get('user').id;
      if (!(await tienePermiso(ctx.db, { persona: params.id, viewer, permiso: 'actualizar_ficha' }))) throw personaNotFound();
      // a new e-mail: a recent passkey or certificate when the person has one
      if (await cambiaEmail(ctx.db, params.id, body)) await exigirPasoAdicional(ctx.db, c.get('user'));
      return updatePersonaAs(ctx.db, viewer, params.id, body);
    })
    .serve(personas.create, (c, { body }) => createPersonaAs(ctx.db, c.get('user').id, body)).app;
}
