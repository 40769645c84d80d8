import type { BaseRecord } from '@refinedev/core';
import { isTempId, type ActoDto } from '../domain/expediente';
import { defineResource, NO_DELETE, nobody, signedIn } from '../domain/resource';
import { BASE_CONTRATO, BASE_LEGAL_NOTARIAL, CONSERVACION_PROTOCOLO, SIN_CESIONES, tratamiento } from '../domain/tratamientos';
import { routes } from '../api/routes';

/**
 * An act kept in this browser while the server cannot be reached is stored in the act's draft
 * form: expediente_id, acto_id, fecha_creacion, nombre_acto, titulo, estado, datos_formulario.
 */
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

const aGuardado = (record: BaseRecord): ActoGuardado & Record<string, unknown> => {
  const a = record as ActoDto;
  return {
    acto_id: a.id,
    expediente_id: a.expedienteId,
    titulo: a.titulo,
    estado: a.status,
    fecha_creacion: a.fecha,
    nombre_acto: a.nombre_acto ?? null,
    datos_formulario: a.datosFormulario ?? {},
    definicion_acto_id: a.definicionActoId ?? null,
    url_acto: a.url_acto ?? null,
  };
};

const desdeGuardado = (v: unknown): ActoDto | undefined => {
  const g = v as ActoGuardado | null;
  if (!g || typeof g !== 'object' || !isTempId(g.acto_id)) return undefined;
  return {
    id: g.acto_id,
    expedienteId: g.expediente_id,
    titulo: g.titulo,
    status: g.estado,
    fecha: g.fecha_creacion,
    nombre_acto: g.nombre_acto,
    datosFormulario: g.datos_formulario ?? {},
    definicionActoId: g.definicion_acto_id,
    url_acto: g.url_acto,
  };
};

/**
 * The notarial acts of a case (services API); a case's acts are filtered by expedienteId.
 * A new act the server did not answer is kept in this browser and sent again (`pendientes`,
 * see providers/servicios-pendientes.ts).
 */
export default defineResource({
  name: 'actos',
  dataProvider: 'servicios',
  labels: { singular: 'Acto', plural: 'Actos', gender: 'm' },
  tratamiento: tratamiento({
    actividad: 'Actos notariales y sus formularios',
    finalidad: 'Recoger los datos que necesita la escritura de cada acto',
    baseJuridica: `${BASE_CONTRATO}; ${BASE_LEGAL_NOTARIAL}`,
    categorias: 'Otorgantes y terceros que el acto nombra: los datos del formulario de cada acto',
    destinatarios: SIN_CESIONES,
    conservacion: CONSERVACION_PROTOCOLO,
  }),
  // any signed-in person, on the records the services API lets them see (others answer 404)
  access: { list: signedIn, create: signedIn, edit: signedIn, delete: nobody },
  deletion: NO_DELETE,
  paths: {
    list: routes.actos.listOfExpediente,
    create: routes.actos.create,
    update: routes.actos.update,
  },
  pendientes: { clave: 'actos_pendientes', guardar: aGuardado, leer: desdeGuardado as (v: unknown) => BaseRecord | undefined },
});
