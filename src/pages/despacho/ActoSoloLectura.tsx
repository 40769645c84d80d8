import { Modal, Result, Spin } from 'antd';
import type { ActoDto } from '../../../domain/expediente';
import ActFormFrame from '../../expediente/ActFormFrame';
import { urlFormulario, useDefinicionActo } from '../../expediente/formulario';

/** The office reads the client's act; it changes nothing here (it returns a sent act with a comment). */
const MOTIVO_LECTURA_OFICINA = 'Este acto está enviado: sus datos no se pueden modificar. Para que el cliente lo corrija, devuélvalo con un comentario.';

/** An act's form as the client filled it, read-only (the same form the client uses, in its read-only mode). */
export default function ActoSoloLectura({ acto, onClose }: { acto: ActoDto; onClose: () => void }) {
  const { definicion, isLoading } = useDefinicionActo(acto.definicionActoId);
  return (
    <Modal
      open
      title={acto.titulo}
      onCancel={onClose}
      footer={null}
      closable={{ 'aria-label': 'Cerrar' }}
      width="100vw"
      className="exp-pantalla-completa"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      styles={{ body: { height: 'calc(100vh - 80px)', padding: 0 } }}
      destroyOnHidden
    >
      {isLoading ? (
        <Spin style={{ display: 'block', margin: 48 }} />
      ) : !definicion ? (
        <Result status="warning" title="Este acto no tiene formulario" />
      ) : (
        <ActFormFrame src={urlFormulario(acto.url_acto)} definicion={definicion} datosFormulario={acto.datosFormulario} titulo={acto.titulo} llenar soloLectura motivoLectura={MOTIVO_LECTURA_OFICINA} onSubmit={() => undefined} />
      )}
    </Modal>
  );
}
