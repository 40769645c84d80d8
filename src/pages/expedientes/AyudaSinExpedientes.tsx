import { Button, Modal } from 'antd';
import { FolderOpenOutlined } from '@ant-design/icons';

/** 'Aún no tiene expedientes': what a case is and how to open one, for a client with none yet. */
export default function AyudaSinExpedientes({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      title={
        <span>
          <FolderOpenOutlined /> Aún no tiene expedientes
        </span>
      }
      onCancel={onClose}
      closable={{ 'aria-label': 'Cerrar' }}
      footer={
        <Button type="primary" onClick={onClose}>
          Entendido
        </Button>
      }
    >
      <p>
        Un expediente reúne todo lo que la notaría tramita para usted. Cree uno con el botón <strong>+ Nuevo Expediente</strong>.
      </p>
      <p>Dentro del expediente podrá solicitar los actos notariales que necesite (poderes, compraventas, testamentos...).</p>
    </Modal>
  );
}
