import { useEffect, useMemo, useRef, useState } from 'react';
import { useList, useNotification } from '@refinedev/core';
import { session } from '../../providers/session';
import { datosFormularioSchema, type DatosFormulario } from '../../domain/expediente';
import {
  acceptMessage,
  buildMessage,
  FORM_SAVED,
  FORM_SUBMIT,
  IFRAME_HEIGHT,
  IFRAME_READY,
  IFRAME_READY_FALLBACK_MS,
  INIT_DATA,
  originOf,
  RESPUESTA_PERSONA_POR_NIF,
  SOLICITAR_PERSONA_POR_NIF,
  type IframeMessage,
  type PersonaEncontrada,
} from '../../domain/iframe-messages';

interface Props {
  /** The form document to frame (see urlFormulario). */
  src: string;
  definicion: unknown;
  datosFormulario?: unknown;
  titulo?: string;
  onSubmit: (datos: DatosFormulario) => void;
  onAutosave?: (datos: DatosFormulario) => void;
  /** Fill the available height (full-screen dialog) instead of following the form's height. */
  llenar?: boolean;
  /** The act is sent: the form shows its data and changes nothing. */
  soloLectura?: boolean;
  /** Why it is read-only, shown in the form (default: the act is sent, see MOTIVO_LECTURA_ENVIADO). */
  motivoLectura?: string;
}

/**
 * Frames the act form and speaks its protocol: INIT_DATA once the form is ready (or 100 ms after
 * it loads), heights, submits, autosaves and "find person by NIF", answered through the services
 * API. Only messages from the framed window at its origin are read.
 */
export default function ActFormFrame({ src, definicion, datosFormulario, titulo, onSubmit, onAutosave, llenar, soloLectura, motivoLectura }: Props) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [altura, setAltura] = useState(480);
  const { open } = useNotification();
  const origen = useMemo(() => originOf(src, window.location.href), [src]);
  const url = useMemo(() => {
    const u = new URL(src, window.location.href);
    u.searchParams.set('parentOrigin', window.location.origin);
    return u.origin === window.location.origin ? `${u.pathname}${u.search}` : u.toString();
  }, [src]);

  // the latest props, read by the listener without re-subscribing
  const actual = useRef({ definicion, datosFormulario, titulo, onSubmit, onAutosave, soloLectura, motivoLectura });
  actual.current = { definicion, datosFormulario, titulo, onSubmit, onAutosave, soloLectura, motivoLectura };
  const iniciado = useRef(false);

  const enviar = (type: string, payload: Record<string, unknown>) => frame.current?.contentWindow?.postMessage(buildMessage(type, payload), origen);
  /** INIT_DATA: always when the form says it is ready (it may have reloaded); once for the fallback. */
  const iniciar = (forzar: boolean) => {
    if (iniciado.current && !forzar) return;
    iniciado.current = true;
    const { definicion: d, datosFormulario: datos, titulo: t, soloLectura: lectura, motivoLectura: motivo } = actual.current;
    enviar(INIT_DATA, { definicion: d, datosFormulario: datos ?? {}, titulo: t ?? '', ...(lectura ? { soloLectura: true, ...(motivo ? { motivoLectura: motivo } : {}) } : {}) });
  };

  // "find person by NIF": the form's requests, answered in order by a look-up of personas by document
  const [busquedas, setBusquedas] = useState<{ nif: string; solicitud: unknown }[]>([]);
  const busqueda = busquedas[0];
  const encontrados = useList<PersonaEncontrada>({
    resource: 'personas',
    filters: [{ field: 'identificador', operator: 'eq', value: busqueda?.nif }],
    pagination: { mode: 'off' },
    queryOptions: { enabled: !!busqueda },
    errorNotification: false,
  });
  const responder = (nif: string, solicitud: unknown, lista: PersonaEncontrada[], error?: string) =>
    enviar(RESPUESTA_PERSONA_POR_NIF, { nif, solicitud, encontrados: lista, ...(error ? { error } : {}) });

  function buscarPersona(m: IframeMessage) {
    const nif = typeof m.nif === 'string' ? m.nif.trim() : '';
    const { token, idPersona } = session.get();
    if (!token || !idPersona) return responder(nif, m.solicitud, [], 'No hay una sesión activa de usuario');
    if (!nif) return responder(nif, m.solicitud, [], `No se encontró ninguna persona con NIF/CIF: ${nif}`);
    setBusquedas((b) => [...b, { nif, solicitud: m.solicitud }]);
  }

  const { isFetching, isSuccess, isError } = encontrados.query;
  useEffect(() => {
    if (!busqueda || isFetching || !(isSuccess || isError)) return;
    if (isError) responder(busqueda.nif, busqueda.solicitud, [], 'Error interno del servidor');
    else {
      const lista = encontrados.result.data ?? [];
      responder(busqueda.nif, busqueda.solicitud, lista, lista.length ? undefined : `No se encontró ninguna persona con NIF/CIF: ${busqueda.nif}`);
    }
    setBusquedas((b) => b.slice(1));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- each search is answered once, when its query settles: the rows and `responder` (a new function at every render) are read then, not watched
  }, [busqueda, isFetching, isSuccess, isError]);

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      const m = acceptMessage(event, { origin: origen, source: frame.current?.contentWindow ?? null });
      if (!m) return;
      switch (m.type) {
        case IFRAME_READY:
          iniciar(true);
          break;
        case IFRAME_HEIGHT: {
          const h = Number(m.height);
          if (Number.isFinite(h) && h > 0) setAltura(Math.min(Math.max(h, 200), 20000));
          break;
        }
        case FORM_SUBMIT:
        case FORM_SAVED: {
          const datos = datosFormularioSchema.safeParse(m.datosFormulario);
          if (!datos.success) {
            open?.({ type: 'error', message: 'Error', description: 'No se pudo procesar el acto' });
            return;
          }
          if (m.type === FORM_SUBMIT) actual.current.onSubmit(datos.data);
          else actual.current.onAutosave?.(datos.data);
          break;
        }
        case SOLICITAR_PERSONA_POR_NIF:
          buscarPersona(m);
          break;
        default:
          console.warn(`Mensaje del formulario no reconocido: ${m.type}`);
      }
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one listener per origin: what it calls reads the latest props through `actual` and the frame's ref, so it is not subscribed again at every render
  }, [origen]);

  return (
    <iframe
      ref={frame}
      src={url}
      title={titulo ? `Formulario: ${titulo}` : 'Formulario del acto'}
      className="acto-iframe"
      style={{ width: '100%', border: 0, height: llenar ? '100%' : altura, minHeight: 200, display: 'block' }}
      onLoad={() => {
        // a form that never says it is ready is assumed ready shortly after it loads
        window.setTimeout(() => iniciar(false), IFRAME_READY_FALLBACK_MS);
      }}
    />
  );
}
