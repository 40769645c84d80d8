import { z } from 'zod';

/** The conversation of a case between its client side and the office. */
export const MAX_MENSAJE = 4000;

export const nuevoMensajeSchema = z.object({
  texto: z
    .string({ error: 'Escriba el mensaje' })
    .trim()
    .min(1, 'Escriba el mensaje')
    .max(MAX_MENSAJE, `El mensaje no puede superar los ${MAX_MENSAJE} caracteres`),
});

/** Why a message was refused for the pace (429): the account's rate in one case. */
export const mensajeDemasiadosMensajes = (porMinuto: number) =>
  `Ha enviado demasiados mensajes en este expediente (el máximo es ${porMinuto} por minuto). Espere un momento antes de escribir otro.`;

export const mensajeSchema = z.object({
  id: z.string(),
  expedienteId: z.string(),
  lado: z.enum(['CLIENTE', 'NOTARIA']),
  autorNombre: z.string(),
  texto: z.string(),
  creadoEn: z.string(),
  leido: z.boolean(),
  /** Written by the caller's side. */
  mio: z.boolean(),
});
export type MensajeDto = z.infer<typeof mensajeSchema>;

/** Unread messages of the other side, per case, and their total. */
export const noLeidosSchema = z.object({ total: z.number(), porExpediente: z.record(z.string(), z.number()) });
export type NoLeidosDto = z.infer<typeof noLeidosSchema>;
