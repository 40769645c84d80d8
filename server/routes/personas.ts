/**
 * /persona: read, create and change person records (spec part 1, section 7).
 * A person reads and changes themself, what they own, and what a privilegio in force grants;
 * anything else answers 404 so ids cannot be probed.
 */
import { Hono } from 'hono';
import type { AppContext } from '../context.js';
import { requireUser, type AuthEnv } from '../auth/middleware.js';
import { HttpError, parseWith, readJson, json } from '../http.js';
import { isPgError, type Queryable } from '../db/db.js';
import { personaInputSchema, type Persona } from '../../domain/persona.js';
import { normalizeIdentifier } from '../../domain/identifiers.js';
import {
  canReadFull,
  createPersona,
  getPersona,
  hasPermission,
  listOwned,
  personaKey,
  personaNotFound,
  updatePersona,
} from '../services/personas.js';

/** POST /persona (and legacy POST /clientes): the new record belongs to the caller. */
export async function createPersonaAs(db: Queryable, viewer: string, body: unknown): Promise<Persona> {
  const input = parseWith(personaInputSchema, body);
  try {
    return await createPersona(db, viewer, input);
  } catch (e) {
    // a token whose persona no longer exists cannot own anything
    if (isPgError(e) && e.code === '23503') throw new HttpError(401, 'Sesión no válida');
    throw e;
  }
}

/** PUT /persona/{id} (and legacy PUT /clientes/{id}): needs actualizar_ficha (self and owner have it). */
export async function updatePersonaAs(db: Queryable, viewer: string, id: string, body: unknown): Promise<Persona> {
  if (!(await hasPermission(db, viewer, id, 'actualizar_ficha'))) throw personaNotFound();
  const stored = await personaKey(db, id);
  if (!stored) throw personaNotFound();
  const input = parseWith(personaInputSchema, body);
  if (input.tipoPersona !== stored.tipo_persona) {
    throw new HttpError(400, 'No se puede cambiar el tipo de persona', { tipoPersona: 'No se puede cambiar el tipo de persona' });
  }
  const sameIdentifier =
    input.identificador.tipo === stored.identificador_tipo && input.identificador.numero === stored.identificador_numero;
  // a self-registered person signs in with this document: changing it would lock them out
  if (stored.owner_id === null && !sameIdentifier) {
    const message = 'El identificador de un usuario registrado no se puede cambiar';
    throw new HttpError(400, message, { 'identificador.numero': message });
  }
  return updatePersona(db, id, input);
}

export function personaRoutes(ctx: AppContext) {
  const app = new Hono<AuthEnv>();
  app.use('*', requireUser(ctx));

  // The personas owned by {id}, filtered by identificador.tipo / identificador.numero.
  app.get('/owner/:id', async (c) => {
    const viewer = c.get('user').id;
    const id = c.req.param('id');
    if (!(await canReadFull(ctx.db, viewer, id))) throw personaNotFound();
    const tipo = c.req.query('identificador.tipo')?.trim().toUpperCase();
    const numero = c.req.query('identificador.numero');
    return json(c,
      await listOwned(ctx.db, id, {
        tipo: tipo === 'DNI' ? 'NIF' : tipo || undefined,
        numero: numero ? normalizeIdentifier(numero) : undefined,
      }),
    );
  });

  app.get('/:id', async (c) => json(c, await getPersona(ctx.db, c.get('user').id, c.req.param('id'))));

  app.put('/:id', async (c) => {
    const viewer = c.get('user').id;
    const id = c.req.param('id');
    if (!(await hasPermission(ctx.db, viewer, id, 'actualizar_ficha'))) throw personaNotFound();
    return json(c, await updatePersonaAs(ctx.db, viewer, id, await readJson(c)));
  });

  app.post('/', async (c) => json(c, await createPersonaAs(ctx.db, c.get('user').id, await readJson(c)), 201));

  return app;
}
