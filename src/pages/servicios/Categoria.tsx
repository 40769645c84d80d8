import { Link, useParams } from 'react-router';
import { Empty, Result, Skeleton, Typography } from 'antd';
import { ArrowLeftOutlined, RightOutlined } from '@ant-design/icons';
import { buscarCategoria, recortar, useActosDeCategoria, useCategorias } from '../../catalogo/datos';
import './servicios.css';
import { pathOf, subpages, pagePath } from '../../paths';

/** /servicios/categoria/:categoriaId (an id, or the name in lowercase): the category's active acts. */
export default function Categoria() {
  const { id: categoriaId } = useParams();
  const { categorias, isLoading } = useCategorias();
  const categoria = buscarCategoria(categorias, categoriaId);
  const { actos, isLoading: cargandoActos } = useActosDeCategoria(categoria?.id);

  const volver = (
    <Link to={pathOf('servicios')} className="srv-volver">
      <ArrowLeftOutlined /> Volver a categorías
    </Link>
  );
  if (isLoading) return <Skeleton active className="srv-pagina" />;
  if (!categoria) {
    return (
      <div className="srv-pagina">
        {volver}
        <Result status="404" title="Categoría no encontrada" />
      </div>
    );
  }
  return (
    <div className="srv-pagina">
      {volver}
      <Typography.Title level={2}>{categoria.nombre}</Typography.Title>
      <Typography.Paragraph className="srv-intro">{categoria.descripcion}</Typography.Paragraph>
      {cargandoActos ? (
        <Skeleton active />
      ) : actos.length === 0 ? (
        <Empty description="No hay actos disponibles en esta categoría" />
      ) : (
        <ul className="srv-lista" aria-label={`Actos de ${categoria.nombre}`}>
          {actos.map((a) => (
            <li key={a.id}>
              <Link to={pagePath(subpages.actoServicio, a.id)} className="srv-acto" title={a.descripcion}>
                <span>
                  <span className="srv-nombre">{a.nombre}</span>
                  <span className="srv-resumen">{recortar(a.descripcion)}</span>
                </span>
                <RightOutlined aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
