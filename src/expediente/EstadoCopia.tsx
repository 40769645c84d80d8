import { Tag } from 'antd';
import { ETIQUETA_ESTADO_COPIA, type EstadoCopia as Estado } from '../../domain/copias-rules';

const COLOR: Record<Estado, string> = { SOLICITADA: 'gold', EN_PREPARACION: 'blue', DISPONIBLE: 'green', RECHAZADA: 'red' };

/** The state of a copy request as a coloured tag. */
export default function EstadoCopia({ estado }: { estado: Estado }) {
  return <Tag color={COLOR[estado]}>{ETIQUETA_ESTADO_COPIA[estado]}</Tag>;
}
