import { lazy, Suspense, type ReactNode } from 'react';
import Loading from '../../shell/Loading';
import { useEsPersonal } from './datos';

// antd's Result draws its 404 picture in 13 KB of SVG: only those who are not staff load it
const NoEncontrada = lazy(() => import('./NoEncontrada'));

/** The office's pages are for staff of a notaría; anyone else reads that the page does not exist. */
export default function SoloPersonal({ children }: { children: ReactNode }) {
  const personal = useEsPersonal();
  if (personal === undefined) return <Loading />;
  if (!personal) {
    return (
      <Suspense fallback={<Loading />}>
        <NoEncontrada />
      </Suspense>
    );
  }
  return <>{children}</>;
}
