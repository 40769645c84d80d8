import { z } from 'zod';
import { dropEmpty, type Persona } from '../../../domain/persona';

/** The profile's editable name: a natural person's names, or a legal person's company name. */
const texto = (requerido: string, max = 100) =>
  z.string({ error: requerido }).trim().min(1, requerido).max(max, `No puede superar ${max} caracteres`);

export const perfilFisicaSchema = z.object({
  nombre: texto('El nombre es obligatorio'),
  primerApellido: texto('El primer apellido es obligatorio'),
  segundoApellido: z.string().trim().max(100, 'No puede superar 100 caracteres').optional(),
});
export const perfilJuridicaSchema = z.object({
  razonSocial: texto('La razón social es obligatoria', 200),
});
export type CambiosPerfil = z.infer<typeof perfilFisicaSchema> | z.infer<typeof perfilJuridicaSchema>;

/** PUT /persona/{id} takes the whole person without id (and links), empty values dropped. */
export function cuerpoActualizacion(persona: Persona, cambios: CambiosPerfil) {
  const { id, links, fichaReducida, ...resto } = persona;
  void [id, links, fichaReducida];
  const nombres = 'razonSocial' in cambios ? cambios : { segundoApellido: '', ...cambios };
  return dropEmpty({ ...resto, ...nombres });
}
