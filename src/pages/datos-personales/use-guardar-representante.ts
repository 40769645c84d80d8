import { useState } from 'react';
import { useCustomMutation, useInvalidate, useUpdate } from '@refinedev/core';
import { conBorrados, type Persona } from '../../../domain/persona';
import type { Privilegio } from '../../../domain/representantes';
import {
  representanteFormToPersona,
  representanteFormToPrivilegio,
  type RepresentanteForm,
} from '../../../domain/persona-forms';
import { serviciosUrl } from '../../../resources/servicios-url';

/**
 * Saving a representative.
 * Creating is ONE request (privilegios' `representante` endpoint), one transaction on the server:
 * the person is found by document among the owner's records (only the fields the user filled in
 * are written over it) or among the registered users (linked, never written), or created; then the
 * privilegio is created or updated. A failure writes nothing.
 * Editing: update the persona (a field emptied in the form is sent as null), then the privilegio.
 * The callers say what went right or wrong: these mutations show no toast of their own.
 */
export function useGuardarRepresentante() {
  const invalidate = useInvalidate();
  const { mutateAsync: enviar } = useCustomMutation();
  const { mutateAsync: actualizar } = useUpdate();
  const [busy, setBusy] = useState(false);
  const callado = { successNotification: false, errorNotification: false } as const;

  // every cached persona and privilegio (a detail is only invalidated with its id otherwise)
  const refrescar = async () => {
    await Promise.all(['personas', 'privilegios'].map((resource) => invalidate({ resource, invalidates: ['resourceAll'] })));
  };

  async function conRefresco<T>(fn: () => Promise<T>): Promise<T> {
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
    conRefresco(async () => {
      const soloRellenados = Object.fromEntries(rellenados.map((k) => [k, values[k as keyof RepresentanteForm]])) as RepresentanteForm;
      await enviar({
        url: serviciosUrl('privilegios', 'representante'),
        method: 'post',
        values: {
          persona: representanteFormToPersona(values),
          rellenados: representanteFormToPersona({ ...soloRellenados, tipoIdentificador: values.tipoIdentificador, numeroIdentificador: values.numeroIdentificador }),
          privilegio: representanteFormToPrivilegio(values, ids.otorganteId),
        },
        ...callado,
      });
    });

  const editar = (values: RepresentanteForm, actual: { persona: Persona; privilegio: Privilegio }) =>
    conRefresco(async () => {
      // the identifier is not editable here: keep the stored one
      const persona = representanteFormToPersona({
        ...values,
        tipoIdentificador: actual.persona.identificador.tipo,
        numeroIdentificador: actual.persona.identificador.numero,
      });
      await actualizar({ resource: 'personas', id: actual.persona.id, values: conBorrados(actual.persona, persona), invalidates: [], ...callado });
      await actualizar({
        resource: 'privilegios',
        id: actual.privilegio.id,
        values: { ...representanteFormToPrivilegio(values, actual.privilegio.personaOtorganteId), personaReceptoraId: actual.privilegio.personaReceptoraId },
        invalidates: [],
        ...callado,
      });
    });

  return { crear, editar, busy };
}
