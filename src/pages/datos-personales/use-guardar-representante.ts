import { useState } from 'react';
import { useDataProvider, useInvalidate, type BaseRecord } from '@refinedev/core';
import type { Persona } from '../../../domain/persona';
import type { Privilegio } from '../../../domain/representantes';
import {
  representanteFormToPersona,
  representanteFormToPrivilegio,
  withoutId,
  type RepresentanteForm,
} from '../../../domain/persona-forms';

/** The service refuses a duplicate persona or privilegio with 403 and code 'persona_exists' / 'privilegio_exists'. */
function yaExiste(e: unknown): boolean {
  const { status, code } = (e ?? {}) as { status?: number; code?: string };
  return status === 403 || code === 'persona_exists' || code === 'privilegio_exists';
}

/**
 * Saving a representative (spec part 1, section 4). Creating: create the persona; if it already
 * exists under the owner, find it by identifier and update it. Then create the privilegio; if it
 * already exists, find it among the privilegios the receptor received and update it.
 * Editing: update the persona, then the privilegio.
 */
export function useGuardarRepresentante() {
  const dataProvider = useDataProvider();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);

  const refrescar = async () => {
    await Promise.all(
      ['persona', 'privilegio'].map((resource) => invalidate({ resource, invalidates: ['list', 'many', 'detail'] })),
    );
  };

  async function conEspera<T>(fn: () => Promise<T>): Promise<T> {
    setBusy(true);
    try {
      return await fn();
    } finally {
      setBusy(false);
      await refrescar();
    }
  }

  const crear = (values: RepresentanteForm, ids: { ownerId: string; otorganteId: string }) =>
    conEspera(async () => {
      const dp = dataProvider();
      const persona = representanteFormToPersona(values);
      let receptoraId: string;
      try {
        receptoraId = String((await dp.create<Persona & BaseRecord>({ resource: 'persona', variables: persona })).data.id);
      } catch (e) {
        if (!yaExiste(e)) throw e;
        const { data } = await dp.getList<Persona & BaseRecord>({
          resource: 'persona',
          meta: { path: `/persona/owner/${ids.ownerId}` },
          filters: [
            { field: 'identificador.tipo', operator: 'eq', value: persona.identificador.tipo },
            { field: 'identificador.numero', operator: 'eq', value: persona.identificador.numero },
          ],
          pagination: { mode: 'off' },
        });
        const existente = data[0];
        if (!existente) throw e;
        await dp.update({ resource: 'persona', id: existente.id, variables: persona });
        receptoraId = existente.id;
      }

      const privilegio = { ...representanteFormToPrivilegio(values, ids.otorganteId), personaReceptoraId: receptoraId };
      try {
        await dp.create({ resource: 'privilegio', variables: privilegio });
      } catch (e) {
        if (!yaExiste(e)) throw e;
        const { data } = await dp.getList<Privilegio & BaseRecord>({
          resource: 'privilegio',
          meta: { path: `/privilegio/recibidos/${receptoraId}` },
          pagination: { mode: 'off' },
        });
        const existente = data.find((p) => p.personaOtorganteId === ids.otorganteId);
        if (!existente) throw e;
        await dp.update({ resource: 'privilegio', id: existente.id, variables: withoutId(privilegio) });
      }
    });

  const editar = (values: RepresentanteForm, actual: { persona: Persona; privilegio: Privilegio }) =>
    conEspera(async () => {
      const dp = dataProvider();
      // the identifier is not editable here: keep the stored one
      const persona = representanteFormToPersona({
        ...values,
        tipoIdentificador: actual.persona.identificador.tipo,
        numeroIdentificador: actual.persona.identificador.numero,
      });
      await dp.update({ resource: 'persona', id: actual.persona.id, variables: persona });
      await dp.update({
        resource: 'privilegio',
        id: actual.privilegio.id,
        variables: { ...representanteFormToPrivilegio(values, actual.privilegio.personaOtorganteId), personaReceptoraId: actual.privilegio.personaReceptoraId },
      });
    });

  return { crear, editar, busy };
}
