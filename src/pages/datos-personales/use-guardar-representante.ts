import { useState } from 'react';
import { useDataProvider, useInvalidate } from '@refinedev/core';
import { conBorrados, type Persona } from '../../../domain/persona';
import type { Privilegio } from '../../../domain/representantes';
import {
  representanteFormToPersona,
  representanteFormToPrivilegio,
  type RepresentanteForm,
} from '../../../domain/persona-forms';

/**
 * Saving a representative (spec part 1, section 4).
 * Creating is ONE request, POST /privilegio/representante, one transaction on the server: the
 * person is found by document among the owner's records (only the fields the user filled in are
 * written over it) or among the registered users (linked, never written), or created; then the
 * privilegio is created or updated. A failure writes nothing.
 * Editing: update the persona (a field emptied in the form is sent as null), then the privilegio.
 */
export function useGuardarRepresentante() {
  const dataProvider = useDataProvider();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);

  // every cached persona and privilegio (a detail is only invalidated with its id otherwise)
  const refrescar = async () => {
    await Promise.all(['persona', 'privilegio'].map((resource) => invalidate({ resource, invalidates: ['resourceAll'] })));
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

  /** `rellenados`: the form fields the user filled in (the rest are the form's defaults). */
  const crear = (values: RepresentanteForm, rellenados: readonly string[], ids: { otorganteId: string }) =>
    conEspera(async () => {
      const soloRellenados = Object.fromEntries(rellenados.map((k) => [k, values[k as keyof RepresentanteForm]])) as RepresentanteForm;
      await dataProvider().create({
        resource: 'privilegio',
        meta: { path: '/privilegio/representante' },
        variables: {
          persona: representanteFormToPersona(values),
          rellenados: representanteFormToPersona({ ...soloRellenados, tipoIdentificador: values.tipoIdentificador, numeroIdentificador: values.numeroIdentificador }),
          privilegio: representanteFormToPrivilegio(values, ids.otorganteId),
        },
      });
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
      await dp.update({ resource: 'persona', id: actual.persona.id, variables: conBorrados(actual.persona, persona) });
      await dp.update({
        resource: 'privilegio',
        id: actual.privilegio.id,
        variables: { ...representanteFormToPrivilegio(values, actual.privilegio.personaOtorganteId), personaReceptoraId: actual.privilegio.personaReceptoraId },
      });
    });

  return { crear, editar, busy };
}
