import { useRef, useState } from 'react';

/**
 * An action that creates something, run once at a time: a second press while it runs (a double
 * click, Enter held down) is ignored, and `ocupado` lets its button show it is waiting. The ref,
 * not the state, decides: a second click can arrive before React has re-rendered the button.
 * (The same write repeated anyway is done once by the server: providers/idempotencia.ts.)
 */
export function useUnaVez<A extends unknown[], R>(accion: (...args: A) => Promise<R>) {
  const enCurso = useRef(false);
  const [ocupado, setOcupado] = useState(false);
  const ejecutar = async (...args: A): Promise<R | undefined> => {
    if (enCurso.current) return undefined;
    enCurso.current = true;
    setOcupado(true);
    try {
      return await accion(...args);
    } finally {
      enCurso.current = false;
      setOcupado(false);
    }
  };
  return { ejecutar, ocupado };
}
