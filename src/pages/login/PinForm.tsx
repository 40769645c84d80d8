import type { ReactNode } from 'react';
import { Button, Form, Input, Space } from 'antd';

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
    <Form layout="vertical" onFinish={props.onSubmit} requiredMark={false}>
      <p className="login-text">{props.intro}</p>
      <Form.Item
        label="Código PIN"
        htmlFor="login-pin"
        validateStatus={props.error ? 'error' : undefined}
        help={props.error ?? undefined}
      >
        <Input
          id="login-pin"
          value={props.pin}
          onChange={(e) => props.onPin(e.target.value.replace(/\D/g, '').slice(0, 6))}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          autoFocus
          size="large"
          aria-required
          aria-invalid={!!props.error}
          className="login-pin"
        />
      </Form.Item>
      <Space direction="vertical" style={{ width: '100%', marginTop: 8 }}>
        <Button type="primary" htmlType="submit" block size="large" loading={props.busy} disabled={props.busy}>
          {props.busy ? props.busyLabel : props.submitLabel}
        </Button>
        <Button block size="large" onClick={props.onBack} disabled={props.busy}>
          Volver
        </Button>
      </Space>
    </Form>
  );
}
