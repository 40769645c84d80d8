import { Col, Divider, Form, Input, Row, Select, Typography } from 'antd';
import {
  birthDateWarning,
  NATURAL_DEFAULTS,
  naturalFormSchema,
  naturalFormToPersona,
  regimenTrasCambioDeEstadoCivil,
  type NaturalForm,
} from '../../domain/persona-forms';
import { ESTADOS_CIVILES, ETIQUETAS, GENEROS, REGIMENES_ECONOMICOS, TIPOS_IDENTIFICADOR } from '../../domain/persona';
import { zodRule } from './zod-rule';
import { useCatalogos } from './use-catalogos';
import ContactoDireccionEnvio from './ContactoDireccionEnvio';
import FechaInput from './FechaInput';
import SubidaDocumento from './SubidaDocumento';
import { FINALIDAD_DOCUMENTO_IDENTIDAD } from '../../domain/documentos';
import type { PersonaFormProps } from './persona-form-props';
import './persona-forms.css';

const rule = zodRule(naturalFormSchema);
const options = (values: readonly string[], labels: Record<string, string>) => values.map((v) => ({ value: v, label: labels[v] ?? v }));

export type PersonaFisicaFormProps = PersonaFormProps<NaturalForm>;

/** 'Datos de Persona Física': names, identifier, documents, gender and birth date, marital status, profession, contact, address. */
export default function PersonaFisicaForm({ initialValues, personaId, variant, readOnlyFields = [], submitText, busy, onSubmit, actions }: PersonaFisicaFormProps) {
  const [form] = Form.useForm<NaturalForm>();
  const { provincias, paises, profesiones, tiposVia } = useCatalogos();
  const estadoCivil = Form.useWatch('estadoCivil', form);
  const locked = (f: keyof NaturalForm) => variant === 'completo' && readOnlyFields.includes(f);

  return (
    <Form<NaturalForm>
      form={form}
      layout="vertical"
      initialValues={{ ...NATURAL_DEFAULTS, ...initialValues }}
      disabled={busy}
      scrollToFirstError
      onValuesChange={(changed: Partial<NaturalForm>, all) => {
        if ('estadoCivil' in changed) {
          // the regime field is not mounted while hidden: read the store, not `all`
          form.setFieldValue('regimenEconomico', regimenTrasCambioDeEstadoCivil(changed.estadoCivil, form.getFieldValue('regimenEconomico')));
        }
        if ('tipoIdentificador' in changed && all.numeroIdentificador) {
          form.validateFields(['numeroIdentificador']).catch(() => undefined);
        }
      }}
      onFinish={(values) => onSubmit(naturalFormToPersona({ ...form.getFieldsValue(true), ...values }))}
    >
      <Typography.Title level={4} className="pf-form-title">
        Datos de Persona Física
      </Typography.Title>

      <Divider orientation="left" orientationMargin={0}>Nombre y apellidos</Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="nombre" label="Nombre" required rules={[rule]}>
            <Input autoComplete="given-name" disabled={locked('nombre')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="primerApellido" label="Primer apellido" required rules={[rule]}>
            <Input autoComplete="family-name" disabled={locked('primerApellido')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="segundoApellido" label="Segundo apellido" rules={[rule]}>
            <Input disabled={locked('segundoApellido')} />
          </Form.Item>
        </Col>
      </Row>

      <Divider orientation="left" orientationMargin={0}>Identificación</Divider>
      <Row gutter={16}>
        <Col xs={24} sm={10} md={8}>
          <Form.Item name="tipoIdentificador" label="Tipo de identificador" rules={[rule]}>
            <Select options={options(TIPOS_IDENTIFICADOR, ETIQUETAS.tipoIdentificador)} disabled={locked('tipoIdentificador')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={14} md={16}>
          <Form.Item name="numeroIdentificador" label="Número de identificador" required rules={[rule]} dependencies={['tipoIdentificador']}>
            <Input disabled={locked('numeroIdentificador')} />
          </Form.Item>
        </Col>
      </Row>

      <Divider orientation="left" orientationMargin={0}>Documentos (opcional)</Divider>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <SubidaDocumento tipo="DNI_ANVERSO" personaId={personaId} />
        </Col>
        <Col xs={24} sm={12}>
          <SubidaDocumento tipo="DNI_REVERSO" personaId={personaId} />
        </Col>
      </Row>
      {/* the purpose of identity images, stated where they are collected (issue 33) */}
      <Typography.Paragraph type="secondary" className="pf-finalidad-dni">
        Finalidad: {FINALIDAD_DOCUMENTO_IDENTIDAD.toLowerCase()}. Solo las verán usted y el personal de la notaría que trabaje un expediente suyo, y se
        borran automáticamente cuando dejan de ser necesarias.
      </Typography.Paragraph>

      <Divider orientation="left" orientationMargin={0}>Género y fecha de nacimiento</Divider>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="genero" label="Género" rules={[rule]}>
            <Select options={options(GENEROS, ETIQUETAS.genero)} disabled={locked('genero')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="fechaNacimiento"
            label="Fecha de nacimiento"
            required
            rules={[
              rule,
              {
                warningOnly: true,
                validator: async (_, v: string | undefined) => {
                  const warning = birthDateWarning(v);
                  if (warning) throw new Error(warning);
                },
              },
            ]}
          >
            <FechaInput disabled={locked('fechaNacimiento')} />
          </Form.Item>
        </Col>
      </Row>

      <Divider orientation="left" orientationMargin={0}>Estado civil</Divider>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="estadoCivil" label="Estado civil" rules={[rule]}>
            <Select options={options(ESTADOS_CIVILES, ETIQUETAS.estadoCivil)} disabled={locked('estadoCivil')} />
          </Form.Item>
        </Col>
        {estadoCivil === 'CASADO' && (
          <Col xs={24} sm={12}>
            <Form.Item name="regimenEconomico" label="Régimen económico" rules={[rule]}>
              <Select options={options(REGIMENES_ECONOMICOS, ETIQUETAS.regimenEconomico)} disabled={locked('regimenEconomico')} />
            </Form.Item>
          </Col>
        )}
      </Row>

      <Divider orientation="left" orientationMargin={0}>Profesión</Divider>
      <Form.Item name="profesion" label="Profesión" rules={[rule]}>
        <Select
          showSearch
          allowClear
          placeholder="Seleccione una profesión"
          options={profesiones.map((p) => ({ value: p, label: p }))}
          notFoundContent="Sin resultados"
          disabled={locked('profesion')}
        />
      </Form.Item>

      <ContactoDireccionEnvio rule={rule} locked={locked} catalogos={{ provincias, paises, tiposVia }} actions={actions} busy={busy} submitText={submitText} />
    </Form>
  );
}
