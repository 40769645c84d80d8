import type { ReactNode } from 'react';
import type { Persona, PersonaPayload } from '../../../domain/persona';
import { personaToForm } from '../../../domain/persona-forms';
import PersonaFisicaForm from '../../persona-forms/PersonaFisicaForm';
import PersonaJuridicaForm from '../../persona-forms/PersonaJuridicaForm';

const IDENTIFICADOR_BLOQUEADO = ['tipoIdentificador', 'numeroIdentificador'] as const;

/**
 * The full form of a record, filled with what is stored; its document type and number stay
 * locked. Loaded when 'Editar' is pressed, with the forms' selects, date pickers and schemas.
 */
export default function EditarFicha({ persona, personaId, busy, onSubmit, actions }: { persona: Persona; personaId: string; busy: boolean; onSubmit: (datos: PersonaPayload) => void; actions: ReactNode }) {
  const comun = { variant: 'completo', personaId, submitText: 'Guardar cambios', busy, onSubmit, actions } as const;
  return persona.tipoPersona === 'FISICA' ? (
    <PersonaFisicaForm {...comun} readOnlyFields={[...IDENTIFICADOR_BLOQUEADO]} initialValues={personaToForm(persona)} />
  ) : (
    <PersonaJuridicaForm {...comun} readOnlyFields={[...IDENTIFICADOR_BLOQUEADO]} initialValues={personaToForm(persona)} />
  );
}
