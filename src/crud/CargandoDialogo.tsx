import { Spin } from 'antd';
import './tabla.css';

/**
 * What shows while a dialog's code arrives (a dialog loads when first opened): the dialog's
 * dimmed backdrop with a spinner, so the press visibly did something.
 */
export default function CargandoDialogo() {
  return (
    <div className="cargando-dialogo" role="status" aria-live="polite">
      <Spin size="large" />
      <span className="cargando-dialogo-texto">Cargando...</span>
    </div>
  );
}
