import { Button, Select, Tag } from 'antd';
import { useNotification } from '@refinedev/core';
import { displayName, type Persona } from '../../domain/persona';
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

/** 'Selecciona un cliente': the user's clients, searchable by name or identifier. */
export default function ClientSelector({ clientes, loading, value, onChange, onVerFicha, onSearch }: Props) {
  const { open } = useNotification();
  return (
    <Tarjeta title="Selecciona un cliente" size="small">
      <div className="pf-selector-row">
        <Select
          aria-label="Cliente"
          showSearch
          allowClear
          loading={loading}
          value={value}
          onChange={(id) => onChange(id ?? undefined)}
          placeholder="Seleccione un cliente"
          {...(onSearch ? { filterOption: false, onSearch } : { optionFilterProp: 'search' })}
          notFoundContent={loading ? 'Cargando...' : 'No hay clientes'}
          options={clientes.map((c) => ({
            value: c.id,
            search: `${displayName(c)} ${c.identificador?.numero ?? ''}`,
            label: (
              <span>
                {displayName(c)}{' '}
                <Tag bordered={false} color={c.tipoPersona === 'JURIDICA' ? 'purple' : 'blue'}>
                  {c.tipoPersona === 'JURIDICA' ? 'Jurídica' : 'Física'}
                </Tag>
              </span>
            ),
          }))}
        />
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
