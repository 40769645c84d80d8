import { useEffect, useState } from 'react';
import { Alert, Button, Space, Tag } from 'antd';
import Esqueleto from '../../crud/Esqueleto';
import { useList, useNotification, useOne } from '@refinedev/core';
import type { Persona } from '../../../domain/persona';
import { FALLBACKS, nameOrFallback } from '../../../domain/display-name';
import { isoToFormDate, todayIso } from '../../../domain/dates';
import type { Privilegio } from '../../../domain/representantes';
import { ETIQUETAS_TIPO_PRIVILEGIO, isRelationActive } from '../../../domain/representantes-rules';
import { Secundario } from '../../crud/Titulo';
import Tarjeta from '../../crud/Tarjeta';
import Vacio from '../../crud/Vacio';

export interface RepresentanteSeleccionado {
  persona: Persona;
  privilegio: Privilegio;
}

/** One representative: its persona is read on its own, so one hidden record does not hide the rest. */
function Fila({ privilegio, activo, onEditar }: { privilegio: Privilegio; activo: boolean; onEditar: (r: RepresentanteSeleccionado) => void }) {
  const { result: persona, query } = useOne<Persona>({ resource: 'personas', id: privilegio.personaReceptoraId, errorNotification: false });
  const nombre = persona
    ? persona.tipoPersona === 'JURIDICA' && !persona.razonSocial
      ? FALLBACKS.empresaSinNombre
      : nameOrFallback(persona)
    : query.isLoading
      ? 'Cargando...'
      : FALLBACKS.sinIdentificar;
  const periodo = `Desde ${isoToFormDate(privilegio.fechaInicioRelacion)}${privilegio.fechaFinRelacion ? ` hasta ${isoToFormDate(privilegio.fechaFinRelacion)}` : ''}`;
  return (
    <li className="dp-representante">
      <div className="dp-representante-datos">
        <Space wrap size={8} className="dp-representante-nombre">
          <span>{nombre}</span>
          <Tag color={activo ? 'green' : 'default'}>{activo ? 'Activo' : 'Inactivo'}</Tag>
        </Space>
        <Space wrap split="·" size={4} className="dp-representante-detalle">
          {persona?.identificador?.numero && <span>{persona.identificador.numero}</span>}
          <span>{ETIQUETAS_TIPO_PRIVILEGIO[privilegio.tipoPrivilegio]}</span>
          <span>{periodo}</span>
        </Space>
      </div>
      <Button size="small" disabled={!persona} onClick={() => persona && onEditar({ persona, privilegio })} aria-label={`Editar representante ${nombre}`}>
        Editar
      </Button>
    </li>
  );
}

/** The Representantes section: active relations by default, 'Ver todos' for the history too. */
export default function Representantes({ clienteId, onEditar }: { clienteId: string; onEditar: (r: RepresentanteSeleccionado) => void }) {
  const [verTodos, setVerTodos] = useState(false);
  const { open: notify } = useNotification();
  const { result, query } = useList<Privilegio>({
    resource: 'privilegios',
    filters: [{ field: 'personaOtorganteId', operator: 'eq', value: clienteId }],
    pagination: { mode: 'off' },
    errorNotification: false,
  });

  useEffect(() => {
    if (query.isError) notify?.({ type: 'error', message: 'Error', description: 'No se pudieron cargar los representantes' });
  }, [query.isError, notify]);

  const today = todayIso();
  const todos = result.data.map((p) => ({ privilegio: p, activo: isRelationActive(p, today) }));
  const visibles = verTodos ? todos : todos.filter((r) => r.activo);
  const n = visibles.length;

  return (
    <Tarjeta
      title="Representantes"
      extra={
        <Button onClick={() => setVerTodos((v) => !v)} aria-pressed={verTodos}>
          {verTodos ? 'Ver activos' : 'Ver todos'}
        </Button>
      }
    >
      {query.isLoading ? (
        <Esqueleto />
      ) : query.isError ? (
        <Alert type="error" showIcon message="No se pudieron cargar los representantes" />
      ) : (
        <>
          <Secundario className="dp-contador" aria-live="polite">
            {`Mostrando ${n} representante(s) ${verTodos ? '(activos e históricos)' : 'activos'}`}
          </Secundario>
          {n === 0 ? (
            <Vacio description={verTodos ? 'No hay representantes' : 'No hay representantes activos'} />
          ) : (
            <ul className="dp-representantes">
              {visibles.map((r) => (
                <Fila key={r.privilegio.id} privilegio={r.privilegio} activo={r.activo} onEditar={onEditar} />
              ))}
            </ul>
          )}
        </>
      )}
    </Tarjeta>
  );
}
