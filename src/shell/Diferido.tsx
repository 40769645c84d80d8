import { useDeferredValue, type ReactNode } from 'react';
import Loading from './Loading';

/**
 * Mounts `children` in a background render: the update that shows this (an answer of the auth
 * check or of the identity, which react-query delivers as a blocking render) draws the spinner
 * only, and React then mounts the shell and the page in slices that yield to the browser, not in
 * one long task (Lighthouse's Total Blocking Time on a phone).
 */
export default function Diferido({ children }: { children: ReactNode }) {
  const listo = useDeferredValue(true, false);
  return listo ? <>{children}</> : <Loading />;
}
