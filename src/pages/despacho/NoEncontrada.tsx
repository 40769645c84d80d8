import { Result } from 'antd';

/** What someone who is not staff of a notaría reads on the office's pages. */
export default function NoEncontrada() {
  return <Result status="404" title="Página no encontrada" subTitle="Esta sección es solo para el personal de la notaría." />;
}
