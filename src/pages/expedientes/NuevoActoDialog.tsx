import { useEffect, useRef, useState } from 'react';
import { useNotification } from '@refinedev/core';
import { Button, Empty, Input, Modal, Radio, Skeleton, Space, Steps, Typography, type InputRef } from 'antd';
import dayjs from 'dayjs';
import { recortar, useActosDeCategoria, useCategorias, type CategoriaServicio } from '../../catalogo/datos';
import IconoCategoria from '../../catalogo/IconoCategoria';
import type { ActoCatalogo } from '../../expediente/formulario';
import { usePlantillas, type Plantilla } from './plantillas';

export interface ActoElegido {
  acto: ActoCatalogo;
  plantilla: Plantilla | null;
  titulo: string;
}

interface Props {
  open: boolean;
  /** The case's notaría (idint): templates are per notaría. */
  notariaId: number;
  onCancel: () => void;
  onElegido: (e: ActoElegido) => void;
}

const SIN_PLANTILLA = 0;

/** The new-act flow: category, act card, optional template, then the title dialog (Enter confirms). */
export default function NuevoActoDialog({ open, notariaId, onCancel, onElegido }: Props) {
  const [categoria, setCategoria] = useState<CategoriaServicio>();
  const [acto, setActo] = useState<ActoCatalogo>();
  const [plantillaId, setPlantillaId] = useState<number>(SIN_PLANTILLA);
  const [pidiendoTitulo, setPidiendoTitulo] = useState(false);
  const { categorias, isLoading } = useCategorias();
  const { actos, isLoading: cargandoActos } = useActosDeCategoria(categoria?.id);
  const enPlantillas = open && !!acto && !pidiendoTitulo;
  const plantillas = usePlantillas(acto?.id, notariaId, enPlantillas);
  const { open: avisar } = useNotification();

  useEffect(() => {
    if (plantillas.error) avisar?.({ type: 'error', message: 'Error', description: 'No se pudieron cargar las plantillas' });
  }, [plantillas.error, avisar]);

  // every opening starts from the first step: reset as the dialog renders open, not in an effect,
  // whose updates would come after a choice clicked before it ran (the choice was lost)
  const [abierto, setAbierto] = useState(open);
  if (open !== abierto) {
    setAbierto(open);
    if (open) {
      setCategoria(undefined);
      setActo(undefined);
      setPlantillaId(SIN_PLANTILLA);
      setPidiendoTitulo(false);
    }
  }

  const paso = !categoria ? 0 : !acto ? 1 : 2;
  const plantilla = plantillas.plantillas.find((p) => p.id === plantillaId) ?? null;

  return (
    <>
      <Modal
        open={open && !pidiendoTitulo}
        title="Nuevo acto"
        onCancel={onCancel}
        // closed for the title step: at the end of its animation it would take the focus back to
        // the page behind, out of the title field the user is typing in (and Enter confirmed nothing)
        focusTriggerAfterClose={!pidiendoTitulo}
        width={760}
        closable={{ 'aria-label': 'Cerrar' }}
        footer={
          <Space>
            {paso > 0 && <Button onClick={() => (paso === 1 ? setCategoria(undefined) : setActo(undefined))}>Atrás</Button>}
            {paso === 2 && (
              <Button type="primary" onClick={() => setPidiendoTitulo(true)} disabled={plantillas.cargando}>
                Continuar
              </Button>
            )}
          </Space>
        }
      >
        <Steps size="small" current={paso} className="exp-pasos" items={[{ title: 'Categoría' }, { title: 'Acto' }, { title: 'Plantilla' }]} />
        {paso === 0 &&
          (isLoading ? (
            <Skeleton active />
          ) : (
            <div className="exp-tarjetas" role="list" aria-label="Categorías">
              {categorias.map((c) => (
                <button key={c.id} type="button" role="listitem" className="exp-tarjeta" onClick={() => setCategoria(c)} title={c.descripcion}>
                  <IconoCategoria nombre={c.nombre} imagen={c.imagen_url} />
                  <span className="exp-tarjeta-nombre">{c.nombre}</span>
                </button>
              ))}
            </div>
          ))}
        {paso === 1 &&
          (cargandoActos ? (
            <Skeleton active />
          ) : actos.length === 0 ? (
            <Empty description="No hay actos disponibles en esta categoría" />
          ) : (
            <div className="exp-tarjetas" role="list" aria-label={`Actos de ${categoria!.nombre}`}>
              {actos.map((a) => (
                <button key={a.id} type="button" role="listitem" className="exp-tarjeta exp-tarjeta-acto" onClick={() => setActo(a)} title={a.descripcion}>
                  <span className="exp-tarjeta-nombre">{a.nombre}</span>
                  <span className="exp-tarjeta-desc">{recortar(a.descripcion)}</span>
                </button>
              ))}
            </div>
          ))}
        {paso === 2 && (
          <div>
            <Typography.Paragraph>
              <strong>{acto!.nombre}</strong>. Puede partir de una plantilla de la notaría (opcional).
            </Typography.Paragraph>
            {plantillas.cargando ? (
              <Skeleton active paragraph={{ rows: 2 }} />
            ) : (
              <Radio.Group value={plantillaId} onChange={(e) => setPlantillaId(e.target.value as number)} aria-label="Plantilla">
                <Space direction="vertical">
                  <Radio value={SIN_PLANTILLA}>Sin plantilla</Radio>
                  {plantillas.plantillas.map((p) => (
                    <Radio key={p.id} value={p.id}>
                      {p.nombre}
                    </Radio>
                  ))}
                </Space>
              </Radio.Group>
            )}
          </div>
        )}
      </Modal>
      {open && pidiendoTitulo && acto && (
        <TituloActoDialog
          inicial={`${acto.nombre} - ${dayjs().format('DD/MM/YYYY HH:mm')}`}
          onCancel={() => setPidiendoTitulo(false)}
          onConfirm={(titulo) => onElegido({ acto, plantilla, titulo })}
        />
      )}
    </>
  );
}

/** Confirms the act's title: required once trimmed; Enter confirms. */
function TituloActoDialog({ inicial, onCancel, onConfirm }: { inicial: string; onCancel: () => void; onConfirm: (t: string) => void }) {
  const [titulo, setTitulo] = useState(inicial);
  const campo = useRef<InputRef>(null);
  const valido = titulo.trim() !== '';
  // Enter confirms what the field holds when it is pressed, even before React shows the last keystroke
  const confirmar = (valor = titulo) => {
    const limpio = valor.trim();
    if (limpio) onConfirm(limpio);
  };
  return (
    <Modal
      open
      title="Título del acto"
      onCancel={onCancel}
      onOk={() => confirmar()}
      closable={{ 'aria-label': 'Cerrar' }}
      okText="Confirmar"
      cancelText="Atrás"
      okButtonProps={{ disabled: !valido }}
      // the field is ready to type in: autoFocus runs before the dialog is in the page, and at the
      // end of its opening the dialog focuses itself
      afterOpenChange={(abierto) => abierto && campo.current?.focus()}
    >
      <label htmlFor="titulo-acto" className="exp-etiqueta">
        Título
      </label>
      <Input
        id="titulo-acto"
        ref={campo}
        value={titulo}
        maxLength={200}
        status={valido ? '' : 'error'}
        aria-describedby="titulo-acto-ayuda"
        onChange={(e) => setTitulo(e.target.value)}
        onPressEnter={(e) => confirmar(e.currentTarget.value)}
      />
      <Typography.Text id="titulo-acto-ayuda" type={valido ? 'secondary' : 'danger'}>
        {valido ? 'Pulse Intro para confirmar.' : 'Debe introducir un título para el acto'}
      </Typography.Text>
    </Modal>
  );
}
