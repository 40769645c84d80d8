import { useState } from 'react';
import Boton from './Boton';
import type { TipoDocumento } from '../../../domain/identifiers';
import { LOGIN_MENSAJES } from '../../../domain/login-rules';
import Field, { inputProps } from './Field';
import { useNotariaOptions } from './use-notaria-options';

const TIPOS: { value: TipoDocumento; label: string }[] = [
  { value: 'NIF', label: 'NIF' },
  { value: 'NIE', label: 'NIE' },
  { value: 'PASAPORTE', label: 'Pasaporte' },
];

/** Step 'initial': document type and number and the notary office; 'Acceder' asks for a PIN. */
export default function InitialStep(props: {
  tipo: TipoDocumento;
  numero: string;
  notaria: string | undefined;
  documentError: string | null;
  busy: boolean;
  onTipo: (tipo: TipoDocumento) => void;
  onNumero: (numero: string) => void;
  onNotaria: (notaria: string) => void;
  onSubmit: () => void;
}) {
  const { options, loading } = useNotariaOptions();
  // The number's error shows once the number looks complete or the field was left; it disables 'Acceder' at once.
  const [left, setLeft] = useState(false);
  const error = props.documentError && (left || props.numero.trim().length >= 9) ? props.documentError : null;
  const disabled = props.busy || !!props.documentError || !props.numero.trim() || !props.notaria;
  const placeholder = loading ? 'Cargando...' : options.length ? 'Seleccione una notaría' : 'No hay notarías';

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!disabled) props.onSubmit();
      }}
    >
      <Field id="login-tipo" label="Tipo de documento">
        <select id="login-tipo" className="login-select" value={props.tipo} onChange={(e) => props.onTipo(e.target.value as TipoDocumento)}>
          {TIPOS.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id="login-numero"
        label="Número de documento"
        error={error}
        extra={props.tipo === 'PASAPORTE' ? LOGIN_MENSAJES.pistaPasaporte : undefined}
      >
        <input
          id="login-numero"
          value={props.numero}
          onChange={(e) => props.onNumero(e.target.value.toUpperCase())}
          onBlur={() => setLeft(true)}
          placeholder={props.tipo === 'NIE' ? 'X1234567L' : props.tipo === 'NIF' ? '12345678Z' : undefined}
          autoComplete="off"
          autoFocus
          aria-required
          {...inputProps('login-numero', error)}
        />
      </Field>
      <Field id="login-notaria" label="Notaría">
        <select
          id="login-notaria"
          className="login-select"
          value={props.notaria ?? ''}
          onChange={(e) => props.onNotaria(e.target.value)}
          aria-required
          aria-busy={loading}
        >
          <option value="" disabled>
            {placeholder}
          </option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </Field>
      <Boton type="primary" htmlType="submit" block size="large" loading={props.busy} disabled={disabled}>
        {props.busy ? 'Procesando...' : 'Acceder'}
      </Boton>
    </form>
  );
}
