import { useState } from 'react';
import { Button, Typography } from 'antd';
import { BankOutlined, UserOutlined } from '@ant-design/icons';
import { useCreate, useNotification } from '@refinedev/core';
import type { Persona, PersonaPayload } from '../../../domain/persona';
import PersonaFisicaForm from '../../persona-forms/PersonaFisicaForm';
import PersonaJuridicaForm from '../../persona-forms/PersonaJuridicaForm';
import DialogoFormulario from '../../persona-forms/DialogoFormulario';
import '../../persona-forms/persona-forms.css';

type Tipo = 'FISICA' | 'JURIDICA';

const TEXTOS = {
  FISICA: { ok: 'Persona física creada', okDetalle: 'La persona física se ha creado correctamente', error: 'No se pudo crear la persona física', boton: 'Crear Persona Física' },
  JURIDICA: { ok: 'Persona jurídica creada', okDetalle: 'La persona jurídica se ha creado correctamente', error: 'No se pudo crear la persona jurídica', boton: 'Crear Persona Jurídica' },
} as const;

interface Props {
  open: boolean;
  onClose: () => void;
  /** Receives the created person (the page selects it). */
  onCreated: (persona: Persona) => void;
}

/** 'Nueva Persona': choose the type, then fill the (limited) form of that type. */
export default function NuevaPersonaDialog({ open, onClose, onCreated }: Props) {
  const [tipo, setTipo] = useState<Tipo | null>(null);
  const { mutateAsync, mutation } = useCreate<Persona>();
  const isPending = mutation.isPending;
  const { open: notify } = useNotification();

  const cerrar = () => {
    setTipo(null);
    onClose();
  };

  const crear = async (persona: PersonaPayload) => {
    const textos = TEXTOS[persona.tipoPersona];
    try {
      const { data } = await mutateAsync({
        resource: 'personas',
        values: persona,
        successNotification: false,
        errorNotification: false,
      });
      notify?.({ type: 'success', message: textos.ok, description: textos.okDetalle });
      setTipo(null);
      onCreated(data);
    } catch (e) {
      const detalle = (e as Error)?.message;
      notify?.({ type: 'error', message: 'Error', description: detalle ? `${textos.error}: ${detalle}` : textos.error });
    }
  };

  const cambiarTipo = (
    <Button onClick={() => setTipo(null)} disabled={isPending}>
      Cambiar Tipo
    </Button>
  );

  return (
    <DialogoFormulario
      open={open}
      title="Nueva Persona"
      onClose={cerrar}
      busy={isPending}
      footer={tipo ? null : <Button onClick={cerrar}>Cancelar</Button>}
      width={896}
      className="pf-dialog"
      style={{ top: '5vh', maxWidth: 'calc(100vw - 16px)' }}
    >
      {!tipo && (
        <>
          <Typography.Paragraph>Seleccione el tipo de persona que desea crear:</Typography.Paragraph>
          <div className="pf-tipo-grid">
            <Button className="pf-tipo-card" onClick={() => setTipo('FISICA')}>
              <UserOutlined aria-hidden />
              <strong>Persona Física</strong>
              <span>Individuos, personas naturales</span>
            </Button>
            <Button className="pf-tipo-card" onClick={() => setTipo('JURIDICA')}>
              <BankOutlined aria-hidden />
              <strong>Persona Jurídica</strong>
              <span>Empresas y organizaciones</span>
            </Button>
          </div>
        </>
      )}
      {tipo === 'FISICA' && (
        <PersonaFisicaForm variant="limitado" submitText={TEXTOS.FISICA.boton} busy={isPending} onSubmit={crear} actions={cambiarTipo} />
      )}
      {tipo === 'JURIDICA' && (
        <PersonaJuridicaForm variant="limitado" submitText={TEXTOS.JURIDICA.boton} busy={isPending} onSubmit={crear} actions={cambiarTipo} />
      )}
    </DialogoFormulario>
  );
}
