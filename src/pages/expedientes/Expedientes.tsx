import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useNavigation, useNotification, useTable } from '@refinedev/core';
import { Button, Tag } from 'antd';
import { usePantalla } from '../../crud/use-pantalla';
import Buscador from '../../crud/Buscador';
import { useFiltroDiferido } from '../../crud/use-filtro-diferido';
import { PlusOutlined } from '@ant-design/icons';
import { session } from '../../../providers/session';
import type { ExpedienteDto } from '../../../domain/expediente';
import { estadoVisible, guardarExpedienteEnSesion } from './datos';
import { formatoFecha } from '../../expediente/formato';
import '../../expediente/expediente.css';
import { NoLeidosCaso } from '../../expediente/NoLeidos';
import { useNoLeidos } from '../../expediente/use-archivos-caso';
import CargandoDialogo from '../../crud/CargandoDialogo';
import Tabla, { ordenDe, tablaDeRefine } from '../../crud/Tabla';
import { Titulo } from '../../crud/Titulo';
import Vacio from '../../crud/Vacio';
import { subpages } from '../../paths';

// shown once, to a client with no case yet: its dialog loads only then
const AyudaSinExpedientes = lazy(() => import('./AyudaSinExpedientes'));


/** /expedientes: the cases of every persona the user may see, sorted, filtered and paged by the server. */
export default function Expedientes() {
  const navigate = useNavigate();
  const { show } = useNavigation();
  const { open } = useNotification();
  const { token, idPersona } = session.get();
  const conSesion = !!token && !!idPersona;
  const [texto, setTexto] = useState('');
  const [ayudaVista, setAyudaVista] = useState(false);
  // on a phone: the title (with client and date under it) and the state, no sideways scroll
  const movil = usePantalla().md === false;

  useEffect(() => {
    if (!conSesion) open?.({ type: 'error', message: 'Error', description: 'Debe iniciar sesión para ver sus expedientes' });
  }, [conSesion, open]);

  const tabla = useTable<ExpedienteDto>({
    resource: 'expedientes',
    pagination: { mode: 'server', pageSize: 10 },
    sorters: { initial: [{ field: 'fechaAlta', order: 'desc' }] },
    filters: { mode: 'server', permanent: [{ field: 'ownerId', operator: 'eq', value: idPersona }] },
    syncWithLocation: false,
    queryOptions: { enabled: conSesion },
    errorNotification: { type: 'error', message: 'Error', description: 'No se pudieron cargar los expedientes' },
  });
  const { sorters, filters, setFilters, tableQuery } = tabla;
  const noLeidos = useNoLeidos().porExpediente;

  // the text filter goes to the server a moment after the user stops typing
  useFiltroDiferido(() => setFilters([{ field: 'q', operator: 'contains', value: texto.trim() }], 'replace'), [texto]);

  const filtrando = filters.some((f) => 'field' in f && f.field === 'q' && f.value);
  const sinNinguno = conSesion && tableQuery.isSuccess && !filtrando && (tableQuery.data?.total ?? 0) === 0;

  const abrir = (row: ExpedienteDto) => {
    guardarExpedienteEnSesion(row);
    show('expedientes', row.id);
  };

  const ordenable = (field: string) => ({
    sorter: true,
    sortDirections: ['ascend', 'descend'] as Array<'ascend' | 'descend'>,
    sortOrder: ordenDe(field, sorters),
  });

  return (
    <div className="exp-pagina">
      <div className="exp-titulo">
        <Titulo>Expedientes</Titulo>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(subpages.nuevoExpediente)}>
          Nuevo Expediente
        </Button>
      </div>
      <Buscador
        className="exp-filtro"
        placeholder="Filtrar por cliente, título o notaría..."
        label="Filtrar por cliente, título o notaría"
        value={texto}
        onChange={setTexto}
      />
      <Tabla<ExpedienteDto>
        {...tablaDeRefine(tabla, { simple: movil, align: movil ? 'center' : 'end' })}
        rowKey="id"
        minWidth={movil ? undefined : 760}
        rowClassName="exp-fila"
        onRow={(row) => ({
          onClick: () => abrir(row),
          onKeyDown: (e) => {
            if (e.key === 'Enter') abrir(row);
          },
          tabIndex: 0,
          'aria-label': `Abrir expediente ${row.titulo}`,
        })}
        emptyText={
          <Vacio description="No se encontraron expedientes">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(subpages.nuevoExpediente)}>
              Crear expediente
            </Button>
          </Vacio>
        }
        columns={[
          { title: 'Notaría', dataIndex: 'notariaNombre', key: 'notariaNombre', responsive: ['md' as const], ...ordenable('notariaNombre') },
          { title: 'Fecha Alta', dataIndex: 'fechaAlta', key: 'fechaAlta', render: formatoFecha, responsive: ['md' as const], ...ordenable('fechaAlta') },
          { title: 'Cliente', dataIndex: 'clienteNombre', key: 'clienteNombre', responsive: ['md' as const], ...ordenable('clienteNombre') },
          {
            title: 'Título',
            dataIndex: 'titulo',
            key: 'titulo',
            render: (titulo: string, row: ExpedienteDto) => (
              <>
                {titulo}
                <NoLeidosCaso n={noLeidos[row.id]} />
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
          { title: 'Fecha de vencimiento', dataIndex: 'dueDate', key: 'dueDate', render: formatoFecha, responsive: ['md' as const], ...ordenable('dueDate') },
        ]}
      />
      {sinNinguno && (
        <Suspense fallback={<CargandoDialogo />}>
          <AyudaSinExpedientes open={!ayudaVista} onClose={() => setAyudaVista(true)} />
        </Suspense>
      )}
    </div>
  );
}
