import type { ReactNode } from 'react';
import type { PersonaPayload } from '../../domain/persona';

/** The props of both person forms, over their form values F. */
export interface PersonaFormProps<F> {
  initialValues?: F;
  /** 'completo' may lock fields (readOnlyFields); 'limitado' (the creation dialog) never does. */
  variant: 'completo' | 'limitado';
  readOnlyFields?: (keyof F)[];
  submitText: string;
  busy: boolean;
  onSubmit: (persona: PersonaPayload) => void;
  /** The saved persona: its documents (DNI, deed of incorporation) upload into it. */
  personaId?: string;
  /** Buttons beside the submit ('Cambiar Tipo', 'Cancelar'). */
  actions?: ReactNode;
}
