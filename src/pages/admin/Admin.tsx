import { createElement, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Space, Tabs } from 'antd';
import type { BaseRecord } from '@refinedev/core';
import { adminPages, adminTabs } from '../../../resources';
import ResourceList from '../../crud/ResourceList';
import PersonalAcciones from './PersonalAcciones';
import { Titulo } from '../../crud/Titulo';
import { ICONOS_RECURSOS } from '../../iconos-recursos';
import { subpages } from '../../paths';

/** What a generated tab gets beyond its declaration (row actions, extra buttons). */
const ROW_ACTIONS: Record<string, (record: BaseRecord) => ReactNode> = {
  personal: (record) => <PersonalAcciones record={record} />,
};

/**
 * /admin/notarias: one tab per admin resource (resources/*.ts with adminTab), each the generated
 * list of that resource, and a link to each catalogue with a page of its own (/admin/recursos/<name>).
 * The tab is in the URL (?tab=...) next to the list's own state.
 * Only admins get here (the route's guard, GuardedRoute, sends others to /citas).
 */
export default function Admin() {
  const [params, setParams] = useSearchParams();
  const active = adminTabs.find((t) => t.name === params.get('tab'))?.name ?? adminTabs[0].name;
  return (
    <div>
      <Titulo>Administración de Notarías</Titulo>
      {/* one line of links, wrapping: on a phone the first card's actions stay on screen */}
      <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: 16, rowGap: 4, marginBottom: 12 }}>
        {adminPages.length > 0 && (
          <nav aria-label="Otros catálogos">
            Otros catálogos:{' '}
            {adminPages.map((config, i) => (
              <span key={config.name}>
                {i > 0 && ' · '}
                <Link to={config.route!}>{config.labels.plural}</Link>
              </span>
            ))}
          </nav>
        )}
        <nav aria-label="Protección de datos">
          Protección de datos: <Link to={subpages.privacidadAdmin}>Solicitudes</Link> ·{' '}
          <Link to={subpages.registroActividades}>Registro de tratamientos</Link>
        </nav>
      </div>
      <Tabs
        activeKey={active}
        // A new tab starts from its own defaults: the previous list's page, sort and search go away.
        onChange={(key) => setParams({ tab: key })}
        destroyOnHidden
        items={adminTabs.map((config) => ({
          key: config.name,
          label: (
            <Space size={6}>
              {ICONOS_RECURSOS[config.name] && <span aria-hidden>{createElement(ICONOS_RECURSOS[config.name])}</span>}
              {config.labels.plural}
            </Space>
          ),
          children: <ResourceList config={config} rowActions={ROW_ACTIONS[config.name]} />,
        }))}
      />
    </div>
  );
}
