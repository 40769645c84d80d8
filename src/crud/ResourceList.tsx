import type { ReactNode } from 'react';
import { Alert, Button, Flex, Form, Input, Modal, Space, Table } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { getDefaultSortOrder, useTable } from '@refinedev/antd';
import { useCan, type BaseRecord, type CrudFilter } from '@refinedev/core';
import type { ResourceConfig } from '../../domain/resource';
import { renderCell } from './cells';
import ResourceFormFields from './ResourceFormFields';
import RowDelete from './RowDelete';
import { useResourceModal } from './use-resource-modal';

const SEARCH_KEY = 'buscar';

/** The list's search box as a filter: "contains" on any of the search fields (quotes would break PostgREST's or=). */
function searchFilter(fields: string[], text: string): CrudFilter[] {
  const value = text.replace(/["\\]/g, '').trim();
  if (!value) return [];
  return [{ key: SEARCH_KEY, operator: 'or', value: fields.map((field) => ({ field, operator: 'contains', value })) }];
}

function searchText(filters: CrudFilter[]): string {
  const f = filters.find((x) => 'key' in x && x.key === SEARCH_KEY);
  const first = Array.isArray(f?.value) ? (f.value[0] as { value?: unknown } | undefined) : undefined;
  return typeof first?.value === 'string' ? first.value : '';
}

export interface ResourceListProps {
  config: ResourceConfig;
  /** Actions a page adds to each row (e.g. staff Activar/Desactivar). */
  rowActions?: (record: BaseRecord) => ReactNode;
}

/**
 * The generated view of a resource: a paginated, sortable, searchable table (server side, the
 * state kept in the URL) with create / edit forms in a modal and delete with confirmation.
 */
export default function ResourceList({ config, rowActions }: ResourceListProps) {
  const { tableProps, tableQuery, sorters, filters, setFilters } = useTable({
    resource: config.name,
    syncWithLocation: true,
    pagination: { pageSize: 10 },
    sorters: { initial: [config.defaultSort] },
    filters: { permanent: config.deletion === 'soft' ? [{ field: 'activo', operator: 'eq', value: true }] : [] },
    meta: config.list.select ? { select: config.list.select } : undefined,
    errorNotification: false,
  });
  const create = useResourceModal(config, 'create');
  const edit = useResourceModal(config, 'edit');
  const canCreate = useCan({ resource: config.name, action: 'create' }).data?.can ?? false;
  const canEdit = useCan({ resource: config.name, action: 'edit' }).data?.can ?? false;
  const canDelete = (useCan({ resource: config.name, action: 'delete' }).data?.can ?? false) && config.deletion !== 'none';
  const hasActions = canEdit || canDelete || !!rowActions;
  const searchFields = config.list.searchFields ?? [];

  const columns = config.list.columns.map((column) => ({
    key: column.field ?? column.title,
    title: column.title,
    dataIndex: column.field,
    sorter: column.sortable && column.field ? true : undefined,
    sortOrder: column.sortable && column.field ? getDefaultSortOrder(column.field, sorters) : undefined,
    render: (_: unknown, record: BaseRecord) => renderCell(column, record),
  }));
  if (hasActions) {
    columns.push({
      key: 'acciones',
      title: 'Acciones',
      dataIndex: undefined,
      sorter: undefined,
      sortOrder: undefined,
      render: (_: unknown, record: BaseRecord) => (
        <Space wrap size="small">
          {canEdit && (
            <Button size="small" icon={<EditOutlined />} aria-label="Editar" title="Editar" onClick={() => edit.show(record.id)} />
          )}
          {rowActions?.(record)}
          {canDelete && record.id !== undefined && <RowDelete config={config} id={record.id} />}
        </Space>
      ),
    });
  }

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Flex gap="small" wrap justify="space-between">
        {searchFields.length > 0 ? (
          <Input.Search
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
        {canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => create.show()}>
            {`Crear ${config.labels.singular.toLowerCase()}`}
          </Button>
        )}
      </Flex>

      {tableQuery.isError ? (
        <Alert
          type="error"
          showIcon
          message={config.messages.loadError}
          description={(tableQuery.error as { message?: string } | null)?.message}
          action={<Button onClick={() => tableQuery.refetch()}>Reintentar</Button>}
        />
      ) : (
        <Table
          {...tableProps}
          rowKey="id"
          columns={columns}
          scroll={{ x: 'max-content' }}
          pagination={{ ...tableProps.pagination, showSizeChanger: true, showTotal: (total) => `${total} en total` }}
        />
      )}

      <Modal {...create.modalProps}>
        <Form {...create.formProps}>
          <ResourceFormFields config={config} />
        </Form>
      </Modal>
      <Modal {...edit.modalProps}>
        <Form {...edit.formProps}>
          <ResourceFormFields config={config} />
        </Form>
      </Modal>
    </Space>
  );
}
