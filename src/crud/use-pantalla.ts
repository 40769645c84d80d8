import { useSyncExternalStore } from 'react';
import type { Breakpoint } from 'antd/es/_util/responsiveObserver';

/*
 * antd Grid.useBreakpoint's answer ({ xs, sm, md, lg, xl, xxl }: which of antd's screen widths
 * apply) from matchMedia alone: Grid brings antd's Row and Col and their styles to every list's
 * first screen, which uses only the hook. Known from the first render, not after an effect.
 */
const CONSULTAS: [Breakpoint, string][] = [
  ['xs', '(max-width: 575px)'],
  ['sm', '(min-width: 576px)'],
  ['md', '(min-width: 768px)'],
  ['lg', '(min-width: 992px)'],
  ['xl', '(min-width: 1200px)'],
  ['xxl', '(min-width: 1600px)'],
];

export type Pantalla = Partial<Record<Breakpoint, boolean>>;

let medios: [Breakpoint, MediaQueryList][] | undefined;
const deMedios = () => (medios ??= CONSULTAS.map(([b, q]) => [b, window.matchMedia(q)]));
const cache = new Map<string, Pantalla>();

function suscribir(avisar: () => void) {
  for (const [, m] of deMedios()) m.addEventListener('change', avisar);
  return () => {
    for (const [, m] of deMedios()) m.removeEventListener('change', avisar);
  };
}

function actual(): Pantalla {
  const valores = deMedios().map(([b, m]) => [b, m.matches] as const);
  const clave = valores.map(([, v]) => (v ? 1 : 0)).join('');
  let p = cache.get(clave);
  if (!p) cache.set(clave, (p = Object.fromEntries(valores)));
  return p;
}

const sinVentana = (): Pantalla => ({});

export function usePantalla(): Pantalla {
  return useSyncExternalStore(suscribir, actual, sinVentana);
}
