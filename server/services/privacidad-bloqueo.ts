import type { Queryable } from '../db/db.js';

/** Said in the answer to an accepted erasure when the person has cases: the protocol is blocked, not destroyed. */
export const NOTA_PROTOCOLO =
  'Los datos que forman parte del protocolo notarial (las escrituras y los expedientes en los que se otorgaron) no pueden destruirse: ' +
  'la legislación notarial obliga a conservarlos. Quedan bloqueados: nadie de la notaría puede consultarlos y solo se pondrán a disposición ' +
  'de jueces, tribunales y autoridades que lo requieran por ley.';

export const NOTA_BLOQUEO =
  'Sus datos quedan bloqueados (artículo 32 de la LOPDGDD): dejan de tratarse y se destruirán al terminar los plazos legales de conservación.';

/**
 * An accepted erasure (LOPDGDD art. 32): the person's persona and the personas they own are
 * blocked, in the caller's transaction. Returns what the answer must add.
 */
export async function bloquearPorSupresion(db: Queryable, persona: string): Promise<string> {
  const { rows } = await db.query<{ expedientes: number }>(
    `with bloqueadas as (
       update servicios.personas set bloqueada_en = coalesce(bloqueada_en, now())
        where id = $1 or owner_id = $1 returning id
     )
     select (select count(*)::int from servicios.expedientes e where e.persona_id in (select id from bloqueadas)) as expedientes`,
    [persona],
  );
  return rows[0].expedientes > 0 ? `${NOTA_BLOQUEO}\n\n${NOTA_PROTOCOLO}` : NOTA_BLOQUEO;
}
