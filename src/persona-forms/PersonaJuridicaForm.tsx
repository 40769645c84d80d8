import { Col, Divider, Form, Input, Row, Select, Typography } from 'antd';
import { JURIDICA_DEFAULTS, juridicaFormSchema, juridicaFormToPersona, type JuridicaForm } from '../../domain/persona-forms';
import { zodRule } from './zod-rule';
import { useCatalogos } from './use-catalogos';
import ContactoDireccionEnvio from './ContactoDireccionEnvio';
import SubidaDocumento from './SubidaDocumento';
import type { PersonaFormProps } from './persona-form-props';
import './persona-forms.css';

const rule = zodRule(juridicaFormSchema);

export type PersonaJuridicaFormProps = PersonaFormProps<JuridicaForm>;

/** 'Datos de Persona Jurídica': identifier (NIF or NIE), company name, deed upload, contact, address. */
export default function PersonaJuridicaForm({ initialValues, personaId, variant, readOnlyFields = [], submitText, busy, onSubmit, actions }: PersonaJuridicaFormProps) {
  const [form] = Form.useForm<JuridicaForm>();
  const { provincias, paises, tiposVia } = useCatalogos();
  const locked = (f: keyof JuridicaForm) => variant === 'completo' && readOnlyFields.includes(f);

  return (
    <Form<JuridicaForm>
      form={form}
      layout="vertical"
      initialValues={{ ...JURIDICA_DEFAULTS, ...initialValues }}
      disabled={busy}
      scrollToFirstError
      onValuesChange={(changed: Partial<JuridicaForm>, all) => {
        if ('tipoIdentificador' in changed && all.numeroIdentificador) {
          form.validateFields(['numeroIdentificador']).catch(() => undefined);
        }
      }}
      onFinish={(values) => onSubmit(juridicaFormToPersona({ ...form.getFieldsValue(true), ...values }))}
    >
      <Typography.Title level={4} className="pf-form-title">
        Datos de Persona Jurídica
      </Typography.Title>

      <Divider orientation="left" orientationMargin={0}>Identificación</Divider>
      <Row gutter={16}>
        <Col xs={24} sm={10} md={8}>
          <Form.Item name="tipoIdentificador" label="Tipo de identificador" rules={[rule]}>
            <Select options={[{ value: 'NIF', label: 'NIF' }, { value: 'NIE', label: 'NIE' }]} disabled={locked('tipoIdentificador')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={14} md={16}>
          <Form.Item name="numeroIdentificador" label="Número de identificador" required rules={[rule]} dependencies={['tipoIdentificador']}>
            <Input disabled={locked('numeroIdentificador')} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="razonSocial" label="Razón social" required rules={[rule]}>
        <Input autoComplete="organization" disabled={locked('razonSocial')} />
      </Form.Item>

      <Divider orientation="left" orientationMargin={0}>Documentos (opcional)</Divider>
      <SubidaDocumento tipo="ESCRITURA_CONSTITUCION" personaId={personaId} />

      <ContactoDireccionEnvio rule={rule} locked={locked} catalogos={{ provincias, paises, tiposVia }} actions={actions} busy={busy} submitText={submitText} />
    </Form>
  );
}
