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

export interface MensajeDto {
  id: string;
  expedienteId: string;
  lado: 'CLIENTE' | 'NOTARIA';
  autorNombre: string;
  texto: string;
  creadoEn: string;
  leido: boolean;
  /** Written by the caller's side. */
  mio: boolean;
}

/** Unread messages of the other side, per case, and their total. */
export interface NoLeidosDto {
  total: number;
  porExpediente: Record<string, number>;
}
