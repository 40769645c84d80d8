import { useState } from 'react';
import { Button, Form, Input, Space } from 'antd';

/** Step 'registration': the e-mail of a first-time user; 'Enviar' asks for a registration PIN. */
export default function RegistrationStep(props: {
  email: string;
  emailError: string | null;
  busy: boolean;
  onEmail: (email: string) => void;
  onSubmit: () => void;
  onBack: () => void;
}) {
  const [left, setLeft] = useState(false);
  const [tried, setTried] = useState(false);
  const showError = !!props.emailError && (left || tried);
  return (
    <Form
      layout="vertical"
      requiredMark={false}
      onFinish={() => {
        setTried(true);
        props.onSubmit();
      }}
    >
      <p className="login-text">Usuario no registrado. Introduce tu email para completar el registro.</p>
      <Form.Item label="Email" htmlFor="login-email" validateStatus={showError ? 'error' : undefined} help={showError ? props.emailError : undefined}>
        <Input
          id="login-email"
          type="email"
          value={props.email}
          onChange={(e) => props.onEmail(e.target.value)}
          onBlur={() => setLeft(true)}
          placeholder="nombre@dominio.es"
          autoComplete="email"
          autoFocus
          size="large"
          aria-required
          aria-invalid={showError}
        />
      </Form.Item>
      <Space direction="vertical" style={{ width: '100%', marginTop: 8 }}>
        <Button type="primary" htmlType="submit" block size="large" loading={props.busy} disabled={props.busy}>
          {props.busy ? 'Enviando...' : 'Enviar'}
        </Button>
        <Button block size="large" onClick={props.onBack} disabled={props.busy}>
          Volver
        </Button>
      </Space>
    </Form>
  );
}
