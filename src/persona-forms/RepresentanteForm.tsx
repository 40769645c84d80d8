import { Alert, Button, Card, Checkbox, Col, Form, Input, Row, Select, Space } from 'antd';
import {
  NATURAL_DEFAULTS,
  regimenTrasCambioDeEstadoCivil,
  representanteFormSchema,
  type RepresentanteForm as Valores,
} from '../../domain/persona-forms';
import { ESTADOS_CIVILES, ETIQUETAS, GENEROS, REGIMENES_ECONOMICOS, TIPOS_IDENTIFICADOR } from '../../domain/persona';
import { isoToFormDate, MENSAJES_FECHA, representativeBirthDateError, todayIso } from '../../domain/dates';
import { REPRESENTATIVE_COUNTRIES } from '../../domain/countries';
import { AVISO_REPRESENTANTE_LEGAL, ETIQUETAS_TIPO_PRIVILEGIO, PERMISOS_FORMULARIO, permissionPreset, permissionsLocked, TIPOS_PRIVILEGIO } from '../../domain/representantes-rules';
import { zodRule } from './zod-rule';
import { useCatalogos } from './use-catalogos';
import DireccionFields from './DireccionFields';
import FechaInput from './FechaInput';
import './persona-forms.css';

const rule = zodRule(representanteFormSchema);
const options = (values: readonly string[], labels: Record<string, string>) => values.map((v) => ({ value: v, label: labels[v] ?? v }));

export const REPRESENTANTE_DEFAULTS: Valores = {
  ...NATURAL_DEFAULTS,
  tipoPrivilegio: 'GENERAL',
  ...permissionPreset('GENERAL'),
};

export interface RepresentanteFormProps {
  /** 'editar': identifier type and number cannot change. */
  modo: 'crear' | 'editar';
  initialValues?: Valores;
  submitText?: string;
  busy: boolean;
  /** values, and the names of the fields the user filled in (the others hold the form's defaults) */
  onSubmit: (values: Valores, rellenados: string[]) => void;
  onCancel?: () => void;
}

/**
 * A representative: a natural person plus the privilege they receive, in four cards
 * (Datos Personales, Información de Contacto, Domicilio, Información del Privilegio).
 */
export default function RepresentanteForm({ modo, initialValues, submitText = 'Crear representante', busy, onSubmit, onCancel }: RepresentanteFormProps) {
  const [form] = Form.useForm<Valores>();
  const { provincias, profesiones, tiposVia } = useCatalogos();
  const estadoCivil = Form.useWatch('estadoCivil', form);
  const tipoPrivilegio = Form.useWatch('tipoPrivilegio', form);
  const fechaNacimiento = Form.useWatch('fechaNacimiento', form);
  // submit stays blocked while the holder is under 18
  const menor = !!fechaNacimiento && representativeBirthDateError(fechaNacimiento) === MENSAJES_FECHA.menorRepresentante;
  const bloqueados = permissionsLocked(tipoPrivilegio);
  const editando = modo === 'editar';

  return (
    <Form<Valores>
      form={form}
      layout="vertical"
      initialValues={{ ...REPRESENTANTE_DEFAULTS, fechaInicioRelacion: isoToFormDate(todayIso()), ...initialValues }}
      disabled={busy}
      scrollToFirstError
      onValuesChange={(changed: Partial<Valores>, all) => {
        if ('estadoCivil' in changed) {
          // the regime field is not mounted while hidden: read the store, not `all`
          form.setFieldValue('regimenEconomico', regimenTrasCambioDeEstadoCivil(changed.estadoCivil, form.getFieldValue('regimenEconomico')));
        }
        if ('tipoIdentificador' in changed && all.numeroIdentificador) {
          form.validateFields(['numeroIdentificador']).catch(() => undefined);
        }
        if (changed.tipoPrivilegio === 'REPRESENTANTE_LEGAL') form.setFieldsValue(permissionPreset('REPRESENTANTE_LEGAL'));
        if ('fechaInicioRelacion' in changed && all.fechaFinRelacion) {
          form.validateFields(['fechaFinRelacion']).catch(() => undefined);
        }
      }}
      onFinish={(values) => {
        const todos: Valores = { ...form.getFieldsValue(true), ...values };
        onSubmit(todos, Object.keys(todos).filter((k) => form.isFieldTouched(k as keyof Valores)));
      }}
    >
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card title="Datos Personales" size="small">
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="nombre" label="Nombre" required rules={[rule]}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="primerApellido" label="Primer apellido" required rules={[rule]}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="segundoApellido" label="Segundo apellido" rules={[rule]}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={10} md={8}>
              <Form.Item name="tipoIdentificador" label="Tipo de identificador" rules={[rule]}>
                <Select options={options(TIPOS_IDENTIFICADOR, ETIQUETAS.tipoIdentificador)} disabled={editando} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={14} md={16}>
              <Form.Item name="numeroIdentificador" label="Número de identificador" required rules={[rule]} dependencies={['tipoIdentificador']}>
                <Input disabled={editando} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} md={8}>
              <Form.Item name="genero" label="Género" rules={[rule]}>
                <Select options={options(GENEROS, ETIQUETAS.genero)} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} md={8}>
              <Form.Item name="fechaNacimiento" label="Fecha de nacimiento" required rules={[rule]}>
                <FechaInput />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} md={8}>
              <Form.Item name="profesion" label="Profesión" required rules={[rule]}>
                <Select
                  showSearch
                  placeholder="Seleccione una profesión"
                  options={profesiones.map((p) => ({ value: p, label: p }))}
                  notFoundContent="Sin resultados"
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} md={8}>
              <Form.Item name="estadoCivil" label="Estado civil" rules={[rule]}>
                <Select options={options(ESTADOS_CIVILES, ETIQUETAS.estadoCivil)} />
              </Form.Item>
            </Col>
            {estadoCivil === 'CASADO' && (
              <Col xs={24} sm={12} md={8}>
                <Form.Item name="regimenEconomico" label="Régimen económico" rules={[rule]}>
                  <Select options={options(REGIMENES_ECONOMICOS, ETIQUETAS.regimenEconomico)} />
                </Form.Item>
              </Col>
            )}
          </Row>
        </Card>

        <Card title="Información de Contacto" size="small">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="email" label="Email" rules={[rule]}>
                <Input type="email" autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="telefono" label="Teléfono" rules={[rule]}>
                <Input type="tel" autoComplete="off" />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card title="Domicilio" size="small">
          <DireccionFields rule={rule} obligatoria={false} tiposVia={tiposVia} provincias={provincias} paises={[...REPRESENTATIVE_COUNTRIES]} />
        </Card>

        <Card title="Información del Privilegio" size="small">
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="tipoPrivilegio" label="Tipo de privilegio" rules={[rule]}>
                <Select options={TIPOS_PRIVILEGIO.map((t) => ({ value: t, label: ETIQUETAS_TIPO_PRIVILEGIO[t] }))} />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item name="fechaInicioRelacion" label="Fecha de inicio" required rules={[rule]}>
                <FechaInput />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item name="fechaFinRelacion" label="Fecha de fin" rules={[rule]}>
                <FechaInput />
              </Form.Item>
            </Col>
          </Row>
          <fieldset className="pf-permisos" aria-label="Permisos">
            {PERMISOS_FORMULARIO.map((p) => (
              <Form.Item key={p.campo} name={p.campo} valuePropName="checked" noStyle>
                <Checkbox disabled={bloqueados}>{p.etiqueta}</Checkbox>
              </Form.Item>
            ))}
          </fieldset>
          <Alert type="info" showIcon style={{ marginTop: 12 }} message={AVISO_REPRESENTANTE_LEGAL} />
        </Card>

        <Space wrap className="pf-actions">
          {onCancel && <Button onClick={onCancel}>Cancelar</Button>}
          <Button type="primary" htmlType="submit" loading={busy} disabled={menor}>
            {busy ? 'Guardando...' : submitText}
          </Button>
        </Space>
      </Space>
    </Form>
  );
}
