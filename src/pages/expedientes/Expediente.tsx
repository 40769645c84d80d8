import { useEffect, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useNavigation, useNotification, useOne, type HttpError } from '@refinedev/core';
import { Button, Result, Spin, Tabs } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { ExpedienteDto } from '../../../domain/expediente';
import CabeceraExpediente from './CabeceraExpediente';
import ActosTab from './ActosTab';
import EscriturasTab from '../../expediente/EscriturasTab';
import ChatTab from '../../expediente/ChatTab';
import '../../expediente/expediente.css';

/** /expediente/:id: header and the tabs Actos, Escrituras and Chat. */
export default function Expediente() {
  const { id = '' } = useParams();
  const { list } = useNavigation();
  const { open } = useNotification();
  const { result: expediente, query } = useOne<ExpedienteDto, HttpError>({ resource: 'expedientes', id, errorNotification: false });
  const status = (query.error as { status?: number; statusCode?: number } | null)?.status ?? query.error?.statusCode;

  useEffect(() => {
    if (query.isError && status !== 404) open?.({ type: 'error', message: 'Error', description: 'Error al cargar los datos del expediente' });
  }, [query.isError, status, open]);

  const volver = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => list('expedientes')}>
      Volver
    </Button>
  );

  if (query.isLoading) {
    return (
      <div className="exp-pagina exp-cargando" role="status">
        <Spin />
        <span>Cargando expediente...</span>
      </div>
    );
  }
  if (query.isError || !expediente) {
    return (
      <div className="exp-pagina">
        {volver}
        <Result status="404" title="Expediente no encontrado" />
      </div>
    );
  }
  return <VistaExpediente expediente={expediente} volver={volver} />;
}

/** The case once loaded; also shown right after creating one. */
export function VistaExpediente({ expediente, volver }: { expediente: ExpedienteDto; volver: ReactNode }) {
  return (
    <div className="exp-pagina">
      {volver}
      <CabeceraExpediente expediente={expediente} />
      <Tabs
        className="exp-pestanas"
        items={[
          { key: 'actos', label: 'Actos', children: <ActosTab expediente={expediente} /> },
          { key: 'escrituras', label: 'Escrituras', children: <EscriturasTab expediente={expediente} /> },
          { key: 'chat', label: 'Chat', children: <ChatTab expediente={expediente} /> },
        ]}
      />
    </div>
  );
}
