import { Spinner } from '../shell/Loading';
import './tabla.css';

/**
 * What shows while a dialog's code arrives (a dialog loads when first opened): the dialog's
 * dimmed backdrop with a spinner, so the press visibly did something. The ring is the portal's
 * own (antd's Spin would add about 5 KB on the wire to every page with a dialog).
 */
export default function CargandoDialogo() {
  return (
    <div className="cargando-dialogo" role="status" aria-live="polite">
      <Spinner size={40} />
      <span className="cargando-dialogo-texto">Cargando...</span>
    </div>
  );
}
