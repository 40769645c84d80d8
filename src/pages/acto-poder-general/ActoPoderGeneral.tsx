import { useState } from 'react';
import { useNotification } from '@refinedev/core';
import { Card, Result, Spin, Typography } from 'antd';
import type { DatosFormulario } from '../../../domain/expediente';
import ActFormFrame from '../../expediente/ActFormFrame';
import { FORMULARIO_POR_DEFECTO, useDefinicionActo } from '../../expediente/formulario';
import '../../expediente/expediente.css';

const PODER_GENERAL = 3;

/** /acto-poder-general: the dynamic form of act 3 'Poder General', to try it out (nothing is stored). */
export default function ActoPoderGeneral() {
  const { acto, definicion, isLoading } = useDefinicionActo(PODER_GENERAL);
  const [datos, setDatos] = useState<DatosFormulario | null>(null);
  const { open } = useNotification();

  if (isLoading) {
    return (
      <div className="exp-cargando" role="status">
        <Spin />
        <span>Cargando formulario...</span>
      </div>
    );
  }
  if (!definicion) return <Result status="404" title="Acto no encontrado" />;
  return (
    <div className="exp-pagina">
      <Typography.Title level={2}>{acto?.nombre ?? 'Poder General'}</Typography.Title>
      <Card styles={{ body: { padding: 0 } }}>
        <ActFormFrame
          src={FORMULARIO_POR_DEFECTO}
          definicion={definicion}
          titulo={acto?.nombre}
          onSubmit={(d) => {
            setDatos(d);
            open?.({ type: 'success', message: 'Formulario completado', description: 'Los datos del formulario son válidos' });
          }}
        />
      </Card>
      {datos && (
        <Card title="Datos del formulario">
          <pre className="exp-datos">{JSON.stringify(datos, null, 2)}</pre>
        </Card>
      )}
    </div>
  );
}
