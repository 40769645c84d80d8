/**
 * A representative in one operation: the receiving person found by their document (or created)
 * and the privilegio granted to them, in ONE transaction, so a failure writes nothing.
 *
 * Who the document names, in this order:
 *  1. a record the caller created: only the fields the user filled in are written over it;
 *  2. a person whose account is bound to the document by proof (auth/identidad.ts): linked as they
 *     are, their record is never written and nothing of it is answered (the caller learns no more
 *     than the document they typed);
 *  3. nobody, or only an account that typed the document (its mailbox proven, not its person): a
 *     new record owned by the caller, with the e-mail the caller gave. Whoever registers or signs
 *     in with a PIN sent to that address is bound to the document and receives the representation
 *     (bindDocumento); the account that typed it gets nothing.
 */
import type { Db, Queryable } from '../db/db.js';
import { HttpError, parseWith } from '../http.js';
import { mergePersona, personaInputSchema, type PersonaInput } from '../../domain/persona.js';
import type { Privilegio } from '../../domain/representantes.js';
import { MENSAJES_PRIVILEGIO } from '../../domain/representantes-rules.js';
import { createPersona, PERSONA_COLUMNS, toPersona, updatePersona, withoutLinks, type PersonaRow } from './personas.js';
import { createPrivilegio, updatePrivilegio } from './personas-privilegios.js';

type PrivilegioSinReceptora = Omit<Parameters<typeof createPrivilegio>[2], 'personaReceptoraId'>;

export interface RepresentanteInput {
  persona: unknown;
  rellenados?: unknown;
  privilegio: PrivilegioSinReceptora;
}

const mismaPersona = () =>
  new HttpError(400, MENSAJES_PRIVILEGIO.mismaPersona, { numeroIdentificador: MENSAJES_PRIVILEGIO.mismaPersona });

/** The persona is an account's, bound to its document by proof and not displaced by its owner. */
const CUENTA_PROBADA = `exists (select 1 from servicios.usuarios u join servicios.identidades i on i.usuario_id = u.id
                                where u.persona_id = p.id and u.desplazado_at is null)`;

async function porDocumento(tx: Queryable, where: string, params: unknown[]): Promise<PersonaRow | null> {
  const { rows } = await tx.query<PersonaRow>(
    `select ${PERSONA_COLUMNS} from servicios.personas p
      where p.identificador_tipo = $1 and p.identificador_numero = $2 and ${where}
      order by p.created_at limit 1 for update`,
    params,
  );
  return rows[0] ?? null;
}

/** The receiving person's id; writes the caller's own record only with the filled-in fields. */
async function receptora(tx: Queryable, viewer: string, otorgante: string, body: RepresentanteInput): Promise<string> {
  const persona: PersonaInput = parseWith(personaInputSchema, body.persona);
  if (persona.tipoPersona !== 'FISICA') throw new HttpError(400, 'Un representante es una persona física', { tipoPersona: 'Un representante es una persona física' });
  const documento = [persona.identificador.tipo, persona.identificador.numero];

  const propia = await porDocumento(tx, 'p.owner_id = $3', [...documento, viewer]);
  if (propia) {
    if (propia.id === otorgante) throw mismaPersona();
    const cambios = parseWith(personaInputSchema, mergePersona(withoutLinks(toPersona(propia)), body.rellenados ?? body.persona));
    await updatePersona(tx, propia.id, cambios);
    return propia.id;
  }
  const registrada = await porDocumento(tx, `p.owner_id is null and ${CUENTA_PROBADA}`, documento);
  if (registrada) {
    if (registrada.id === otorgante) throw mismaPersona();
    return registrada.id;
  }
  return (await createPersona(tx, viewer, persona)).id;
}

/** Creates or updates the privilegio otorgante → receptora; a non-modificable one is refused. */
async function otorgar(tx: Queryable, viewer: string, receptoraId: string, p: PrivilegioSinReceptora): Promise<{ privilegio: Privilegio; creado: boolean }> {
  const { rows } = await tx.query<{ id: string; modificable: boolean }>(
    'select id, modificable from servicios.privilegios where persona_otorgante_id = $1 and persona_receptora_id = $2 for update',
    [p.personaOtorganteId, receptoraId],
  );
  const existente = rows[0];
  if (!existente) return { privilegio: await createPrivilegio(tx, viewer, { ...p, personaReceptoraId: receptoraId }), creado: true };
  if (!existente.modificable) throw new HttpError(403, 'Este privilegio no es modificable');
  return { privilegio: await updatePrivilegio(tx, existente.id, { ...p, personaReceptoraId: receptoraId }), creado: false };
}

/** The whole operation; the caller has checked that the viewer manages the granting person. */
export function guardarRepresentante(db: Db, viewer: string, body: RepresentanteInput) {
  return db.transaction(async (tx) => otorgar(tx, viewer, await receptora(tx, viewer, body.privilegio.personaOtorganteId, body), body.privilegio));
}
