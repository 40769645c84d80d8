import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useGetIdentity, useInvalidateAuthStore } from '@refinedev/core';
import { Button } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { forgetSession, type Identity } from '../../providers/auth-provider';
import { PERSONA_GUARDADA } from '../../providers/session';
import AccountMenu from './AccountMenu';
import Clock from './Clock';
import Loading from './Loading';
import Diferido from './Diferido';
import NavLinks from './NavLinks';
import './shell.css';
import { pathOf } from '../paths';

// antd's Drawer (with rc-drawer, ~6 KB Brotli) only for those who open the menu on a small screen
const NavDrawer = lazy(() => import('./NavDrawer'));

/**
 * The signed-in frame: header ('Notaría', greeting and clock, account menu), the navigation
 * (a bar on wide screens, a left drawer on small ones) and the page below it.
 */
export default function Layout({ children }: { children: ReactNode }) {
  const { data: identity, isLoading } = useGetIdentity<Identity>();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // mounted from the first opening on, so closing animates
  const [drawerUsed, setDrawerUsed] = useState(false);
  const invalidateAuth = useInvalidateAuthStore();
  // the person saved their own data (e.g. completed their name): the greeting follows without a reload
  const ownId = identity?.id;
  useEffect(() => {
    const onSaved = (e: Event) => {
      if ((e as CustomEvent<string>).detail !== ownId) return;
      forgetSession();
      void invalidateAuth();
    };
    window.addEventListener(PERSONA_GUARDADA, onSaved);
    return () => window.removeEventListener(PERSONA_GUARDADA, onSaved);
  }, [ownId, invalidateAuth]);
  // The header appears once the user is known (only when signed in and loading finished).
  if (isLoading && !identity) return <Loading />;
  return (
    <Diferido>
      <div className="shell">
        <a className="shell-skip" href="#contenido">
          Saltar al contenido
        </a>
        <header className="shell-header">
          <div className="shell-bar">
            <Button
              className="shell-menu-button"
              type="text"
              icon={<MenuOutlined />}
              aria-label="Abrir menú de navegación"
              aria-expanded={drawerOpen}
              aria-controls="shell-drawer"
              onClick={() => {
                setDrawerUsed(true);
                setDrawerOpen(true);
              }}
            />
            <Link to={pathOf('dashboard')} className="shell-title">
              Notaría
            </Link>
            <div className="shell-greeting">
              <span className="shell-welcome">Bienvenido {identity?.name ?? ''}</span>
              <Clock />
            </div>
            <AccountMenu />
          </div>
          <nav className="shell-nav" aria-label="Navegación principal">
            <NavLinks viewer={identity} />
          </nav>
        </header>
        {drawerUsed && (
          <Suspense fallback={null}>
            <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} viewer={identity} />
          </Suspense>
        )}
        <main id="contenido" className="shell-content" tabIndex={-1}>
          {children}
        </main>
      </div>
    </Diferido>
  );
}
