import type { ReactNode } from 'react';
import { Spinner } from '../shell/Loading';
import './tabla.css';

/**
 * antd Spin's look over a list while it loads (dimmed, a ring on top, not clickable), drawn here:
 * antd's Spin weighs about 5 KB on the wire on every list page for a ring.
 */
export default function EnCarga({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <div className="tabla-carga" aria-busy={loading}>
      {loading && (
        <div className="tabla-cargando">
          <Spinner size={24} />
        </div>
      )}
      {children}
    </div>
  );
}
