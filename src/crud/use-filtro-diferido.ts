import { useEffect, useRef } from 'react';

/**
 * Sends a list's filters to the server a moment after they last changed (typing stops), not on the
 * first render. Only `valores` start the wait: `aplicar` is read when the wait ends, so a setter
 * whose identity changes at every render (Refine's `setFilters`, new after each change of the
 * filters it sets) does not start it again. Listed as a dependency, it did: the list set the same
 * filters every 300 ms for as long as it stayed open, re-rendering the page each time.
 */
export function useFiltroDiferido(aplicar: () => void, valores: readonly unknown[], ms = 300) {
  const ultimo = useRef(aplicar);
  useEffect(() => {
    ultimo.current = aplicar;
  });
  const primera = useRef(true);
  useEffect(() => {
    if (primera.current) {
      primera.current = false;
      return;
    }
    const t = window.setTimeout(() => ultimo.current(), ms);
    return () => window.clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the values are the dependencies, by design
  }, [...valores, ms]);
}
