import { TEMP_ID_PREFIX, isTempId, type ActoDto } from '../../../domain/expediente';

/**
 * Acts whose creation failed, kept in this browser with a temp- id until a later save reaches the
 * server. Stored as the spec's draft form (expediente_id, acto_id, fecha_creacion, nombre_acto,
 * titulo, estado, datos_formulario).
 */
const CLAVE = 'actos_pendientes';

interface ActoGuardado {
  acto_id: string;
  expediente_id: string;
  titulo: string;
  estado: ActoDto['status'];
  fecha_creacion: string;
  nombre_acto: string | null;
  datos_formulario: ActoDto['datosFormulario'];
  definicion_acto_id: number | null;
  url_acto: string | null;
}

const aDto = (g: ActoGuardado): ActoDto => ({
  id: g.acto_id,
  expedienteId: g.expediente_id,
  titulo: g.titulo,
  status: g.estado,
  fecha: g.fecha_creacion,
  nombre_acto: g.nombre_acto,
  datosFormulario: g.datos_formulario ?? {},
  definicionActoId: g.definicion_acto_id,
  url_acto: g.url_acto,
});

function leerTodos(): ActoGuardado[] {
  try {
    const v = JSON.parse(localStorage.getItem(CLAVE) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((g): g is ActoGuardado => !!g && typeof g === 'object' && isTempId((g as ActoGuardado).acto_id)) : [];
  } catch {
    return [];
  }
}

/** The local acts of one case. */
export function leerActosLocales(expedienteId: string): ActoDto[] {
  return leerTodos().filter((g) => g.expediente_id === expedienteId).map(aDto);
}

export const nuevoIdTemporal = () => `${TEMP_ID_PREFIX}${crypto.randomUUID()}`;

/** Keeps (or replaces) an act locally; gives it a temp- id if it has none. Throws if storage fails. */
export function guardarActoLocal(acto: ActoDto): ActoDto {
  const id = isTempId(acto.id) ? acto.id : nuevoIdTemporal();
  const guardado: ActoGuardado = {
    acto_id: id,
    expediente_id: acto.expedienteId,
    titulo: acto.titulo,
    estado: acto.status,
    fecha_creacion: acto.fecha,
    nombre_acto: acto.nombre_acto,
    datos_formulario: acto.datosFormulario,
    definicion_acto_id: acto.definicionActoId,
    url_acto: acto.url_acto,
  };
  localStorage.setItem(CLAVE, JSON.stringify([...leerTodos().filter((g) => g.acto_id !== id), guardado]));
  return aDto(guardado);
}

export function quitarActoLocal(id: string) {
  try {
    localStorage.setItem(CLAVE, JSON.stringify(leerTodos().filter((g) => g.acto_id !== id)));
  } catch {
    /* nothing stored, nothing to remove */
  }
}
