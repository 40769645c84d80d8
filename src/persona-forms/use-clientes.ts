import { useMemo } from 'react';
import { useList, useMany, useOne } from '@refinedev/core';
import type { Persona } from '../../domain/persona';
import { displayName } from '../../domain/persona';
import { isRelationActive, type Privilegio } from '../../domain/representantes';
import { todayIso } from '../../domain/dates';

/** A privilegio in force that lets its receptora read the granting person's record. */
const abreFicha = (p: Privilegio, today: string) =>
  p.fechaInicioRelacion <= today &&
  isRelationActive(p, today) &&
  (p.permisoLeerFicha || p.permisoLeerFichaReducida || p.permisoActualizarFicha);

/**
 * The clients of the signed-in person: their own persona, the personas they own, and those that
 * granted them a privilegio in force. Sorted by display name, without duplicates.
 */
export function useClientes(idPersona: string | undefined) {
  const enabled = !!idPersona;
  const yo = useOne<Persona>({ resource: 'persona', id: idPersona ?? '', queryOptions: { enabled }, errorNotification: false });
  const propias = useList<Persona>({
    resource: 'persona',
    meta: { path: `/persona/owner/${idPersona}` },
    pagination: { mode: 'off' },
    queryOptions: { enabled },
    errorNotification: false,
  });
  const recibidos = useList<Privilegio>({
    resource: 'privilegio',
    meta: { path: `/privilegio/recibidos/${idPersona}` },
    pagination: { mode: 'off' },
    queryOptions: { enabled },
    errorNotification: false,
  });
  const today = todayIso();
  const otorgantes = [...new Set(recibidos.result.data.filter((p) => abreFicha(p, today)).map((p) => p.personaOtorganteId))];
  const representados = useMany<Persona>({
    resource: 'persona',
    ids: otorgantes,
    queryOptions: { enabled: otorgantes.length > 0 },
    errorNotification: false,
  });

  const clientes = useMemo(() => {
    const all = new Map<string, Persona>();
    for (const p of [yo.result, ...propias.result.data, ...representados.result.data]) if (p?.id) all.set(p.id, p);
    return [...all.values()].sort((a, b) => displayName(a).localeCompare(displayName(b), 'es'));
  }, [yo.result, propias.result.data, representados.result.data]);

  return {
    clientes,
    isLoading: enabled && (yo.query.isLoading || propias.query.isLoading || recibidos.query.isLoading),
    isError: yo.query.isError || propias.query.isError || recibidos.query.isError || representados.query.isError,
  };
}
