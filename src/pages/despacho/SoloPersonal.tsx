import type { ReactNode } from 'react';
import { Result, Spin } from 'antd';
import { useEsPersonal } from './datos';

/** The office's pages are for staff of a notaría; anyone else reads that the page does not exist. */
export default function SoloPersonal({ children }: { children: ReactNode }) {
  const personal = useEsPersonal();
  if (personal === undefined) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!personal) return <Result status="404" title="Página no encontrada" subTitle="Esta sección es solo para el personal de la notaría." />;
  return <>{children}</>;
}
