import { useRef, useState } from 'react';
import { useCreate, useNavigation } from '@refinedev/core';
import { Alert, Button, Card, DatePicker, Form, Input, Select, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { session } from '../../../providers/session';
import { reglasPendientesExpediente, type ExpedienteDto } from '../../../domain/expediente';
import { MENSAJES_EXPEDIENTE } from '../../../domain/expediente-rules';
import { guardarExpedienteEnSesion, useNotarias } from './datos';
import { useClientesBuscables } from '../../persona-forms/use-clientes';
import { displayName } from '../../../providers/auth-provider';
import '../../expediente/expediente.css';

/**
 * The clients a case can be opened for (see persona-forms/use-clientes) as select options,
 * searched on the server: `onSearch` is the select's.
 */
function useClientes() {
  const { clientes, isLoading, onSearch } = useClientesBuscables(session.get().idPersona);
  return { clientes: clientes.map((p) => ({ value: p.id, label: displayName(p) })), isLoading, onSearch };
}

/**
 * /expediente/nuevo and /expedientes/nuevo: notaría, client, title and due date. Each rule's
 * message stays under its field until it is met; the create button waits for all four.
 */
export default function NuevoExpediente() {
  const { list, show } = useNavigation();
  const { token, idPersona } = session.get();
  const conSesion = !!token && !!idPersona;
  const { notarias, isLoading: cargandoNotarias } = useNotarias();
  const { clientes, isLoading: cargandoClientes, onSearch: buscarClientes } = useClientes();
  const [notariaId, setNotariaId] = useState<number>();
  const [personaId, setPersonaId] = useState<string>();
  const [titulo, setTitulo] = useState('');
  const [dueDate, setDueDate] = useState<Dayjs | null>(null);
  const { mutate: crear, mutation } = useCreate<ExpedienteDto>();

  const valores = { notariaId, personaId, titulo, dueDate: dueDate?.format('YYYY-MM-DD'), links: [] };
  const pendientes = reglasPendientesExpediente(valores);
  const listo = conSesion && Object.keys(pendientes).length === 0;

  // a field's rule is told once the field is left, or on an attempt to create: not before anything is typed
  const [tocados, setTocados] = useState<ReadonlySet<string>>(new Set());
  const tocar = (campo: keyof typeof pendientes) => () => setTocados((t) => (t.has(campo) ? t : new Set(t).add(campo)));
  const aviso = (campo: keyof typeof pendientes) => ({ help: (tocados.has(campo) && pendientes[campo]) || ' ', validateStatus: '' as const });

  // one case per press: a second submit (Enter then a click, a double click) while the first is on its way creates nothing
  const enviado = useRef(false);
  function enviar() {
    if (!listo) setTocados(new Set(['notariaId', 'personaId', 'titulo', 'dueDate']));
    if (!listo || enviado.current) return;
    enviado.current = true;
    crear(
      {
        resource: 'expedientes',
        values: { ...valores, titulo: titulo.trim() },
        successNotification: { type: 'success', message: 'Expediente creado', description: 'El expediente se ha creado correctamente' },
        errorNotification: { type: 'error', message: 'Error', description: 'No se pudo crear el expediente' },
      },
      {
        onError: () => {
          enviado.current = false;
        },
        onSuccess: ({ data }) => {
          guardarExpedienteEnSesion(data);
          show('expedientes', data.id, 'replace');
        },
      },
    );
  }

  return (
    <div className="exp-pagina">
      <Button icon={<ArrowLeftOutlined />} onClick={() => list('expedientes')}>
        Volver
      </Button>
      <Typography.Title level={2}>Nuevo Expediente</Typography.Title>
      <Card className="exp-nuevo">
        {!conSesion && <Alert type="error" showIcon message={MENSAJES_EXPEDIENTE.sesion} className="exp-alerta" />}
        <Form layout="vertical" onFinish={enviar} requiredMark>
          <Form.Item label="Notaría" htmlFor="nuevo-notaria" required {...aviso('notariaId')}>
            <Select
              id="nuevo-notaria"
              placeholder="Seleccione una notaría"
              loading={cargandoNotarias}
              value={notariaId}
              onChange={setNotariaId}
              onBlur={tocar('notariaId')}
              options={notarias.map((n) => ({ value: n.idint, label: n.nombre }))}
              showSearch
              optionFilterProp="label"
            />
          </Form.Item>
          <Form.Item label="Cliente" htmlFor="nuevo-cliente" required {...aviso('personaId')}>
            <Select
              id="nuevo-cliente"
              placeholder="Seleccione un cliente"
              loading={cargandoClientes}
              value={personaId}
              onChange={setPersonaId}
              onBlur={tocar('personaId')}
              options={clientes}
              showSearch
              // searched on the server: the owner's list is paged
              filterOption={false}
              onSearch={buscarClientes}
              notFoundContent={cargandoClientes ? 'Cargando...' : 'No hay clientes'}
            />
          </Form.Item>
          <Form.Item label="Título" htmlFor="nuevo-titulo" required {...aviso('titulo')}>
            <Input id="nuevo-titulo" maxLength={200} value={titulo} onChange={(e) => setTitulo(e.target.value)} onBlur={tocar('titulo')} placeholder="Por ejemplo: Compraventa de vivienda" />
          </Form.Item>
          <Form.Item label="Fecha de vencimiento" htmlFor="nuevo-fecha" required {...aviso('dueDate')}>
            {/* Enter in the date confirms the date only; the case is created by its button */}
            <div onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}>
              <DatePicker
                id="nuevo-fecha"
                format="DD/MM/YYYY"
                placeholder="dd/mm/aaaa"
                value={dueDate}
                onChange={(d) => setDueDate(d)}
                onBlur={tocar('dueDate')}
                disabledDate={(d) => d.isBefore(dayjs(), 'day')}
                style={{ width: '100%' }}
              />
            </div>
          </Form.Item>
          <Button type="primary" htmlType="submit" disabled={!listo} loading={mutation.isPending}>
            Crear expediente
          </Button>
        </Form>
      </Card>
    </div>
  );
}
