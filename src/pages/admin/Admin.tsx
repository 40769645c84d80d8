import { createElement, lazy, Suspense, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { BaseRecord } from '@refinedev/core';
import { adminNav } from '../../../resources/admin';
import ListaDeclarada from '../../crud/ListaDeclarada';
import { Titulo } from '../../crud/Titulo';
import Pestanas from './Pestanas';
import { ICONOS_RECURSOS } from '../../iconos-recursos';
import { subpages } from '../../paths';

const PersonalAcciones = lazy(() => import('./PersonalAcciones'));

/** What a generated tab gets beyond its declaration (row actions, extra buttons). */
const ROW_ACTIONS: Record<string, (record: BaseRecord) => ReactNode> = {
  personal: (record) => (
    <Suspense>
      <PersonalAcciones record={record} />
    </Suspense>
  ),
};

/**
 * /admin/notarias: one tab per admin resource (resources/*.ts with adminTab), each the generated
 * list of that resource, and a link to each catalogue with a page of its own (/admin/recursos/<name>).
 * The tabs and links are data (resources/admin.ts); the open tab loads its own declaration.
 * The tab is in the URL (?tab=...) next to the list's own state.
 * Only admins get here (the route's guard, GuardedRoute, sends others to /citas).
 */
export default function Admin() {
  const [params, setParams] = useSearchParams();
  const active = adminNav.tabs.find((t) => t.name === params.get('tab'))?.name ?? adminNav.tabs[0].name;
  return (
    <div>
      <Titulo>Administración de Notarías</Titulo>
      {/* one line of links, wrapping: on a phone the first card's actions stay on screen */}
      <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: 16, rowGap: 4, marginBottom: 12 }}>
        {adminNav.pages.length > 0 && (
          <nav aria-label="Otros catálogos">
            Otros catálogos:{' '}
            {adminNav.pages.map((page, i) => (
              <span key={page.name}>
                {i > 0 && ' · '}
                <Link to={page.route}>{page.label}</Link>
              </span>
            ))}
          </nav>
        )}
        <nav aria-label="Protección de datos">
          Protección de datos: <Link to={subpages.privacidadAdmin}>Solicitudes</Link> ·{' '}
          <Link to={subpages.registroActividades}>Registro de tratamientos</Link>
        </nav>
      </div>
      <Pestanas
        label="Catálogos"
        active={active}
        // A new tab starts from its own defaults: the previous list's page, sort and search go away.
        onChange={(key) => setParams({ tab: key })}
        items={adminNav.tabs.map((tab) => ({
          key: tab.name,
          label: (
            <>
              {ICONOS_RECURSOS[tab.name] && <span aria-hidden>{createElement(ICONOS_RECURSOS[tab.name])}</span>}
              {tab.label}
            </>
          ),
        }))}
      >
        <ListaDeclarada key={active} name={active} rowActions={ROW_ACTIONS[active]} />
      </Pestanas>
    </div>
  );
}
