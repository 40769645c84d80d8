import { useGetIdentity } from '@refinedev/core';
import type { Identity } from '../../../providers/auth-provider';
import { ETIQUETA_ESTADO, type EstadoExpediente } from '../../../domain/despacho-rules';

/** The colour of each estado's tag (as the client's case list colours them). */
export const COLOR_ESTADO: Record<EstadoExpediente, string> = { PENDIENTE: 'gold', EN_TRAMITE: 'blue', FINALIZADO: 'green', COMPLETADO: 'green' };

export const etiquetaEstado = (e: string) => ETIQUETA_ESTADO[e as EstadoExpediente] ?? e;

/** Whether the signed-in user is staff of some notaría (undefined while the identity loads). */
export function useEsPersonal(): boolean | undefined {
  const { data, isLoading } = useGetIdentity<Identity>();
  if (isLoading) return undefined;
  return (data?.notarias.length ?? 0) > 0;
}
