import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useGetIdentity, useNotification } from '@refinedev/core';
import type { Identity } from '../../../providers/auth-provider';
import ClientSelector from '../../persona-forms/ClientSelector';
import { useClientesBuscables } from '../../persona-forms/use-clientes';
import type { RepresentanteSeleccionado } from './Representantes';
import CargandoDialogo from '../../crud/CargandoDialogo';
import './datos-personales.css';
import { Secundario, Titulo } from '../../crud/Titulo';
import Tarjeta from '../../crud/Tarjeta';
import { Spinner } from '../../shell/Loading';

// The dialogs and their forms load when first opened; the record and its representatives when a
// client is chosen: the page opens on the client selector.
const FichaPersona = lazy(() => import('./FichaPersona'));
const Representantes = lazy(() => import('./Representantes'));
const NuevaPersonaDialog = lazy(() => import('./NuevaPersonaDialog'));
const RepresentanteDialog = lazy(() => import('./RepresentanteDialog'));

/** /datos-personales: choose a client, read or edit their record, manage their representatives. */
export default function DatosPersonales() {
  const { data: identity } = useGetIdentity<Identity>();
  const idPersona = identity?.id;
  const [params, setParams] = useSearchParams();
  // the chosen client lives in the address, so a reload keeps it
  const seleccion = params.get('persona') ?? undefined;
  // the owner's personas come a page at a time, searched on the server
  const { clientes, isLoading, isError, onSearch } = useClientesBuscables(idPersona, seleccion);
  const { open: notify } = useNotification();
  const [nuevaPersona, setNuevaPersona] = useState(false);
  const [nuevaPersonaUsada, setNuevaPersonaUsada] = useState(false);
  const [representante, setRepresentante] = useState<null | 'crear' | RepresentanteSeleccionado>(null);

  useEffect(() => {
    if (isError) notify?.({ type: 'error', message: 'Error', description: 'No se pudieron cargar los clientes' });
  }, [isError, notify]);

  const seleccionar = (id: string | undefined) => setParams(id ? { persona: id } : {}, { replace: true });

  return (
    <div className="dp-page">
      <div className="dp-cabecera">
        <Titulo style={{ margin: 0 }}>
          Datos Personales
        </Titulo>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => {
            setNuevaPersona(true);
            setNuevaPersonaUsada(true);
          }}
        >
          Nueva Persona
        </Button>
      </div>

      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <ClientSelector clientes={clientes} loading={isLoading} value={seleccion} onChange={seleccionar} onSearch={onSearch} />
        {seleccion ? (
          <Suspense fallback={<CargandoFicha />}>
            <FichaPersona id={seleccion} onCrearRepresentante={() => setRepresentante('crear')} />
            <Representantes clienteId={seleccion} onEditar={setRepresentante} />
          </Suspense>
        ) : (
          <Tarjeta>
            <Secundario>Seleccione un cliente para ver su ficha de datos personales</Secundario>
          </Tarjeta>
        )}
      </Space>

      <Suspense fallback={<CargandoDialogo />}>
        {nuevaPersonaUsada && (
          <NuevaPersonaDialog
            open={nuevaPersona}
            onClose={() => setNuevaPersona(false)}
            onCreated={(persona) => {
              setNuevaPersona(false);
              seleccionar(persona.id);
            }}
          />
        )}
        {seleccion && idPersona && representante !== null && (
          <RepresentanteDialog estado={representante} clienteId={seleccion} onClose={() => setRepresentante(null)} />
        )}
      </Suspense>
    </div>
  );
}

/** The card shown while the record's code loads. */
function CargandoFicha() {
  return (
    <Tarjeta>
      <div role="status" className="dp-cargando">
        <Spinner size={24} />
        <span>Cargando...</span>
      </div>
    </Tarjeta>
  );
}
