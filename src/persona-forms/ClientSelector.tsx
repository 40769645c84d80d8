import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button, Tag } from 'antd';
import { DownOutlined, LoadingOutlined } from '@ant-design/icons';
import { useNotification } from '@refinedev/core';
import type { Persona } from '../../domain/persona';
import { displayName } from '../../domain/display-name';
import './persona-forms.css';
import Tarjeta from '../crud/Tarjeta';

interface Props {
  clientes: Persona[];
  loading?: boolean;
  value?: string;
  onChange: (id: string | undefined) => void;
  /** Only when the host screen supplies it, a 'Ver ficha' button opens the selected client. */
  onVerFicha?: (id: string) => void;
  /** Searched by the host (on the server): typing calls this instead of filtering the options here. */
  onSearch?: (texto: string) => void;
}

// antd's Select (with its virtual list, 28 KB on the wire) loads when the user first reaches the
// box: pointer over it, a press, or the keyboard's focus. Until then a box with its look shows the
// placeholder or the chosen client.
const cargarSelect = () => import('./SelectCliente');
const SelectCliente = lazy(cargarSelect);

const PLACEHOLDER = 'Seleccione un cliente';

const etiqueta = (c: Persona): ReactNode => (
  <span>
    {displayName(c)}{' '}
    <Tag bordered={false} color={c.tipoPersona === 'JURIDICA' ? 'purple' : 'blue'}>
      {c.tipoPersona === 'JURIDICA' ? 'Jurídica' : 'Física'}
    </Tag>
  </span>
);

/** The closed select's look (antd's classes are not styled until antd's Select renders once). */
function CajaSelect({ valor, cargando, onActivar }: { valor?: ReactNode; cargando?: boolean; onActivar?: (abrir: boolean) => void }) {
  return (
    <div
      className="pf-caja-select"
      onMouseEnter={() => void cargarSelect()}
      onMouseDown={(e) => {
        e.preventDefault();
        onActivar?.(true);
      }}
    >
      <input
        role="combobox"
        aria-label="Cliente"
        aria-expanded={false}
        aria-haspopup="listbox"
        aria-busy={cargando || undefined}
        readOnly
        className="pf-caja-select-input"
        onFocus={() => onActivar?.(false)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
            e.preventDefault();
            onActivar?.(true);
          }
        }}
      />
      <span className={valor ? 'pf-caja-select-valor' : 'pf-caja-select-placeholder'} aria-hidden>
        {valor ?? PLACEHOLDER}
      </span>
      <span className="pf-caja-select-flecha" aria-hidden>
        {cargando ? <LoadingOutlined /> : <DownOutlined />}
      </span>
    </div>
  );
}

/** 'Selecciona un cliente': the user's clients, searchable by name or identifier. */
export default function ClientSelector({ clientes, loading, value, onChange, onVerFicha, onSearch }: Props) {
  const { open } = useNotification();
  // null until the user reaches the box; then whether the list opens at once (a press) or not (focus)
  const [activo, setActivo] = useState<null | { abrir: boolean }>(null);
  const elegido = clientes.find((c) => c.id === value);
  const valor = value ? (elegido ? etiqueta(elegido) : value) : undefined;
  return (
    <Tarjeta title="Selecciona un cliente" size="small">
      <div className="pf-selector-row">
        {activo ? (
          <Suspense fallback={<CajaSelect valor={valor} cargando />}>
            <SelectCliente
              aria-label="Cliente"
              autoFocus
              defaultOpen={activo.abrir}
              showSearch
              allowClear
              loading={loading}
              value={value}
              onChange={(id) => onChange(id ?? undefined)}
              placeholder={PLACEHOLDER}
              {...(onSearch ? { filterOption: false, onSearch } : { optionFilterProp: 'search' })}
              notFoundContent={loading ? 'Cargando...' : 'No hay clientes'}
              options={clientes.map((c) => ({ value: c.id, search: `${displayName(c)} ${c.identificador?.numero ?? ''}`, label: etiqueta(c) }))}
            />
          </Suspense>
        ) : (
          <CajaSelect valor={valor} onActivar={(abrir) => setActivo({ abrir })} />
        )}
        {onVerFicha && (
          <Button
            onClick={() =>
              value
                ? onVerFicha(value)
                : open?.({ type: 'error', message: 'Error', description: 'Por favor, seleccione un cliente primero' })
            }
          >
            Ver ficha
          </Button>
        )}
      </div>
    </Tarjeta>
  );
}
