import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Descriptions, Space } from 'antd';
import Esqueleto from '../../crud/Esqueleto';
import { EditOutlined, UserAddOutlined } from '@ant-design/icons';
import { useNotification, useOne, useUpdate } from '@refinedev/core';
import type { Persona, PersonaPayload } from '../../../domain/persona';
import { FALLBACKS, isInformed, nameOrFallback } from '../../../domain/display-name';
import { conBorrados, ETIQUETAS } from '../../../domain/persona-campos';
import { isoToFormDate } from '../../../domain/dates';
import Tarjeta from '../../crud/Tarjeta';

// The forms (and their selects, date pickers and schemas) load when 'Editar' is pressed, or
// start loading when the pointer or the keyboard reaches it.
const cargarEdicion = () => import('./EditarFicha');
const EditarFicha = lazy(cargarEdicion);

/** A value, or the fallback for an empty one in the field's gender ('No informado' / 'No informada'). */
const valor = (v: string | undefined | null, femenino = false): ReactNode =>
  v ? v : <span className="dp-vacio">{femenino ? FALLBACKS.noInformada : FALLBACKS.noInformado}</span>;

// The country tables (i18n-iso-countries) load only for a record that has a country.
const cargarPaises = () => import('../../../domain/country-name');

/** The Spanish name of a country code; the code itself until the tables have loaded. */
function usePais(codigo: string | undefined): string | undefined {
  const [nombre, setNombre] = useState<{ codigo: string; nombre: string }>();
  useEffect(() => {
    if (!codigo) return;
    let vigente = true;
    void cargarPaises().then(({ alpha3ToCountryName }) => vigente && setNombre({ codigo, nombre: alpha3ToCountryName(codigo) }));
    return () => {
      vigente = false;
    };
  }, [codigo]);
  return codigo && (nombre?.codigo === codigo ? nombre.nombre : codigo);
}

function Seccion({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <Descriptions title={titulo} size="small" column={{ xs: 1, sm: 2, lg: 3 }} className="dp-seccion">
      {children}
    </Descriptions>
  );
}

/** The four sections of the read view: document, personal data, contact and address. */
function Lectura({ persona }: { persona: Persona }) {
  const d = persona.direccion ?? {};
  const pais = usePais(d.pais);
  const fisica = persona.tipoPersona === 'FISICA';
  return (
    <>
      <Seccion titulo="Documento">
        <Descriptions.Item label="Tipo de documento">{valor(ETIQUETAS.tipoIdentificador[persona.identificador?.tipo] ?? persona.identificador?.tipo)}</Descriptions.Item>
        <Descriptions.Item label="Número de documento">{valor(persona.identificador?.numero)}</Descriptions.Item>
      </Seccion>
      <Seccion titulo="Datos personales">
        {fisica ? (
          <>
            <Descriptions.Item label="Nombre">{valor(persona.nombre)}</Descriptions.Item>
            <Descriptions.Item label="Primer apellido">{valor(persona.primerApellido)}</Descriptions.Item>
            <Descriptions.Item label="Segundo apellido">{valor(persona.segundoApellido)}</Descriptions.Item>
            {!persona.fichaReducida && (
              <>
                <Descriptions.Item label="Género">{valor(persona.genero && ETIQUETAS.genero[persona.genero])}</Descriptions.Item>
                <Descriptions.Item label="Fecha de nacimiento">{valor(isoToFormDate(persona.fechaNacimiento), true)}</Descriptions.Item>
                <Descriptions.Item label="Estado civil">{valor(persona.estadoCivil && ETIQUETAS.estadoCivil[persona.estadoCivil])}</Descriptions.Item>
                {persona.estadoCivil === 'CASADO' && (
                  <Descriptions.Item label="Régimen económico">{valor(persona.regimenEconomico && ETIQUETAS.regimenEconomico[persona.regimenEconomico])}</Descriptions.Item>
                )}
                <Descriptions.Item label="Profesión">{valor(persona.profesion, true)}</Descriptions.Item>
              </>
            )}
          </>
        ) : (
          <Descriptions.Item label="Razón social">{valor(persona.razonSocial, true)}</Descriptions.Item>
        )}
      </Seccion>
      {!persona.fichaReducida && (
        <>
          <Seccion titulo="Contacto">
            <Descriptions.Item label="Email">{valor(persona.email)}</Descriptions.Item>
            <Descriptions.Item label="Teléfono">{valor(persona.telefono)}</Descriptions.Item>
          </Seccion>
          <Seccion titulo="Dirección">
            <Descriptions.Item label="Tipo de vía">{valor(d.tipoVia)}</Descriptions.Item>
            <Descriptions.Item label="Vía">{valor(d.nombreVia, true)}</Descriptions.Item>
            <Descriptions.Item label="Número">{valor(d.numeroVia)}</Descriptions.Item>
            <Descriptions.Item label="Portal">{valor(d.portal)}</Descriptions.Item>
            <Descriptions.Item label="Bloque">{valor(d.bloque)}</Descriptions.Item>
            <Descriptions.Item label="Escalera">{valor(d.escalera, true)}</Descriptions.Item>
            <Descriptions.Item label="Piso">{valor(d.piso)}</Descriptions.Item>
            <Descriptions.Item label="Puerta">{valor(d.puerta, true)}</Descriptions.Item>
            <Descriptions.Item label="Código postal">{valor(d.codPostal)}</Descriptions.Item>
            <Descriptions.Item label="Localidad">{valor(d.localidad, true)}</Descriptions.Item>
            <Descriptions.Item label="Provincia">{valor(d.provincia, true)}</Descriptions.Item>
            <Descriptions.Item label="País">{valor(pais)}</Descriptions.Item>
          </Seccion>
        </>
      )}
    </>
  );
}

interface Props {
  id: string;
  onCrearRepresentante: () => void;
}

/** 'Ficha de Persona Física' / 'Ficha de Persona Jurídica': read view, or the full form after 'Editar'. */
export default function FichaPersona({ id, onCrearRepresentante }: Props) {
  const { result: persona, query } = useOne<Persona>({ resource: 'personas', id, errorNotification: false });
  const { mutateAsync, mutation } = useUpdate<Persona>();
  const isPending = mutation.isPending;
  const { open: notify } = useNotification();
  const [editando, setEditando] = useState(false);

  useEffect(() => setEditando(false), [id]);

  if (query.isLoading) {
    return (
      <Tarjeta title="Ficha de Persona">
        <Esqueleto />
      </Tarjeta>
    );
  }
  if (query.isError || !persona) {
    return <Alert type="error" showIcon message="No se pudo cargar la ficha de esta persona" />;
  }

  const fisica = persona.tipoPersona === 'FISICA';
  const guardar = async (datos: PersonaPayload) => {
    try {
      await mutateAsync({
        resource: 'personas',
        id,
        // the record without id; a field emptied in the form is sent as null (left out it would be kept)
        values: conBorrados(persona, datos),
        successNotification: false,
        errorNotification: false,
      });
      notify?.({ type: 'success', message: 'Datos actualizados', description: 'Los cambios se han guardado correctamente' });
      setEditando(false);
    } catch {
      notify?.({ type: 'error', message: 'Error', description: 'No se pudieron guardar los cambios. Inténtalo de nuevo.' });
    }
  };

  const cancelar = (
    <Button onClick={() => setEditando(false)} disabled={isPending}>
      Cancelar
    </Button>
  );

  return (
    <Tarjeta
      title={fisica ? 'Ficha de Persona Física' : 'Ficha de Persona Jurídica'}
      extra={
        <Space wrap>
          <Button icon={<UserAddOutlined />} onClick={onCrearRepresentante}>
            Crear representante
          </Button>
          {!persona.fichaReducida && (
            <Button
              icon={editando ? undefined : <EditOutlined />}
              onClick={() => setEditando((e) => !e)}
              onMouseEnter={() => void cargarEdicion()}
              onFocus={() => void cargarEdicion()}
              disabled={isPending}
            >
              {editando ? 'Cancelar' : 'Editar'}
            </Button>
          )}
        </Space>
      }
    >
      <div className="dp-nombre">{nameOrFallback(persona)}</div>
      {!isInformed(persona) && !editando && (
        <Alert
          type="warning"
          showIcon
          className="dp-aviso"
          message="Datos sin completar"
          description={`Los datos ${fisica ? 'personales' : 'de la empresa'} de esta ficha todavía no están rellenados. Puede completarlos pulsando «Editar».`}
        />
      )}
      {persona.fichaReducida && (
        <Alert type="info" showIcon className="dp-aviso" message="Solo tiene acceso a la ficha reducida de esta persona." />
      )}
      {!editando && <Lectura persona={persona} />}
      {editando && (
        <Suspense fallback={<Esqueleto />}>
          <EditarFicha persona={persona} personaId={id} busy={isPending} onSubmit={guardar} actions={cancelar} />
        </Suspense>
      )}
    </Tarjeta>
  );
}
