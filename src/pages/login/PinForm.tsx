import type { ReactNode } from 'react';
import Boton from './Boton';
import Field, { inputProps } from './Field';

/** A one-time PIN with its submit and 'Volver' buttons (the pincode and registration-pincode steps). */
export default function PinForm(props: {
  intro: ReactNode;
  pin: string;
  error: string | null;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onPin: (pin: string) => void;
  onSubmit: () => void;
  onBack: () => void;
}) {
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!props.busy) props.onSubmit();
      }}
    >
      <p className="login-text">{props.intro}</p>
      <Field id="login-pin" label="Código PIN" error={props.error}>
        <input
          id="login-pin"
          value={props.pin}
          onChange={(e) => props.onPin(e.target.value.replace(/\D/g, '').slice(0, 6))}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          autoFocus
          aria-required
          {...inputProps('login-pin', props.error, 'login-pin')}
        />
      </Field>
      <div className="login-actions">
        <Boton type="primary" htmlType="submit" block size="large" loading={props.busy} disabled={props.busy}>
          {props.busy ? props.busyLabel : props.submitLabel}
        </Boton>
        <Boton block size="large" onClick={props.onBack} disabled={props.busy}>
          Volver
        </Boton>
      </div>
    </form>
  );
}
