import { Link } from 'react-router';
import { Empty, Skeleton, Typography } from 'antd';
import { useCategorias } from '../../catalogo/datos';
import IconoCategoria from '../../catalogo/IconoCategoria';
import './servicios.css';
import { subpages, pagePath } from '../../paths';

/** /servicios: the active categories as cards; the description shows on hover (and keyboard focus). */
export default function Servicios() {
  const { categorias, isLoading } = useCategorias();
  return (
    <div className="srv-pagina">
      <Typography.Title level={2}>Servicios Notariales</Typography.Title>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : categorias.length === 0 ? (
        <Empty description="No hay categorías disponibles" />
      ) : (
        <ul className="srv-rejilla" aria-label="Categorías de servicios">
          {categorias.map((c) => (
            <li key={c.id}>
              <Link to={pagePath(subpages.categoria, c.id)} className="srv-tarjeta" aria-describedby={`cat-desc-${c.id}`}>
                <IconoCategoria nombre={c.nombre} imagen={c.imagen_url} />
                <span className="srv-nombre">{c.nombre}</span>
                <span id={`cat-desc-${c.id}`} className="srv-descripcion">
                  {c.descripcion}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
