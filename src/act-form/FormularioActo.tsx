import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  construirDatosFormulario,
  definicionFormularioSchema,
  esSeccionLista,
  estadoDesdeDatos,
  filaVacia,
  validarFormulario,
  valoresDePersona,
  opcionesDe,
  type DefinicionFormulario,
  type EstadoFormulario,
  type FilaFormulario,
} from '../../domain/act-form';
import {
  FORM_SAVED,
  FORM_SUBMIT,
  IFRAME_HEIGHT,
  IFRAME_HEIGHT_DELAY_MS,
  IFRAME_READY,
  INIT_DATA,
  RESPUESTA_PERSONA_POR_NIF,
  SOLICITAR_PERSONA_POR_NIF,
  type RespuestaPersonaMessage,
  MOTIVO_LECTURA_ENVIADO,
} from '../../domain/iframe-messages';
import { onPortalMessage, sendToPortal } from './messaging';
import Seccion from './Seccion';

/** Autosave: the draft goes to the portal this long after the last change. */
const AUTOSAVE_MS = 1500;

export interface AvisoNif {
  tipo: 'ok' | 'error' | 'buscando';
  texto: string;
}

/** The dynamic act form: waits for INIT_DATA, renders the definition, autosaves and submits through the portal. */
export default function FormularioActo() {
  const [def, setDef] = useState<DefinicionFormulario | null>(null);
  const [definicionInvalida, setDefinicionInvalida] = useState(false);
  const [titulo, setTitulo] = useState('');
  const [estado, setEstado] = useState<EstadoFormulario>({});
  const [mostrarErrores, setMostrarErrores] = useState(false);
  const [avisosNif, setAvisosNif] = useState<Record<string, AvisoNif>>({});
  const [enviado, setEnviado] = useState(false);
  // a sent act: shown, never changed (its fields are disabled and nothing is saved)
  const [soloLectura, setSoloLectura] = useState(false);
  const [motivoLectura, setMotivoLectura] = useState(MOTIVO_LECTURA_ENVIADO);
  const editado = useRef(false);
  const defRef = useRef<DefinicionFormulario | null>(null);

  const cambiarFila = useCallback((seccion: string, indice: number, cambios: Partial<FilaFormulario>) => {
    editado.current = true;
    setEnviado(false);
    setEstado((prev) => ({
      ...prev,
      [seccion]: prev[seccion].map((f, i) => (i === indice ? ({ ...f, ...cambios } as FilaFormulario) : f)),
    }));
  }, []);

  /** The answer to a NIF search: fills the row's fields from the persona found (its own state only: refs and setters). */
  const aplicarPersona = useCallback(
    (r: RespuestaPersonaMessage) => {
      const [seccion, filaTexto] = String(r.solicitud ?? '').split('.');
      const indice = Number(filaTexto);
      const s = defRef.current?.secciones.find((x) => x.nombre_logico === seccion);
      if (!s || !Number.isInteger(indice)) return;
      const clave = `${seccion}.${indice}`;
      const persona = Array.isArray(r.encontrados) ? r.encontrados[0] : undefined;
      if (!persona) {
        setAvisosNif((a) => ({ ...a, [clave]: { tipo: 'error', texto: r.error || `No se encontró ninguna persona con NIF/CIF: ${r.nif}` } }));
        return;
      }
      const valores = valoresDePersona(persona);
      const cambios: FilaFormulario = {};
      for (const campo of s.campos) {
        const v = valores[campo.nombre];
        if (v === undefined || campo.tipo === 'checkbox') continue;
        if (campo.tipo === 'select' && !opcionesDe(campo).some((o) => o.valor === v)) continue;
        cambios[campo.nombre] = v;
      }
      cambiarFila(seccion, indice, cambios);
      const nombre = persona.razonSocial || [persona.nombre, persona.primerApellido, persona.segundoApellido].filter(Boolean).join(' ');
      setAvisosNif((a) => ({ ...a, [clave]: { tipo: 'ok', texto: `Datos cargados: ${nombre || r.nif}` } }));
    },
    [cambiarFila],
  );

  // ---- messages from the portal
  useEffect(
    () =>
      onPortalMessage((m) => {
        if (m.type === INIT_DATA) {
          const parsed = definicionFormularioSchema.safeParse(m.definicion);
          if (!parsed.success) {
            setDefinicionInvalida(true);
            return;
          }
          defRef.current = parsed.data;
          editado.current = false;
          setDef(parsed.data);
          setTitulo(typeof m.titulo === 'string' ? m.titulo : '');
          setSoloLectura(m.soloLectura === true);
          setMotivoLectura(typeof m.motivoLectura === 'string' && m.motivoLectura ? m.motivoLectura : MOTIVO_LECTURA_ENVIADO);
          setEstado(estadoDesdeDatos(parsed.data, m.datosFormulario));
          setMostrarErrores(false);
        } else if (m.type === RESPUESTA_PERSONA_POR_NIF) {
          aplicarPersona(m as RespuestaPersonaMessage);
        }
      }),
    [aplicarPersona],
  );

  useEffect(() => sendToPortal(IFRAME_READY), []);

  // ---- height for the portal's iframe
  useEffect(() => {
    const report = () => sendToPortal(IFRAME_HEIGHT, { height: Math.ceil(document.documentElement.scrollHeight) });
    const timer = window.setTimeout(report, IFRAME_HEIGHT_DELAY_MS);
    const observer = new ResizeObserver(() => report());
    observer.observe(document.body);
    return () => {
      window.clearTimeout(timer);
      observer.disconnect();
    };
  }, []);

  // ---- autosave after the user changes something
  useEffect(() => {
    if (!def || !editado.current || soloLectura) return;
    const timer = window.setTimeout(() => sendToPortal(FORM_SAVED, { datosFormulario: construirDatosFormulario(def, estado) }), AUTOSAVE_MS);
    return () => window.clearTimeout(timer);
  }, [def, estado, soloLectura]);

  function buscarNif(seccion: string, indice: number, nif: string) {
    const clave = `${seccion}.${indice}`;
    if (!nif.trim()) {
      setAvisosNif((a) => ({ ...a, [clave]: { tipo: 'error', texto: 'Escriba un NIF/CIF para buscar' } }));
      return;
    }
    setAvisosNif((a) => ({ ...a, [clave]: { tipo: 'buscando', texto: 'Buscando...' } }));
    sendToPortal(SOLICITAR_PERSONA_POR_NIF, { nif: nif.trim().toUpperCase(), solicitud: clave });
  }

  if (definicionInvalida) return <p role="alert" className="af-estado">La definición del formulario no es válida.</p>;
  if (!def) return <p className="af-estado">Cargando formulario...</p>;

  const errores = mostrarErrores ? validarFormulario(def, estado) : {};

  function enviar(e: FormEvent) {
    e.preventDefault();
    if (soloLectura) return;
    const todos = validarFormulario(def!, estado);
    setMostrarErrores(true);
    const primero = Object.keys(todos)[0];
    if (primero) {
      document.getElementById(primero.replaceAll('.', '-'))?.focus();
      return;
    }
    sendToPortal(FORM_SUBMIT, { datosFormulario: construirDatosFormulario(def!, estado) });
    setEnviado(true);
  }

  const numeroErrores = Object.keys(errores).length;
  return (
    <form className="af" noValidate onSubmit={enviar} aria-label={titulo || 'Formulario del acto'}>
      {titulo && <h1 className="af-titulo">{titulo}</h1>}
      {soloLectura && (
        <p role="status" className="af-estado">
          {motivoLectura}
        </p>
      )}
      <fieldset disabled={soloLectura} className="af-lectura">
      {def.secciones.map((s) => (
        <Seccion
          key={s.nombre_logico}
          seccion={s}
          filas={estado[s.nombre_logico] ?? [filaVacia(s)]}
          errores={errores}
          avisosNif={avisosNif}
          onCambio={cambiarFila}
          onBuscarNif={buscarNif}
          soloLectura={soloLectura}
          onAnadir={
            esSeccionLista(s)
              ? () => {
                  editado.current = true;
                  setEstado((p) => ({ ...p, [s.nombre_logico]: [...p[s.nombre_logico], filaVacia(s)] }));
                }
              : undefined
          }
          onQuitar={(i) => {
            editado.current = true;
            setEstado((p) => ({ ...p, [s.nombre_logico]: p[s.nombre_logico].filter((_, j) => j !== i) }));
          }}
        />
      ))}
      </fieldset>
      {!soloLectura && <div className="af-acciones">
        {numeroErrores > 0 && (
          <p role="alert" className="af-error">
            Revise los campos marcados ({numeroErrores}).
          </p>
        )}
        {enviado && numeroErrores === 0 && <p role="status">Datos enviados.</p>}
        <button type="submit" className="af-boton af-primario">
          Guardar
        </button>
      </div>}
    </form>
  );
}
