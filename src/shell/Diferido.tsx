import { useDeferredValue, type ReactNode } from 'react';
import Loading from './Loading';

/**
 * Mounts `children` in a background render. The render that shows this one draws the spinner
 * only; React then mounts the shell and the page in slices that yield to the browser, not in one
 * long task (Lighthouse's Total Blocking Time on a phone). The Layout's case: react-query delivers
 * the identity's answer (or, with the identity cached, the auth check's) as a blocking render.
 */
export default function Diferido({ children }: { children: ReactNode }) {
  const listo = useDeferredValue(true, false);
  return listo ? <>{children}</> : <Loading />;
}
