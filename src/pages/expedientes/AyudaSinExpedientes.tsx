import { useEffect, useRef } from 'react';
import { Button } from 'antd';
import { CloseOutlined, FolderOpenOutlined } from '@ant-design/icons';

/**
 * 'Aún no tiene expedientes': what a case is and how to open one, for a client with none yet.
 * It is the first thing such a client sees, so it is the browser's own modal <dialog> (focus kept
 * inside, Escape closes, the rest of the page inert) with antd Modal's look, not antd's Modal and
 * its form-context code. Escape, the close button, a click outside and 'Entendido' all close it.
 */
export default function AyudaSinExpedientes({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialogo = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialogo.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={dialogo}
      className="exp-ayuda"
      aria-labelledby="exp-ayuda-titulo"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // a click on the backdrop lands on the <dialog> itself; its content fills the box
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="exp-ayuda-caja">
        <button type="button" className="exp-ayuda-cerrar" aria-label="Cerrar" onClick={onClose}>
          <CloseOutlined />
        </button>
        <div id="exp-ayuda-titulo" className="exp-ayuda-titulo">
          <FolderOpenOutlined /> Aún no tiene expedientes
        </div>
        <p>
          Un expediente reúne todo lo que la notaría tramita para usted. Cree uno con el botón <strong>+ Nuevo Expediente</strong>.
        </p>
        <p>Dentro del expediente podrá solicitar los actos notariales que necesite (poderes, compraventas, testamentos...).</p>
        <div className="exp-ayuda-pie">
          <Button type="primary" onClick={onClose}>
            Entendido
          </Button>
        </div>
      </div>
    </dialog>
  );
}
