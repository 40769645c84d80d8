import { useRef } from 'react';
import { Modal, Result, Spin } from 'antd';
import { useNotification } from '@refinedev/core';
import type { ActoDto, DatosFormulario } from '../../../domain/expediente';
import type { OpcionesGuardado } from './use-actos';
import ActFormFrame from '../../expediente/ActFormFrame';
import { urlFormulario, useDefinicionActo } from '../../expediente/formulario';

interface Props {
  acto: ActoDto;
  /** Known for a new act (its catalogue definition); otherwise loaded by definicionActoId. */
  definicion?: unknown;
  guardar: (acto: ActoDto, opts?: OpcionesGuardado) => Promise<ActoDto | null>;
  onClose: () => void;
  /** The case no longer takes the client's changes: the form opens read-only with this reason. */
  cerradoPorque?: string | null;
}

/** The full-screen dialog with the act's form. Saves one at a time, so a new act is created once. */
export default function FormularioActoDialog({ acto, definicion, guardar, onClose, cerradoPorque }: Props) {
  const cargada = useDefinicionActo(acto.definicionActoId, definicion === undefined);
  const def = definicion ?? cargada.definicion;
  const actual = useRef<ActoDto>(acto);
  const cola = useRef<Promise<ActoDto | null>>(Promise.resolve(null));

  const encolado = useRef(false);
  const encolar = (datos: DatosFormulario, auto: boolean) => {
    encolado.current = true;
    cola.current = cola.current.then(async () => {
      const guardado = await guardar({ ...actual.current, datosFormulario: datos }, { auto });
      if (guardado) actual.current = guardado; // keeps the stored (or local temp-) id for the next save
      return guardado;
    });
    return cola.current;
  };

  const { open: notify } = useNotification();
  // a new act exists only once its form is saved: closing before that says so instead of losing it silently
  const cerrar = () => {
    if (!acto.id && !encolado.current) {
      notify?.({ type: 'error', message: 'Acto no creado', description: `El acto «${acto.titulo}» no se ha creado porque se cerró el formulario sin guardar.` });
    }
    onClose();
  };

  return (
    <Modal
      open
      title={acto.titulo}
      onCancel={cerrar}
      footer={null}
      closable={{ 'aria-label': 'Cerrar' }}
      width="100vw"
      className="exp-pantalla-completa"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      styles={{ body: { height: 'calc(100vh - 80px)', padding: 0 } }}
      destroyOnHidden
    >
      {definicion === undefined && cargada.isLoading ? (
        <div className="exp-cargando">
          <Spin />
          <span>Cargando formulario...</span>
        </div>
      ) : !def ? (
        <Result status="warning" title="Este acto no tiene formulario" />
      ) : (
        <ActFormFrame
          src={urlFormulario(acto.url_acto)}
          definicion={def}
          datosFormulario={acto.datosFormulario}
          titulo={acto.titulo}
          llenar
          soloLectura={acto.status === 'ENVIADO' || !!cerradoPorque}
          motivoLectura={cerradoPorque ?? undefined}
          onAutosave={(datos) => void encolar(datos, true)}
          onSubmit={(datos) =>
            void encolar(datos, false).then((g) => {
              if (g) onClose();
            })
          }
        />
      )}
    </Modal>
  );
}
