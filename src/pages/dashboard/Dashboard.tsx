import { useMemo, useState, type ReactNode } from 'react';
import { useGetIdentity, useNavigation } from '@refinedev/core';
import { Link, useNavigate } from 'react-router';
import { Alert, AutoComplete, Button, Card, Col, Empty, Input, List, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { CalendarOutlined, FileDoneOutlined, FolderOpenOutlined, PlusOutlined, SearchOutlined, StarOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { Identity } from '../../../providers/auth-provider';
import { TEXTOS_CITAS, etiquetaTipo, fechaEs, proximasCitas } from '../../../domain/citas-rules';
import type { ExpedienteDto } from '../../../domain/expediente';
import { ETIQUETA_GRUPO_ESTADO, grupoEstado } from '../../../domain/expediente-rules';
import { todayIso } from '../../../domain/dates';
import { horaCorta } from '../../../domain/slots';
import { useCitas, useNotarias } from '../../citas/datos';
import { useMisExpedientes, useServicios } from './datos';
import { EXPEDIENTE_SESSION_KEY } from '../../../providers/session';
import { foldText } from '../../../domain/text';
import { pathOf, subpages, pagePath } from '../../paths';

/** How many of each the dashboard shows: recent and finished cases, next appointments, popular services. */
const RECIENTES = 5;
const FINALIZADOS = 5;
const PROXIMAS = 5;
const POPULARES = 6;

const COLOR_ESTADO = { finalizado: 'green', en_tramite: 'blue', pendiente: 'gold' } as const;

const fecha = (value: unknown) => {
  const d = dayjs(value as string | number);
  return d.isValid() ? d.format('DD/MM/YYYY') : '';
};

/** /dashboard: welcome, service search, recent cases, upcoming appointments, finished deeds, popular services. */
export default function Dashboard() {
  const navigate = useNavigate();
  const { showUrl } = useNavigation();
  const { data: identity } = useGetIdentity<Identity>();
  const { expedientes, isLoading: cargandoExp, isError: errorExp } = useMisExpedientes();
  const { citas, isLoading: cargandoCitas, isError: errorCitas } = useCitas();
  const { notarias } = useNotarias();
  const { categorias, actos, isLoading: cargandoServicios, isError: errorServicios } = useServicios();

  const recientes = expedientes.slice(0, RECIENTES);
  const finalizados = expedientes.filter((e) => grupoEstado(e.estado) === 'finalizado').slice(0, FINALIZADOS);
  const proximas = proximasCitas(citas, todayIso()).slice(0, PROXIMAS);
  const notaria = (id: number) => notarias.find((n) => Number(n.id) === Number(id))?.nombre ?? 'Notaría no encontrada';

  const abrirExpediente = (e: ExpedienteDto, destino: string) => {
    sessionStorage.setItem(EXPEDIENTE_SESSION_KEY, JSON.stringify(e));
    navigate(destino);
  };

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <div>
        <Typography.Title level={2} style={{ marginBottom: 4 }}>
          Te damos la bienvenida{identity?.name ? `, ${identity.name}` : ''}
        </Typography.Title>
        <Typography.Text type="secondary">¿Qué trámite notarial necesita hoy?</Typography.Text>
      </div>

      <BuscadorServicios
        categorias={categorias}
        actos={actos}
        onElegir={(ruta) => navigate(ruta)}
      />

      {!cargandoExp && !errorExp && expedientes.length === 0 && (
        <Alert
          type="info"
          showIcon
          message="Todavía no tiene expedientes"
          description="Cree su primer expediente para solicitar actos notariales."
          action={
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(subpages.nuevoExpediente)}>
              Nuevo expediente
            </Button>
          }
        />
      )}

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Panel
            title="Expedientes recientes"
            icon={<FolderOpenOutlined />}
            extra={<Link to={pathOf('expedientes')}>Ver todos</Link>}
            loading={cargandoExp}
            error={errorExp ? 'No se pudieron cargar los expedientes' : undefined}
            empty={recientes.length === 0 ? 'No tiene expedientes' : undefined}
          >
            <List
              dataSource={recientes}
              renderItem={(e) => (
                <List.Item extra={<Tag color={COLOR_ESTADO[grupoEstado(e.estado)]}>{ETIQUETA_GRUPO_ESTADO[grupoEstado(e.estado)]}</Tag>}>
                  <List.Item.Meta
                    title={
                      <Link to={showUrl('expedientes', e.id)} onClick={() => sessionStorage.setItem(EXPEDIENTE_SESSION_KEY, JSON.stringify(e))}>
                        {e.titulo}
                      </Link>
                    }
                    description={[e.notariaNombre, fecha(e.fechaAlta)].filter(Boolean).join(' · ')}
                  />
                </List.Item>
              )}
            />
          </Panel>
        </Col>

        <Col xs={24} lg={12}>
          <Panel
            title="Próximas citas"
            icon={<CalendarOutlined />}
            extra={<Link to={pathOf('citas')}>Ver citas</Link>}
            loading={cargandoCitas}
            error={errorCitas ? TEXTOS_CITAS.errorCargar : undefined}
            empty={proximas.length === 0 ? TEXTOS_CITAS.vacio : undefined}
          >
            <List
              dataSource={proximas}
              renderItem={(c) => (
                <List.Item extra={<Tag color={c.type === 'online' ? 'purple' : 'blue'}>{etiquetaTipo(c.type)}</Tag>}>
                  <List.Item.Meta
                    title={`${fechaEs(c.date)} · ${horaCorta(c.time)}`}
                    description={`${c.subject} · ${notaria(c.notaria_id)}`}
                  />
                </List.Item>
              )}
            />
          </Panel>
        </Col>

        <Col xs={24} lg={12}>
          <Panel
            title="Escrituras finalizadas"
            icon={<FileDoneOutlined />}
            extra={<Link to={pathOf('copias')}>Ver copias</Link>}
            loading={cargandoExp}
            error={errorExp ? 'No se pudieron cargar los expedientes' : undefined}
            empty={finalizados.length === 0 ? 'No tiene escrituras finalizadas' : undefined}
          >
            <List
              dataSource={finalizados}
              renderItem={(e) => (
                <List.Item
                  actions={[
                    <Button
                      key="copia"
                      size="small"
                      aria-label={`Solicitar copia de ${e.titulo}`}
                      onClick={() => abrirExpediente(e, subpages.detalleExpediente)}
                    >
                      Solicitar copia
                    </Button>,
                  ]}
                >
                  <List.Item.Meta title={e.titulo} description={[e.notariaNombre, fecha(e.fechaAlta)].filter(Boolean).join(' · ')} />
                </List.Item>
              )}
            />
          </Panel>
        </Col>

        <Col xs={24} lg={12}>
          <Panel
            title="Servicios populares"
            icon={<StarOutlined />}
            extra={<Link to={pathOf('servicios')}>Ver todos</Link>}
            loading={cargandoServicios}
            error={errorServicios ? 'No se pudieron cargar las categorías.' : undefined}
            empty={categorias.length === 0 ? 'No hay categorías disponibles' : undefined}
          >
            <Space wrap>
              {categorias.slice(0, POPULARES).map((c) => (
                <Link key={c.id} to={pagePath(subpages.categoria, c.nombre.toLowerCase())}>
                  <Tag style={{ padding: '4px 10px', fontSize: 14 }}>{c.nombre}</Tag>
                </Link>
              ))}
            </Space>
          </Panel>
        </Col>
      </Row>
    </Space>
  );
}

interface PanelProps {
  title: string;
  icon: ReactNode;
  extra: ReactNode;
  loading: boolean;
  error?: string;
  empty?: string;
  children: ReactNode;
}

/** A dashboard card with its loading, error and empty states. */
function Panel({ title, icon, extra, loading, error, empty, children }: PanelProps) {
  return (
    <Card
      title={
        <Space>
          {icon}
          <Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>
            {title}
          </Typography.Title>
        </Space>
      }
      extra={extra}
      style={{ height: '100%' }}
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : error ? (
        <Alert type="error" showIcon message={error} />
      ) : empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      ) : (
        children
      )}
    </Card>
  );
}

/** Search over the active acts and categories; choosing one opens its page. */
function BuscadorServicios({
  categorias,
  actos,
  onElegir,
}: {
  categorias: { id: number; nombre: string }[];
  actos: { id: number; nombre: string; categoria_id: number }[];
  onElegir: (ruta: string) => void;
}) {
  const [texto, setTexto] = useState('');
  const opciones = useMemo(() => {
    const q = foldText(texto.trim());
    if (!q) return [];
    const coincide = (s: string) => foldText(s).includes(q);
    const cat = (id: number) => categorias.find((c) => Number(c.id) === Number(id))?.nombre;
    return [
      ...categorias.filter((c) => coincide(c.nombre)).map((c) => ({ value: pagePath(subpages.categoria, c.id), label: `${c.nombre} (categoría)` })),
      ...actos
        .filter((a) => coincide(a.nombre))
        .slice(0, 10)
        .map((a) => ({ value: pagePath(subpages.actoServicio, a.id), label: [a.nombre, cat(a.categoria_id)].filter(Boolean).join(' · ') })),
    ];
  }, [texto, categorias, actos]);

  return (
    <AutoComplete
      style={{ width: '100%', maxWidth: 560 }}
      options={opciones}
      value={texto}
      onChange={setTexto}
      onSelect={(ruta: string) => onElegir(ruta)}
      notFoundContent={texto.trim() ? 'No se encontraron servicios' : null}
    >
      <Input size="large" prefix={<SearchOutlined />} placeholder="Buscar un servicio notarial..." aria-label="Buscar servicio" allowClear />
    </AutoComplete>
  );
}

