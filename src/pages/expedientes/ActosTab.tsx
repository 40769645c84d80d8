import { useState } from 'react';
import { Alert, Button, Grid, Select, Table, Tag } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { isTempId } from '../../../domain/temp-id';
import type { ActoDto, ExpedienteDto } from '../../../domain/expediente';
import { ESTADOS_ACTO, ETIQUETA_ESTADO_ACTO, type EstadoActo } from '../../../domain/expediente-rules';
import { accionesClienteActos } from '../../../domain/despacho-rules';
import { formatoFechaHora } from '../../expediente/formato';
import { useActos } from './use-actos';
import NuevoActoDialog, { type ActoElegido } from './NuevoActoDialog';
import FormularioActoDialog from './FormularioActoDialog';


/** The acts of a case: status saved at once, the new-act flow and the form of each act. */
export default function ActosTab({ expediente }: { expediente: ExpedienteDto }) {
  const { actos, isLoading, guardar, cambiarEstado } = useActos(expediente.id);
  const [nuevo, setNuevo] = useState(false);
  // on a phone: title, status and the form's button fit the width; act and date go under the title
  const movil = Grid.useBreakpoint().md === false;
  const [abierto, setAbierto] = useState<{ acto: ActoDto; definicion?: unknown } | null>(null);
  // only what the case's estado allows the client is offered (the server refuses the rest)
  const puede = accionesClienteActos(expediente.estado);

  function empezar({ acto, plantilla, titulo }: ActoElegido) {
    setNuevo(false);
    setAbierto({
      acto: {
        id: '',
        expedienteId: expediente.id,
        titulo,
        status: 'BORRADOR',
        fecha: new Date().toISOString(),
        definicionActoId: plantilla?.definicionactoid ?? acto.id,
        datosFormulario: {},
        nombre_acto: acto.nombre,
        url_acto: acto.url_acto,
      },
      definicion: acto.json_definicion ?? undefined,
    });
  }

  return (
    <div>
      {!puede.editar && puede.motivo && <Alert className="exp-cerrado" type="info" showIcon message={puede.motivo} />}
      <div className="exp-barra">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setNuevo(true)} disabled={!puede.editar}>
          Nuevo acto
        </Button>
      </div>
      <Table<ActoDto>
        rowKey="id"
        loading={isLoading}
        dataSource={actos}
        pagination={false}
        scroll={movil ? undefined : { x: 640 }}
        locale={{ emptyText: 'Este expediente aún no tiene actos' }}
        columns={[
          {
            title: 'Título',
            dataIndex: 'titulo',
            render: (t: string, a) => (
              <span>
                {t} {isTempId(a.id) && <Tag color="orange">Pendiente de guardar</Tag>}
                {movil && <span className="exp-detalle-movil">{`${a.nombre_acto ?? '—'} · ${formatoFechaHora(a.fecha)}`}</span>}
                {/* the notaría returned it: its comment says what to correct before sending it again */}
                {a.status === 'BORRADOR' && a.devolucionComentario && (
                  <Alert
                    className="exp-devuelto"
                    type="warning"
                    showIcon
                    message={`Devuelto por la notaría${a.devueltoEn ? ` el ${formatoFechaHora(a.devueltoEn)}` : ''}`}
                    description={a.devolucionComentario}
                  />
                )}
              </span>
            ),
          },
          { title: 'Acto', dataIndex: 'nombre_acto', render: (n: string | null) => n ?? '—', responsive: ['md'] },
          { title: 'Fecha', dataIndex: 'fecha', render: formatoFechaHora, responsive: ['md'] },
          {
            title: 'Estado',
            dataIndex: 'status',
            render: (status: EstadoActo, a) => (
              <span>
                <Select
                  aria-label={`Estado de ${a.titulo}`}
                  value={status}
                  style={{ minWidth: movil ? 110 : 130 }}
                  onChange={(v) => void cambiarEstado(a, v)}
                  disabled={!puede.editar}
                  options={ESTADOS_ACTO.map((e) => ({
                    value: e,
                    label: ETIQUETA_ESTADO_ACTO[e],
                    // a sent act goes back to draft by the office's hand once it has taken the case
                    disabled: e === 'BORRADOR' && status === 'ENVIADO' && !puede.aBorrador,
                    title: e === 'BORRADOR' && status === 'ENVIADO' && !puede.aBorrador ? (puede.motivo ?? undefined) : undefined,
                  }))}
                />{' '}
                {status === 'BORRADOR' && a.retiradoEn && !a.devolucionComentario && <Tag color="gold">Retirado el {formatoFechaHora(a.retiradoEn)}</Tag>}
              </span>
            ),
          },
          {
            title: 'Acciones',
            key: 'acciones',
            // a sent act's form opens read-only (FormularioActoDialog)
            render: (_, a) => (
              <Button icon={<EditOutlined />} onClick={() => setAbierto({ acto: a })} aria-label={`Abrir formulario de ${a.titulo}`}>
                {!movil && 'Formulario'}
              </Button>
            ),
          },
        ]}
      />
      <NuevoActoDialog open={nuevo} notariaId={expediente.notariaId} onCancel={() => setNuevo(false)} onElegido={empezar} />
      {abierto && (
        <FormularioActoDialog
          acto={abierto.acto}
          definicion={abierto.definicion}
          guardar={guardar}
          onClose={() => setAbierto(null)}
          cerradoPorque={puede.editar ? null : puede.motivo}
        />
      )}
    </div>
  );
}
