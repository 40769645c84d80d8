import { useState } from 'react';
import { Button, Form, Input, Select } from 'antd';
import type { TipoDocumento } from '../../domain/identifiers';
import { LOGIN_MENSAJES } from '../../domain/login-rules';
import { useNotariaOptions } from './useNotariaOptions';

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
  const showError = !!props.documentError && (left || props.numero.trim().length >= 9);
  const disabled = props.busy || !!props.documentError || !props.numero.trim() || !props.notaria;

  return (
    <Form layout="vertical" onFinish={props.onSubmit} requiredMark={false}>
      <Form.Item label="Tipo de documento" htmlFor="login-tipo">
        <Select id="login-tipo" value={props.tipo} options={TIPOS} onChange={props.onTipo} size="large" />
      </Form.Item>
      <Form.Item
        label="Número de documento"
        htmlFor="login-numero"
        validateStatus={showError ? 'error' : undefined}
        help={showError ? props.documentError : undefined}
        extra={props.tipo === 'PASAPORTE' ? LOGIN_MENSAJES.pistaPasaporte : undefined}
      >
        <Input
          id="login-numero"
          value={props.numero}
          onChange={(e) => props.onNumero(e.target.value.toUpperCase())}
          onBlur={() => setLeft(true)}
          placeholder={props.tipo === 'NIE' ? 'X1234567L' : props.tipo === 'NIF' ? '12345678Z' : undefined}
          autoComplete="off"
          autoFocus
          size="large"
          aria-required
          aria-invalid={showError}
        />
      </Form.Item>
      <Form.Item label="Notaría" htmlFor="login-notaria">
        <Select
          id="login-notaria"
          value={props.notaria}
          options={options}
          loading={loading}
          onChange={props.onNotaria}
          placeholder="Seleccione una notaría"
          size="large"
          showSearch
          optionFilterProp="label"
          notFoundContent={loading ? 'Cargando...' : 'No hay notarías'}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={props.busy} disabled={disabled}>
        {props.busy ? 'Procesando...' : 'Acceder'}
      </Button>
    </Form>
  );
}
