import { useMemo, useState } from 'react';
import { useList, useMany, useOne, useSelect } from '@refinedev/core';
import type { Persona } from '../../domain/persona';
import { displayName } from '../../domain/display-name';
import type { Privilegio } from '../../domain/representantes';
import { isRelationActive } from '../../domain/representantes-rules';
import { todayIso } from '../../domain/dates';
import { compareSpanish, foldText } from '../../domain/text';

/** A privilegio in force that lets its receptora read the granting person's record. */
const abreFicha = (p: Privilegio, today: string) =>
  p.fechaInicioRelacion <= today &&
  isRelationActive(p, today) &&
  (p.permisoLeerFicha || p.permisoLeerFichaReducida || p.permisoActualizarFicha);

const porNombre = (personas: Iterable<Persona | undefined>) => {
  const all = new Map<string, Persona>();
  for (const p of personas) if (p?.id) all.set(p.id, p);
  return [...all.values()].sort((a, b) => compareSpanish(displayName(a), displayName(b)));
};

/** The signed-in person's own record and those that granted them a privilegio in force. */
function usePropiaYRepresentados(idPersona: string | undefined) {
  const enabled = !!idPersona;
  const yo = useOne<Persona>({ resource: 'personas', id: idPersona ?? '', queryOptions: { enabled }, errorNotification: false });
  const recibidos = useList<Privilegio>({
    resource: 'privilegios',
    filters: [{ field: 'personaReceptoraId', operator: 'eq', value: idPersona }],
    pagination: { mode: 'off' },
    queryOptions: { enabled },
    errorNotification: false,
  });
  const today = todayIso();
  const otorgantes = [...new Set(recibidos.result.data.filter((p) => abreFicha(p, today)).map((p) => p.personaOtorganteId))];
  const representados = useMany<Persona>({
    resource: 'personas',
    ids: otorgantes,
    queryOptions: { enabled: otorgantes.length > 0 },
    errorNotification: false,
  });
  return {
    personas: [yo.result, ...representados.result.data],
    isLoading: enabled && (yo.query.isLoading || recibidos.query.isLoading),
    isError: yo.query.isError || recibidos.query.isError || representados.query.isError,
  };
}

/** Personas of one page of the owner's list offered by the client selector. */
export const CLIENTES_POR_PAGINA = 20;

/**
 * The clients of the signed-in person for a select that searches on the server (never the whole
 * list: a client may own thousands of personas), sorted by name without duplicates: one page of the personas the
 * signed-in person owns (GET with ?page&pageSize&q, searched a moment after typing stops), plus
 * their own record and those they represent, searched here (they are few), and the client already
 * chosen (`elegida`), so the select can always name it.
 */
export function useClientesBuscables(idPersona: string | undefined, elegida?: string) {
  const enabled = !!idPersona;
  const otras = usePropiaYRepresentados(idPersona);
  const actual = useOne<Persona>({ resource: 'personas', id: elegida ?? '', queryOptions: { enabled: enabled && !!elegida }, errorNotification: false });
  const [busqueda, setBusqueda] = useState('');
  const { query, onSearch } = useSelect<Persona>({
    resource: 'personas',
    filters: [{ field: 'ownerId', operator: 'eq', value: idPersona }],
    optionLabel: (p) => displayName(p),
    optionValue: 'id',
    pagination: { mode: 'server', pageSize: CLIENTES_POR_PAGINA },
    debounce: 300,
    onSearch: (texto) => {
      setBusqueda(texto.trim());
      return texto.trim() ? [{ field: 'q', operator: 'contains', value: texto.trim() }] : [];
    },
    queryOptions: { enabled },
    errorNotification: false,
  });
  const clientes = useMemo(() => {
    const buscado = foldText(busqueda);
    const coincide = (p: Persona | undefined) => !!p && foldText(`${displayName(p)} ${p.identificador?.numero ?? ''}`).includes(buscado);
    return porNombre([...otras.personas.filter(coincide), ...(query.data?.data ?? []), elegida ? actual.result : undefined]);
  }, [otras.personas, query.data, busqueda, elegida, actual.result]);
  return {
    clientes,
    onSearch,
    isLoading: otras.isLoading || (enabled && query.isFetching),
    isError: otras.isError || query.isError,
  };
}
