import { useState } from 'react';
import { useCustomMutation, useInvalidate, useList, useNotification } from '@refinedev/core';
import { Button, Empty, Form, Input, List, Modal, Select, Space, Tag, Typography } from 'antd';
import { SafetyCertificateOutlined, StopOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import copiasElectronicas from '../../../../resources/copias-electronicas';
import documentos from '../../../../resources/documentos';
import { serviciosUrl } from '../../../../resources/servicios-url';
import type { CopiaElectronicaDto } from '../../../../domain/verificacion';
import type { DocumentoDto } from '../../../../domain/documentos';
import { useDocumentosExpediente } from '../../../expediente/use-archivos-caso';

const ETIQUETA = { SIMPLE: 'Copia simple electrónica', AUTORIZADA: 'Copia autorizada electrónica' } as const;

/**
 * The office issues electronic copies of the case's deeds (CSV on every page, QR to /verificar,
 * signed with the notaría's certificate) and revokes them with a reason.
 */
export default function CopiasElectronicasDespacho({ expedienteId }: { expedienteId: string }) {
  const { result, query } = useList<CopiaElectronicaDto>({
    resource: copiasElectronicas.name,
    filters: [{ field: 'expedienteId', operator: 'eq', value: expedienteId }],
    pagination: { mode: 'off' },
    errorNotification: false,
  });
  const { documentos: docs } = useDocumentosExpediente(expedienteId);
  const escrituras = docs.filter((d: DocumentoDto) => d.tipo === 'ESCRITURA' && d.mime === 'application/pdf');
  const { mutateAsync, mutation } = useCustomMutation<CopiaElectronicaDto>();
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const [emitir] = Form.useForm<{ documentoId: string; tipo: 'SIMPLE' | 'AUTORIZADA' }>();
  const [revocando, setRevocando] = useState<CopiaElectronicaDto | null>(null);
  const [revocar] = Form.useForm<{ motivo: string }>();
  const refrescar = async () => {
    await invalidate({ resource: copiasElectronicas.name, invalidates: ['list'] });
    await invalidate({ resource: documentos.name, invalidates: ['list'] });
  };
  const fallo = (message: string) => (e: Error) => open?.({ type: 'error', message, description: e.message });

  const onEmitir = async (v: { documentoId: string; tipo: 'SIMPLE' | 'AUTORIZADA' }) => {
    await mutateAsync({ url: serviciosUrl(copiasElectronicas.name, 'emitir', { expedienteId }), method: 'post', values: v, successNotification: false, errorNotification: false }).then(
      async ({ data }) => {
        open?.({ type: 'success', message: 'Copia electrónica emitida', description: `CSV ${data.csv}` });
        await refrescar();
      },
      fallo('No se pudo emitir la copia'),
    );
  };
  const onRevocar = async () => {
    const { motivo } = await revocar.validateFields();
    await mutateAsync({ url: serviciosUrl(copiasElectronicas.name, 'revocar', { id: revocando!.id }), method: 'put', values: { motivo }, successNotification: false, errorNotification: false }).then(
      async () => {
        open?.({ type: 'success', message: 'Copia revocada' });
        setRevocando(null);
        revocar.resetFields();
        await refrescar();
      },
      fallo('No se pudo revocar la copia'),
    );
  };

  return (
    <section aria-label="Copias electrónicas">
      <Typography.Title level={5}>Copias electrónicas</Typography.Title>
      <Form form={emitir} layout="inline" onFinish={onEmitir} initialValues={{ tipo: 'AUTORIZADA' }} style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item name="documentoId" label="Escritura" rules={[{ required: true, message: 'Elija la escritura' }]}>
          <Select style={{ minWidth: 260 }} placeholder={escrituras.length ? 'Seleccione...' : 'Suba antes la escritura en PDF'} options={escrituras.map((d) => ({ value: d.id, label: d.nombre }))} />
        </Form.Item>
        <Form.Item name="tipo" label="Tipo de copia">
          <Select style={{ minWidth: 220 }} options={[{ value: 'AUTORIZADA', label: ETIQUETA.AUTORIZADA }, { value: 'SIMPLE', label: ETIQUETA.SIMPLE }]} />
        </Form.Item>
        <Button htmlType="submit" type="primary" icon={<SafetyCertificateOutlined />} loading={mutation.isPending}>
          Emitir copia electrónica
        </Button>
      </Form>
      <List
        loading={query.isLoading}
        dataSource={result.data}
        locale={{ emptyText: <Empty description="Aún no se ha emitido ninguna copia electrónica" /> }}
        renderItem={(c) => (
          <List.Item
            actions={
              c.revocadaEn
                ? []
                : [
                    <Button key="revocar" danger icon={<StopOutlined />} onClick={() => setRevocando(c)} aria-label={`Revocar la copia ${c.csv}`}>
                      Revocar
                    </Button>,
                  ]
            }
          >
            <List.Item.Meta
              title={
                <Space wrap>
                  {ETIQUETA[c.tipo]}
                  <Typography.Text code copyable>
                    {c.csv}
                  </Typography.Text>
                  {c.revocadaEn ? <Tag color="red">Revocada</Tag> : <Tag color="green">Vigente</Tag>}
                </Space>
              }
              description={
                <>
                  Emitida el {dayjs(c.emitidaEn).format('DD/MM/YYYY HH:mm')}. SHA-256 <span style={{ wordBreak: 'break-all' }}>{c.sha256}</span>
                  {c.revocadaEn && <div>Revocada el {dayjs(c.revocadaEn).format('DD/MM/YYYY HH:mm')}: {c.motivoRevocacion}</div>}
                </>
              }
            />
          </List.Item>
        )}
      />
      <Modal open={!!revocando} title="Revocar la copia electrónica" okText="Revocar" okButtonProps={{ danger: true }} cancelText="Cancelar" confirmLoading={mutation.isPending} onOk={onRevocar} onCancel={() => setRevocando(null)}>
        <p>Desde ahora su código ({revocando?.csv}) responderá «Revocada» a quien lo verifique.</p>
        <Form form={revocar} layout="vertical">
          <Form.Item name="motivo" label="Motivo" rules={[{ required: true, whitespace: true, message: 'Indique el motivo de la revocación' }, { max: 500, message: 'El motivo no puede superar los 500 caracteres' }]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}
