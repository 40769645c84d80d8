import { Link, useNavigate, useParams } from 'react-router';
import { Button, Card, Result, Skeleton, Typography } from 'antd';
import { ArrowLeftOutlined, CalendarOutlined, FileDoneOutlined } from '@ant-design/icons';
import { useActoServicio, useCategorias } from '../../catalogo/datos';
import './servicios.css';
import { pathOf, subpages, pagePath } from '../../paths';

/** /servicios/acto/:actoId: the act's description, its required documents and the way to book. */
export default function ActoServicio() {
  const { id: actoId } = useParams();
  const navigate = useNavigate();
  const { acto, isLoading } = useActoServicio(actoId);
  const { categorias } = useCategorias();
  const categoria = categorias.find((c) => c.id === acto?.categoria_id);

  if (isLoading) return <Skeleton active className="srv-pagina" />;
  if (!acto) {
    return (
      <div className="srv-pagina">
        <Link to={pathOf('servicios')} className="srv-volver">
          <ArrowLeftOutlined /> Volver a categorías
        </Link>
        <Result status="404" title="Acto no encontrado" />
      </div>
    );
  }
  return (
    <div className="srv-pagina">
      <Link to={pagePath(subpages.categoria, acto.categoria_id)} className="srv-volver">
        <ArrowLeftOutlined /> Volver a {categoria?.nombre ?? 'la categoría'}
      </Link>
      <Typography.Title level={2}>{acto.nombre}</Typography.Title>
      <Typography.Paragraph className="srv-intro">{acto.descripcion}</Typography.Paragraph>
      <Card
        title={
          <span>
            <FileDoneOutlined /> Documentos requeridos
          </span>
        }
        className="srv-documentos"
      >
        {acto.documentos_requeridos?.length ? (
          <ul>
            {acto.documentos_requeridos.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        ) : (
          <Typography.Text type="secondary">No se requieren documentos.</Typography.Text>
        )}
      </Card>
      <Button type="primary" size="large" icon={<CalendarOutlined />} onClick={() => navigate(`${pathOf('citas')}?asunto=${encodeURIComponent(acto.nombre)}`)}>
        Solicitar cita para este servicio
      </Button>
    </div>
  );
}
