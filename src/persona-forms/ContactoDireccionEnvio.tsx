import type { ReactNode } from 'react';
import { Button, Col, Divider, Form, Input, Row, Space, type FormRule } from 'antd';
import DireccionFields from './DireccionFields';
import type { useCatalogos } from './use-catalogos';

interface Props {
  rule: FormRule;
  /** Whether a field is read-only in this variant of the form. */
  locked: (field: 'email' | 'telefono') => boolean;
  catalogos: Pick<ReturnType<typeof useCatalogos>, 'tiposVia' | 'provincias' | 'paises'>;
  actions?: ReactNode;
  busy: boolean;
  submitText: string;
}

/** The end both person forms share: contact, the address block and the submit row. */
export default function ContactoDireccionEnvio({ rule, locked, catalogos, actions, busy, submitText }: Props) {
  return (
    <>
      <Divider orientation="left" orientationMargin={0}>Contacto</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="email" label="Email" required rules={[rule]}>
            <Input type="email" autoComplete="email" disabled={locked('email')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="telefono" label="Teléfono" rules={[rule]}>
            <Input type="tel" autoComplete="tel" disabled={locked('telefono')} />
          </Form.Item>
        </Col>
      </Row>

      <Divider orientation="left" orientationMargin={0}>Dirección</Divider>
      <DireccionFields rule={rule} obligatoria {...catalogos} />

      <Space wrap className="pf-actions">
        {actions}
        <Button type="primary" htmlType="submit" loading={busy}>
          {busy ? 'Guardando...' : submitText}
        </Button>
      </Space>
    </>
  );
}
