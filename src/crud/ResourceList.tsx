import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert, Button, Flex, Grid, Space, Switch } from 'antd';
// the search box alone: antd's Input carries TextArea, Password and OTP with it (~5 KB on the wire)
import Search from 'antd/es/input/Search';
import { EditOutlined, PlusOutlined, UndoOutlined } from '@ant-design/icons';
import { useCan, useTable, type BaseRecord } from '@refinedev/core';
import { liveFilter, type CatalogueConfig } from '../../domain/resource';
import { renderCell } from './cells';
import RowDelete from './RowDelete';
import CardList from './CardList';
import Tabla, { ordenDe, tablaDeRefine, type ColumnaTabla } from './Tabla';
import CargandoDialogo from './CargandoDialogo';
import type { PeticionFormulario } from './ResourceFormModal';
import './crud.css';
import { searchFilter, searchText } from './search';
import { useResourceMessages } from './use-resource-messages';
import { useRowChanges } from './use-row-changes';

// The create and edit forms load on the first 'Crear ...' or 'Editar' (pointer over or focus on
// the button starts it): the list opens without the form inputs, date pickers and selects.
const cargarFormulario = () => import('./ResourceFormModal');
const ResourceFormModal = lazy(cargarFormulario);
const precargar = { onMouseEnter: () => void cargarFormulario(), onFocus: () => void cargarFormulario() };

export interface ResourceListProps {
  config: CatalogueConfig;
  /** Actions a page adds to each row (e.g. staff Activar/Desactivar). */
  rowActions?: (record: BaseRecord) => ReactNode;
}

/**
 * The generated view of a resource: a paginated, sortable, searchable table (server side, the
 * state kept in the URL) with create / edit forms in a modal and delete with confirmation.
 * A resource deleted softly (its deletion column false) also lists its deleted rows ('Ver eliminados'),
 * each with 'Restaurar'. On a phone the rows are stacked cards instead of a table.
 */
export default function ResourceList(props: ResourceListProps) {
  const [deleted, setDeleted] = useState(false);
  const canRestore = (useCan({ resource: props.config.name, action: 'edit' }).data?.can ?? false) && props.config.deletion.mode === 'soft';
  // a new list for each mode: its permanent filter (the deletion column) is read when the table is set up
  return <ResourceTable key={deleted ? 'eliminados' : 'activos'} {...props} deleted={deleted} onDeleted={canRestore ? setDeleted : undefined} />;
}

function ResourceTable({
  config,
  rowActions,
  deleted,
  onDeleted,
}: ResourceListProps & { deleted: boolean; onDeleted?: (deleted: boolean) => void }) {
  const phone = Grid.useBreakpoint().md === false;
  const messages = useResourceMessages(config);
  const rows = useRowChanges(config, messages);
  const table = useTable({
    resource: config.name,
    syncWithLocation: true,
    pagination: { pageSize: 10 },
    sorters: { initial: [config.defaultSort] },
    filters: { permanent: liveFilter(config.deletion, !deleted) },
    meta: config.list.select ? { select: config.list.select } : undefined,
    errorNotification: false,
  });
  const { tableQuery, sorters, filters, setFilters } = table;
  // each press is a new request object: the form opens again
  const [create, setCreate] = useState<PeticionFormulario | null>(null);
  const [edit, setEdit] = useState<PeticionFormulario | null>(null);
  const canCreate = (useCan({ resource: config.name, action: 'create' }).data?.can ?? false) && !deleted;
  const canEdit = (useCan({ resource: config.name, action: 'edit' }).data?.can ?? false) && !deleted;
  const canDelete = (useCan({ resource: config.name, action: 'delete' }).data?.can ?? false) && config.deletion.mode !== 'none' && !deleted;
  const hasActions = canEdit || canDelete || !!rowActions || deleted;
  const searchFields = config.list.searchFields ?? [];

  const actions = (record: BaseRecord) => (
    // one line on a desktop's row; on a phone's card they may wrap
    <Space wrap={phone} size="small">
      {canEdit && <Button size="small" icon={<EditOutlined />} aria-label="Editar" title="Editar" onClick={() => setEdit({ id: record.id })} {...precargar} />}
      {!deleted && rowActions?.(record)}
      {canDelete && record.id !== undefined && <RowDelete config={config} onConfirm={() => rows.deleteRow(record.id!)} loading={rows.pending(record.id)} />}
      {deleted && record.id !== undefined && (
        <Button size="small" icon={<UndoOutlined />} onClick={() => rows.restoreRow(record.id!)} loading={rows.pending(record.id)}>
          Restaurar
        </Button>
      )}
    </Space>
  );

  const columns: ColumnaTabla<BaseRecord>[] = config.list.columns.map((column) => ({
    key: column.field ?? column.title,
    title: column.title,
    dataIndex: column.field,
    sorter: !!(column.sortable && column.field),
    sortOrder: column.sortable && column.field ? ordenDe(column.field, sorters) : undefined,
    render: (_: never, record: BaseRecord) => renderCell(column, record),
  }));
  if (hasActions) columns.push({ key: 'acciones', title: 'Acciones', className: 'crud-acciones', render: (_: never, record: BaseRecord) => actions(record) });
  const tabla = tablaDeRefine(table, { showSizeChanger: !phone, showTotal: (total: number) => `${total} en total`, simple: phone, align: phone ? 'center' : 'end' });

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Flex gap="small" wrap justify="space-between" align="center">
        {searchFields.length > 0 ? (
          <Search
            key={searchText(filters)}
            defaultValue={searchText(filters)}
            placeholder={config.list.searchPlaceholder ?? 'Buscar...'}
            aria-label={`Buscar ${config.labels.plural.toLowerCase()}`}
            allowClear
            enterButton="Buscar"
            style={{ maxWidth: 420 }}
            onSearch={(text) => setFilters(searchFilter(searchFields, text), 'replace')}
          />
        ) : (
          <span />
        )}
        <Flex gap="small" wrap align="center">
          {onDeleted && (
            <label className="crud-eliminados">
              <Switch size="small" checked={deleted} onChange={onDeleted} /> Ver eliminados
            </label>
          )}
          {canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreate({})} {...precargar}>
              {`Crear ${config.labels.singular.toLowerCase()}`}
            </Button>
          )}
        </Flex>
      </Flex>

      {tableQuery.isError ? (
        <Alert
          type="error"
          showIcon
          message={messages.loadError}
          description={(tableQuery.error as { message?: string } | null)?.message}
          action={<Button onClick={() => tableQuery.refetch()}>Reintentar</Button>}
        />
      ) : phone ? (
        <CardList
          records={tabla.dataSource}
          loading={tabla.loading}
          columns={config.list.columns}
          actions={hasActions ? actions : undefined}
          pagination={tabla.pagination}
          empty={deleted ? 'No hay elementos eliminados' : undefined}
        />
      ) : (
        // no sideways scroll on a computer: the columns share the width and long texts wrap
        <Tabla {...tabla} rowKey="id" columns={columns} className="crud-tabla" emptyText={deleted ? 'No hay elementos eliminados' : undefined} />
      )}

      <Suspense fallback={<CargandoDialogo />}>
        {create && <ResourceFormModal config={config} action="create" peticion={create} />}
        {edit && <ResourceFormModal config={config} action="edit" peticion={edit} />}
      </Suspense>
    </Space>
  );
}
