import { z } from 'zod';

/**
 * The export of a person's data (RGPD arts. 15 and 20): GET /privacidad/exportacion. One array per
 * table, each row as the database holds it (columns by their names), so the export can be compared
 * with the database table by table. Documents are listed with the path to download each; their
 * storage key is not personal data and stays out.
 */
const fila = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape);
const id = z.string().min(1);

export const exportacionSchema = z.object({
  formato: z.literal('exportacion-datos-personales'),
  version: z.literal(1),
  generadaEn: z.string(),
  titular: id,
  personas: z.array(fila({ id, tipo_persona: z.enum(['FISICA', 'JURIDICA']), identificador_numero: z.string() })),
  privilegios: z.array(fila({ id, persona_otorgante_id: id, persona_receptora_id: id, tipo_privilegio: z.string() })),
  persona_notaria: z.array(fila({ persona_id: id, notaria_id: z.number() })),
  expedientes: z.array(fila({ id, titulo: z.string(), estado: z.string(), persona_id: id })),
  actos: z.array(fila({ id, expediente_id: id, titulo: z.string(), datos_formulario: z.unknown() })),
  citas: z.array(fila({ id: z.number(), client_id: id, date: z.string(), time: z.string() })),
  mensajes: z.array(fila({ id, expediente_id: id, texto: z.string() })),
  documentos: z.array(fila({ id, tipo: z.string(), nombre: z.string(), descarga: z.string() })),
  copias: z.array(fila({ id, expediente_id: id, tipo: z.string(), estado: z.string() })),
  usuarios: z.array(fila({ id, tipo_documento: z.string(), numero_documento: z.string(), email: z.string() })),
  sesiones: z.array(fila({ id, created_at: z.string(), expires_at: z.string() })),
  solicitudes_privacidad: z.array(fila({ id, tipo: z.string(), estado: z.string(), motivo: z.string() })),
});
export type Exportacion = z.infer<typeof exportacionSchema>;

/** The tables of the export, in the order the PDF shows them, with their Spanish titles. */
export const TABLAS_EXPORTACION = {
  personas: 'Personas (fichas)',
  privilegios: 'Privilegios concedidos y recibidos (consentimientos de representación)',
  persona_notaria: 'Notarías vinculadas',
  expedientes: 'Expedientes',
  actos: 'Actos y sus formularios',
  citas: 'Citas',
  mensajes: 'Mensajes',
  documentos: 'Documentos',
  copias: 'Copias',
  usuarios: 'Cuenta de acceso',
  sesiones: 'Sesiones',
  solicitudes_privacidad: 'Solicitudes de protección de datos',
} as const satisfies Partial<Record<keyof Exportacion, string>>;
