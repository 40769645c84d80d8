import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useNotification } from '@refinedev/core';
import { getDefaultSortOrder, useTable } from '@refinedev/antd';
import { Button, Empty, Grid, Input, Modal, Table, Tag, Typography } from 'antd';
import { FolderOpenOutlined, PlusOutlined } from '@ant-design/icons';
import { session } from '../../../providers/session';
import type { ExpedienteDto } from '../../../domain/expediente';
import { estadoVisible, formatoFecha, guardarExpedienteEnSesion } from './datos';
import './expedientes.css';
import { NoLeidosCaso } from './NoLeidos';

const NUEVO = '/expediente/nuevo';

/** /expedientes: the cases of every persona the user may see, sorted, filtered and paged by the server. */
export default function Expedientes() {
  const navigate = useNavigate();
  const { open } = useNotification();
  const { token, idPersona } = session.get();
  const conSesion = !!token && !!idPersona;
  const [texto, setTexto] = useState('');
  const [ayudaVista, setAyudaVista] = useState(false);
  // on a phone: the title (with client and date under it) and the state, no sideways scroll
  const movil = Grid.useBreakpoint().md === false;

  useEffect(() => {
    if (!conSesion) open?.({ type: 'error', message: 'Error', description: 'Debe iniciar sesión para ver sus expedientes' });
  }, [conSesion, open]);

  const { tableProps, sorters, filters, setFilters, tableQuery } = useTable<ExpedienteDto>({
    resource: 'expedientes',
    pagination: { mode: 'server', pageSize: 10 },
    sorters: { initial: [{ field: 'fechaAlta', order: 'desc' }] },
    filters: { mode: 'server', permanent: [{ field: 'ownerId', operator: 'eq', value: idPersona }] },
    syncWithLocation: false,
    queryOptions: { enabled: conSesion },
    errorNotification: { type: 'error', message: 'Error', description: 'No se pudieron cargar los expedientes' },
  });

  // the text filter goes to the server a moment after the user stops typing
  const primera = useRef(true);
  useEffect(() => {
    if (primera.current) {
      primera.current = false;
      return;
    }
    const t = window.setTimeout(() => setFilters([{ field: 'q', operator: 'contains', value: texto.trim() }], 'replace'), 300);
    return () => window.clearTimeout(t);
  }, [texto, setFilters]);

  const filtrando = filters.some((f) => 'field' in f && f.field === 'q' && f.value);
  const sinNinguno = conSesion && tableQuery.isSuccess && !filtrando && (tableQuery.data?.total ?? 0) === 0;

  const abrir = (row: ExpedienteDto) => {
    guardarExpedienteEnSesion(row);
    navigate(`/expediente/${row.id}`);
  };

  const ordenable = (field: string) => ({
    sorter: true,
    sortDirections: ['ascend', 'descend'] as Array<'ascend' | 'descend'>,
    sortOrder: getDefaultSortOrder(field, sorters),
    showSorterTooltip: { title: 'Ordenar' },
  });

  return (
    <div className="exp-pagina">
      <div className="exp-titulo">
        <Typography.Title level={2}>Expedientes</Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(NUEVO)}>
          Nuevo Expediente
        </Button>
      </div>
      <Input.Search
        allowClear
        className="exp-filtro"
        placeholder="Filtrar por cliente, título o notaría..."
        aria-label="Filtrar por cliente, título o notaría"
        value={texto}
        onChange={(e) => setTexto(e.target.value)}
      />
      <Table<ExpedienteDto>
        {...tableProps}
        rowKey="id"
        scroll={movil ? undefined : { x: 760 }}
        rowClassName="exp-fila"
        onRow={(row) => ({
          onClick: () => abrir(row),
          onKeyDown: (e) => {
            if (e.key === 'Enter') abrir(row);
          },
          tabIndex: 0,
          'aria-label': `Abrir expediente ${row.titulo}`,
        })}
        locale={{
          emptyText: (
            <Empty description="No se encontraron expedientes">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(NUEVO)}>
                Crear expediente
              </Button>
            </Empty>
          ),
        }}
        columns={[
          { title: 'Notaría', dataIndex: 'notariaNombre', key: 'notariaNombre', responsive: ['md'], ...ordenable('notariaNombre') },
          { title: 'Fecha Alta', dataIndex: 'fechaAlta', key: 'fechaAlta', render: formatoFecha, responsive: ['md'], ...ordenable('fechaAlta') },
          { title: 'Cliente', dataIndex: 'clienteNombre', key: 'clienteNombre', responsive: ['md'], ...ordenable('clienteNombre') },
          {
            title: 'Título',
            dataIndex: 'titulo',
            key: 'titulo',
            render: (titulo: string, row: ExpedienteDto) => (
              <>
                {titulo}
                <NoLeidosCaso id={row.id} />
                {movil && <span className="exp-detalle-movil">{`${row.clienteNombre} · ${formatoFecha(row.fechaAlta)}`}</span>}
              </>
            ),
          },
          {
            title: 'Estado',
            dataIndex: 'estado',
            key: 'estado',
            render: (estado: string) => {
              const e = estadoVisible(estado);
              return <Tag color={e.color}>{e.etiqueta}</Tag>;
            },
          },
          { title: 'Fecha de vencimiento', dataIndex: 'dueDate', key: 'dueDate', render: formatoFecha, responsive: ['md'], ...ordenable('dueDate') },
        ]}
      />
      <Modal
        open={sinNinguno && !ayudaVista}
        title={
          <span>
            <FolderOpenOutlined /> Aún no tiene expedientes
          </span>
        }
        onCancel={() => setAyudaVista(true)}
        closable={{ 'aria-label': 'Cerrar' }}
        footer={
          <Button type="primary" onClick={() => setAyudaVista(true)}>
            Entendido
          </Button>
        }
      >
        <p>
          Un expediente reúne todo lo que la notaría tramita para usted. Cree uno con el botón <strong>+ Nuevo Expediente</strong>.
        </p>
        <p>Dentro del expediente podrá solicitar los actos notariales que necesite (poderes, compraventas, testamentos...).</p>
      </Modal>
    </div>
  );
}
