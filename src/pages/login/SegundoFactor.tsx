import { useState } from 'react';
import Boton from './Boton';
import Aviso from './Aviso';
import { anadirLlave, confirmarConLlave, type SegundoFactor as Pendiente } from '../../../providers/llave-acceso';
import Field from './Field';

/**
 * After the PIN, an office account (staff, admin) proves its passkey, or adds its first one (the
 * walk-through after an invitation). Until then its session carries no office rights; it may go
 * on without them.
 */
export default function SegundoFactor({ pendiente, onListo }: { pendiente: Pendiente; onListo: () => void }) {
  const [nombre, setNombre] = useState('Llave de este dispositivo');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const hacer = async () => {
    if (pendiente === 'alta' && !nombre.trim()) return setError('Indique un nombre para la llave de acceso');
    setBusy(true);
    setError(null);
    try {
      await (pendiente === 'alta' ? anadirLlave(nombre.trim()) : confirmarConLlave());
      onListo();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="segundo-factor">
      {error && <Aviso type="error" message={error} />}
      {pendiente === 'alta' ? (
        <>
          <p className="login-text">
            Su cuenta trabaja en el despacho y necesita un segundo factor. Añada una llave de acceso (la de este dispositivo, su móvil o
            una llave de seguridad); en adelante la confirmará tras el código o accederá solo con ella.
          </p>
          <Field id="llave-nombre" label="Nombre de la llave">
            <input id="llave-nombre" className="login-input" value={nombre} maxLength={60} onChange={(e) => setNombre(e.target.value)} />
          </Field>
        </>
      ) : (
        <p className="login-text">Su cuenta trabaja en el despacho: confirme su identidad con su llave de acceso para continuar.</p>
      )}
      <div className="login-actions">
        <Boton type="primary" block size="large" loading={busy} onClick={hacer} autoFocus>
          {pendiente === 'alta' ? 'Añadir llave de acceso' : 'Confirmar con llave de acceso'}
        </Boton>
        <Boton block type="link" onClick={onListo} disabled={busy}>
          Continuar sin los permisos del despacho
        </Boton>
      </div>
    </div>
  );
}
