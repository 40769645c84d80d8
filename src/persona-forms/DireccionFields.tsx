import { useRef } from 'react';
import { Col, Form, Input, Row, Select, type FormRule } from 'antd';
import { DEFAULT_COUNTRY_NAME } from '../../domain/countries';
import Autocompletar from './Autocompletar';
import { lookupPostalCode } from '../../providers/geo';
import { codigoPostalDeProvincia } from '../../domain/persona-forms';

/** More than a postal code's 5 digits may be typed, to be told it is too long; not without bound. */
const MAX_CARACTERES_CP = 10;

/**
 * The postal code: digits only. A sixth digit is kept, not cut off, so that the field says what is
 * wrong ('debe tener 5 dígitos'). With 5 digits of a Spanish province (01-52), locality and
 * province are looked up and filled (country España); when nothing is found, locality, province
 * and country are cleared. A code of no province is not looked up: its rule says so.
 */
function CodigoPostalInput({ value, onChange, id, ...rest }: { value?: string; onChange?: (v: string) => void; id?: string }) {
  const form = Form.useFormInstance();
  const pedido = useRef('');
  return (
    <Input
      {...rest}
      id={id}
      value={value}
      inputMode="numeric"
      maxLength={MAX_CARACTERES_CP}
      autoComplete="postal-code"
      onChange={async (e) => {
        const cp = e.target.value.replace(/\D/g, '').slice(0, MAX_CARACTERES_CP);
        onChange?.(cp);
        pedido.current = cp;
        if (cp.length !== 5 || !codigoPostalDeProvincia(cp)) return;
        const found = await lookupPostalCode(cp);
        if (pedido.current !== cp) return; // a newer code was typed meanwhile
        if (found) {
          form.setFieldsValue({
            ...(found.localidad ? { localidad: found.localidad } : {}),
            ...(found.provincia ? { provincia: found.provincia } : {}),
            pais: DEFAULT_COUNTRY_NAME,
          });
        } else {
          form.setFieldsValue({ localidad: undefined, provincia: undefined, pais: undefined });
        }
        // clear a stale 'obligatoria' message once the field is filled
        const filled = ['localidad', 'provincia', 'pais'].filter((f) => form.getFieldError(f).length > 0);
        if (filled.length) form.validateFields(filled).catch(() => undefined);
      }}
    />
  );
}

interface Props {
  rule: FormRule;
  /** Marks postal code, locality, province and street as required (not in the representative form). */
  obligatoria: boolean;
  tiposVia: string[];
  provincias: string[];
  paises: string[];
}

/** The address block shared by the natural-person, legal-entity and representative forms. */
export default function DireccionFields({ rule, obligatoria, tiposVia, provincias, paises }: Props) {
  const col = { xs: 24, sm: 12, md: 8 };
  const small = { xs: 12, sm: 6, md: 4 };
  return (
    <Row gutter={16}>
      <Col {...col}>
        <Form.Item name="tipoVia" label="Tipo de vía" rules={[rule]}>
          <Select
            showSearch
            allowClear
            placeholder="Seleccione"
            options={tiposVia.map((t) => ({ value: t, label: t }))}
            notFoundContent="Sin resultados"
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} md={16}>
        <Form.Item name="nombreVia" label="Vía" required={obligatoria} rules={[rule]}>
          <Input autoComplete="address-line1" />
        </Form.Item>
      </Col>
      <Col {...small}>
        <Form.Item name="numeroVia" label="Número" rules={[rule]}>
          <Input />
        </Form.Item>
      </Col>
      <Col {...small}>
        <Form.Item name="portal" label="Portal" rules={[rule]}>
          <Input />
        </Form.Item>
      </Col>
      <Col {...small}>
        <Form.Item name="bloque" label="Bloque" rules={[rule]}>
          <Input />
        </Form.Item>
      </Col>
      <Col {...small}>
        <Form.Item name="escalera" label="Escalera" rules={[rule]}>
          <Input />
        </Form.Item>
      </Col>
      <Col {...small}>
        <Form.Item name="piso" label="Piso" rules={[rule]}>
          <Input />
        </Form.Item>
      </Col>
      <Col {...small}>
        <Form.Item name="puerta" label="Puerta" rules={[rule]}>
          <Input />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item name="codigoPostal" label="Código postal" required={obligatoria} rules={[rule]} dependencies={['pais']}>
          <CodigoPostalInput />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item name="localidad" label="Localidad" required={obligatoria} rules={[rule]}>
          <Input autoComplete="address-level2" />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item name="provincia" label="Provincia" required={obligatoria} rules={[rule]}>
          <Select
            showSearch
            allowClear
            placeholder="Seleccione"
            options={provincias.map((p) => ({ value: p, label: p }))}
            notFoundContent="Sin resultados"
          />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item name="pais" label="País" rules={[rule]}>
          <Autocompletar options={paises} placeholder="Buscar país" emptyText="No se encontraron países." />
        </Form.Item>
      </Col>
    </Row>
  );
}
