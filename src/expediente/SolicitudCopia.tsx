import { useNotification } from '@refinedev/core';
import { Form, Input, Radio, type FormInstance } from 'antd';
import { solicitudCopiaSchema } from '../../domain/copias';
import { ETIQUETA_TIPO_COPIA, TIPOS_COPIA, type TipoCopia } from '../../domain/copias-rules';
import { useCopiasAcciones } from './use-archivos-caso';

export interface ValoresSolicitudCopia {
  tipo: TipoCopia;
  motivo: string;
}

export const VALORES_INICIALES_COPIA: ValoresSolicitudCopia = { tipo: 'SIMPLE', motivo: '' };

/** The fields of a copy request: simple or authorised, with a reason (the page's and the dialog's form). */
export function CamposSolicitudCopia() {
  return (
    <>
      <Form.Item name="tipo" label="Tipo de copia" rules={[{ required: true, message: 'Elija el tipo de copia' }]}>
        <Radio.Group options={TIPOS_COPIA.map((t) => ({ value: t, label: ETIQUETA_TIPO_COPIA[t] }))} />
      </Form.Item>
      <Form.Item
        name="motivo"
        label="Motivo"
        rules={[
          { required: true, whitespace: true, message: 'Indique el motivo de la solicitud' },
          { max: 500, message: 'El motivo no puede superar los 500 caracteres' },
        ]}
      >
        <Input.TextArea rows={3} maxLength={500} showCount placeholder="Por ejemplo: para presentarla en el banco" />
      </Form.Item>
    </>
  );
}

/**
 * Sends a copy request of a finished case's deed, checked by the same schema as the server; answers
 * true once it is stored (the toast says so), false when the form or the server refused it.
 */
export function useSolicitudCopia(form: FormInstance<ValoresSolicitudCopia>) {
  const { solicitar, ocupado } = useCopiasAcciones();
  const { open } = useNotification();
  const enviar = async (expedienteId: string, values: ValoresSolicitudCopia): Promise<boolean> => {
    const parsed = solicitudCopiaSchema.safeParse(values);
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: i.path as never, errors: [i.message] })));
      return false;
    }
    try {
      await solicitar(expedienteId, parsed.data);
      open?.({ type: 'success', message: 'Solicitud de copia enviada', description: 'La notaría le avisará cuando la copia esté disponible.' });
      return true;
    } catch (e) {
      open?.({ type: 'error', message: 'No se pudo solicitar la copia', description: (e as Error).message });
      return false;
    }
  };
  return { enviar, ocupado };
}
