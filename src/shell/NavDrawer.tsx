import { Drawer } from 'antd';
import type { Viewer } from '../../domain/resource';
import NavLinks from './NavLinks';

/** The navigation as a left drawer, for small screens (Layout loads it on the first opening). */
export default function NavDrawer({ open, onClose, viewer }: { open: boolean; onClose: () => void; viewer: Viewer | null | undefined }) {
  return (
    <Drawer
      id="shell-drawer"
      title="Notaría"
      placement="left"
      width={280}
      open={open}
      onClose={onClose}
      closable={{ 'aria-label': 'Cerrar menú' }}
      styles={{ body: { padding: 8 } }}
    >
      <nav aria-label="Navegación principal">
        <NavLinks viewer={viewer} vertical onNavigate={onClose} />
      </nav>
    </Drawer>
  );
}
