import { z } from 'zod';
import { doors, endpoint } from './endpoint';
import { idParams } from './common';
import { citaDespachoSchema, citasDespachoQuerySchema, despachoListaSchema, despachoQuerySchema, expedienteDespachoSchema, moverCitaSchema } from '../domain/despacho';

const tag = 'Despacho (personal de la notaría)';

/** The office's work: the staff of a notaría only (the token's notarías); anyone else sees unknown paths. */
export const despacho = {
  me: endpoint({
    method: 'GET',
    path: '/despacho/yo',
    summary: 'El nombre del miembro del personal que llama (saludo, conversación)',
    tag,
    answer: z.object({ nombre: z.string().nullable() }),
    access: doors.staff,
  }),
  listExpedientes: endpoint({
    method: 'GET',
    path: '/despacho/expedientes',
    summary: 'Expedientes de mis notarías, una página, con los contadores por estado',
    tag,
    query: despachoQuerySchema,
    answer: despachoListaSchema,
    access: doors.staff,
    audit: { entity: 'expediente' },
  }),
  getExpediente: endpoint({
    method: 'GET',
    path: '/despacho/expedientes/{id}',
    summary: 'Un expediente como lo trabaja la notaría: cliente, actos e historial',
    tag,
    params: idParams,
    answer: expedienteDespachoSchema,
    access: doors.signedIn,
    audit: { entity: 'expediente' },
  }),
  listCitas: endpoint({
    method: 'GET',
    path: '/despacho/citas',
    summary: 'Citas de mis notarías entre dos fechas (31 días como mucho)',
    tag,
    query: citasDespachoQuerySchema,
    answer: z.array(citaDespachoSchema),
    access: doors.staff,
    audit: { entity: 'cita' },
  }),
  moveCita: endpoint({
    method: 'PUT',
    path: '/despacho/citas/{id}',
    summary: 'Mover una cita (día, hora o miembro del personal)',
    tag,
    params: idParams,
    body: moverCitaSchema,
    answer: citaDespachoSchema,
    access: doors.staff,
    audit: { entity: 'cita' },
  }),
  cancelCita: endpoint({
    method: 'DELETE',
    path: '/despacho/citas/{id}',
    summary: 'Anular una cita',
    tag,
    params: idParams,
    answer: null,
    access: doors.staff,
    audit: { entity: 'cita' },
  }),
};
