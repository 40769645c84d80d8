import { useState } from 'react';
import Boton from './Boton';
import { registroEmailError } from '../../../domain/registro-email';
import Field, { inputProps } from './Field';
import CapaBasica from './CapaBasica';

/** Step 'registration': the e-mail of a first-time user; 'Enviar' asks for a registration PIN. */
export default function RegistrationStep(props: {
  email: string;
  /** The notaría chosen at the first step (externalidnotaria): the controller of the data. */
  notaria?: string;
  busy: boolean;
  onEmail: (email: string) => void;
  onSubmit: (emailValido: boolean) => void;
  onBack: () => void;
}) {
  const [left, setLeft] = useState(false);
  const [tried, setTried] = useState(false);
  const emailError = registroEmailError(props.email);
  const error = emailError && (left || tried) ? emailError : null;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (props.busy) return;
        setTried(true);
        props.onSubmit(!emailError);
      }}
    >
      <p className="login-text">Usuario no registrado. Introduce tu email para completar el registro.</p>
      <Field id="login-email" label="Email" error={error}>
        <input
          id="login-email"
          type="email"
          value={props.email}
          onChange={(e) => props.onEmail(e.target.value)}
          onBlur={() => setLeft(true)}
          placeholder="nombre@dominio.es"
          autoComplete="email"
          autoFocus
          aria-required
          {...inputProps('login-email', error)}
        />
      </Field>
      <div className="login-actions">
        <Boton type="primary" htmlType="submit" block size="large" loading={props.busy} disabled={props.busy}>
          {props.busy ? 'Enviando...' : 'Enviar'}
        </Boton>
        <Boton block size="large" onClick={props.onBack} disabled={props.busy}>
          Volver
        </Boton>
      </div>
      {/* below the buttons: the form keeps the layout the spec shows, the layer is read before sending */}
      <CapaBasica notaria={props.notaria} />
    </form>
  );
}
