import './esqueleto.css';

/**
 * antd's <Skeleton active /> look (a title bar and three lines that shimmer) in plain markup: the
 * placeholder of a first screen's card while its data loads, without Skeleton's code and styles.
 * Decorative, as antd's is.
 */
export default function Esqueleto() {
  return (
    <div className="esqueleto" aria-hidden="true">
      <div className="esqueleto-titulo" />
      <div className="esqueleto-linea" />
      <div className="esqueleto-linea" />
      <div className="esqueleto-linea esqueleto-ultima" />
    </div>
  );
}
