import Mustache from 'mustache';
import { z } from 'zod';
import { campoVisible, esSeccionLista, estadoDesdeDatos, fechaFormularioAIso, opcionesDe, type CampoDef, type DefinicionFormulario, type FilaFormulario, type SeccionDef } from './act-form';
import { looksLikeCif } from './identifiers';
import { enteroEnLetras, fechaEnLetras, numeroEnLetras } from './en-letras';

/**
 * The draft of a deed: a template of plantillas_escrituras (logic-less Mustache, the placeholders
 * of supabase/migrations/20261126140000_marcadores_plantillas.sql) filled with an act's form data
 * and the office's facts. What the act lacks is never left blank: it is written as a marker
 * ⟦Falta: …⟧ that the PDF highlights, and listed in `faltan`.
 */

const ABRE = '⟦';
const CIERRA = '⟧';
export const falta = (que: string) => `${ABRE}Falta: ${que}${CIERRA}`;
/** Splits a text into plain runs and missing-data markers (odd indexes are markers, without their brackets). */
export const partesConFaltas = (texto: string) => texto.split(/⟦([^⟧]*)⟧/);

/** The office's facts every deed may name (table public.marcadores_comunes). */
export interface DatosComunes {
  notario: string | null;
  notaria: string;
  direccionNotaria: string | null;
  /** yyyy-mm-dd */
  fecha: string;
  acto: string;
  expediente: string;
  numeroProtocolo: number | null;
}

/** 'Calle de Serrano, 45, 2.º, 28001 Madrid' → 'Madrid' (what follows the postal code). */
export const localidadDeDireccion = (direccion: string | null) => /\b\d{5}\s+([^,]+)\s*$/.exec(direccion ?? '')?.[1]?.trim() ?? null;

const minusculas = (campo: CampoDef, valor: string) => {
  const opcion = opcionesDe(campo).find((o) => o.valor === valor);
  const texto = opcion?.etiqueta ?? valor;
  // codes such as SOLIDARIA read as words in a sentence
  return texto === texto.toUpperCase() ? texto.toLowerCase() : texto;
};

/** A field's value as a deed writes it: dates in words, numbers with Spanish grouping, options as words. */
function valorEscrito(campo: CampoDef, valor: string | boolean | undefined): string {
  if (campo.tipo === 'checkbox') return valor === true ? 'sí' : '';
  const v = typeof valor === 'string' ? valor.trim() : '';
  if (!v) return '';
  switch (campo.tipo) {
    case 'fecha':
      return fechaEnLetras(fechaFormularioAIso(v)) || v;
    case 'numero': {
      const n = Number(v.replace(',', '.'));
      return Number.isFinite(n) ? n.toLocaleString('es-ES', { maximumFractionDigits: 2 }).replace(/^(\d)(\d{3})(?=$|,)/, '$1.$2') : v;
    }
    case 'select':
      return minusculas(campo, v);
    case 'nif':
      return v.toUpperCase();
    default:
      return v;
  }
}

function enLetra(campo: CampoDef, valor: string | boolean | undefined): string {
  const n = typeof valor === 'string' ? Number(valor.replace(',', '.')) : NaN;
  if (!Number.isFinite(n) || Math.abs(n) > 999_999_999_999) return '';
  return numeroEnLetras(n).toUpperCase();
}

const vacio = (v: string | boolean | undefined) => v === undefined || v === false || (typeof v === 'string' && v.trim() === '');

/** One row's values by field name (and name_en_letra for numbers); a required visible field left empty is marked. */
function valoresFila(s: SeccionDef, fila: FilaFormulario, donde: string, faltan: string[]) {
  const valores: Record<string, string> = {};
  for (const c of s.campos) {
    const visible = campoVisible(c, fila);
    if (visible && c.requerido && vacio(fila[c.nombre]) && c.tipo !== 'checkbox') {
      const que = `${c.etiqueta} (${donde})`;
      faltan.push(que);
      valores[c.nombre] = falta(que);
    } else valores[c.nombre] = visible ? valorEscrito(c, fila[c.nombre]) : '';
    if (c.tipo === 'numero') valores[`${c.nombre}_en_letra`] = visible ? enLetra(c, fila[c.nombre]) : '';
  }
  return valores;
}

const tieneDatos = (s: SeccionDef, fila: FilaFormulario) => s.campos.some((c) => c.tipo !== 'checkbox' && !vacio(fila[c.nombre]));

/** How a deed names a person's document: DNI for a Spanish NIF, NIE, NIF for a company. */
function documento(nif: string) {
  if (!nif) return '';
  if (/^[XYZ]/i.test(nif)) return `con NIE número ${nif}`;
  if (looksLikeCif(nif)) return `con NIF número ${nif}`;
  return `con DNI/NIF número ${nif}`;
}

/**
 * A row of a list section as a deed's comparecencia: name in capitals, then what the section
 * holds of age, marital status, profession, address and document, and the capacity in which a
 * full compareciente (one with an address) acts.
 */
function comparecencia(v: Record<string, string>, tiene: (campo: string) => boolean, nacimiento: string, hoy: string): string {
  const nombre = [v.nombre, v.primer_apellido, v.segundo_apellido, v.razon_social].filter(Boolean).join(' ');
  // capitals, as deeds write names; a missing-data marker keeps its own words
  const partes = [partesConFaltas(nombre).map((p, i) => (i % 2 ? `${ABRE}${p}${CIERRA}` : p.toUpperCase())).join('')];
  if (tiene('fecha_nacimiento') && v.fecha_nacimiento) {
    if (v.fecha_nacimiento.startsWith(ABRE)) partes.push(v.fecha_nacimiento);
    else partes.push(nacimiento && edad(nacimiento, hoy) >= 18 ? 'mayor de edad' : `nacido/a el ${v.fecha_nacimiento}`);
  }
  if (v.estado_civil) partes.push(`de estado civil ${v.estado_civil}${v.regimen_economico ? `, en régimen de ${v.regimen_economico}` : ''}`);
  if (v.profesion) partes.push(`de profesión ${v.profesion}`);
  if (v.domicilio) partes.push(`con domicilio en ${v.domicilio}`);
  if (v.nif) partes.push(v.nif.startsWith(ABRE) ? v.nif : documento(v.nif));
  let texto = partes.join(', ');
  if (tiene('domicilio')) texto += '. Interviene en su propio nombre y derecho';
  return texto;
}

/** Whole years from one yyyy-mm-dd to another. */
const edad = (desde: string, hasta: string) => Number(hasta.slice(0, 4)) - Number(desde.slice(0, 4)) - (hasta.slice(5) < desde.slice(5) ? 1 : 0);

const enumerar = (textos: string[]) => (textos.length <= 1 ? (textos[0] ?? '') : `${textos.slice(0, -1).join('; ')}; y ${textos.at(-1)}`);

/** A list of rows that reads as the deed's text where a template names the whole section ({{otorgantes}}). */
class Filas extends Array<Record<string, string>> {
  texto = '';
  override toString() {
    return this.texto;
  }
}

export interface VistaBorrador {
  vista: Record<string, unknown>;
  /** What the act or the office lacks, in the order the draft names it. */
  faltan: string[];
}

/** The values a template is filled with: the common facts, the act's sections and fields. */
export function vistaBorrador(def: DefinicionFormulario | null, datos: unknown, comunes: DatosComunes): VistaBorrador {
  const faltan: string[] = [];
  const vista: Record<string, unknown> = {};
  const comun = (valor: string | null, que: string) => {
    if (valor) return valor;
    faltan.push(que);
    return falta(que);
  };
  vista.numero_protocolo = comunes.numeroProtocolo ? enteroEnLetras(comunes.numeroProtocolo).toUpperCase() : comun(null, 'número de protocolo (se asigna al firmar)');
  vista.notario = comun(comunes.notario, 'notario o notaria de la notaría');
  vista.notaria = comunes.notaria;
  vista.direccion_notaria = comun(comunes.direccionNotaria, 'dirección de la notaría');
  vista.localidad = comun(localidadDeDireccion(comunes.direccionNotaria), 'localidad de la notaría');
  vista.fecha = fechaEnLetras(comunes.fecha);
  vista.acto = comunes.acto;
  vista.expediente = comunes.expediente;

  const estado = def ? estadoDesdeDatos(def, datos) : {};
  for (const s of def?.secciones ?? []) {
    const filas = (estado[s.nombre_logico] ?? []).filter((f) => tieneDatos(s, f));
    if (esSeccionLista(s)) {
      const lista = new Filas();
      filas.forEach((f, i) => lista.push(valoresFila(s, f, `${s.nombre.toLowerCase()} ${i + 1}`, faltan)));
      const nombres = new Set(s.campos.map((c) => c.nombre));
      const nacimiento = (i: number) => fechaFormularioAIso(String(filas[i]?.fecha_nacimiento ?? ''));
      if (lista.length) lista.texto = enumerar(lista.map((v, i) => comparecencia(v, (c) => nombres.has(c), nacimiento(i), comunes.fecha)));
      else {
        const que = `${s.nombre.toLowerCase()} (ninguno en el acto)`;
        faltan.push(que);
        lista.texto = falta(que);
      }
      vista[s.nombre_logico] = lista;
    } else {
      const fila = filas[0] ?? Object.fromEntries(s.campos.map((c) => [c.nombre, '']));
      for (const [k, v] of Object.entries(valoresFila(s, fila, s.nombre.toLowerCase(), faltan))) if (!(k in vista)) vista[k] = v;
    }
  }
  return { vista, faltan: [...new Set(faltan)] };
}

/** The template filled (no HTML escaping: the text goes into a PDF). */
export function rellenarPlantilla(plantilla: string, vista: Record<string, unknown>): string {
  return Mustache.render(plantilla, vista, {}, { escape: (v: unknown) => String(v) });
}

// ---- The services API's shapes ---------------------------------------------------------------

export const RESPUESTAS_BORRADOR = ['CONFORME', 'OBSERVACIONES'] as const;
export type RespuestaBorrador = (typeof RESPUESTAS_BORRADOR)[number];

export const generarBorradorSchema = z.object({
  plantillaId: z.coerce.number({ error: 'La plantilla no es válida' }).int().positive('La plantilla no es válida').optional(),
});

export const respuestaBorradorSchema = z
  .object({
    respuesta: z.enum(RESPUESTAS_BORRADOR, { error: "La respuesta debe ser 'CONFORME' u 'OBSERVACIONES'" }),
    observaciones: z.string().trim().max(2000, 'Las observaciones no pueden superar los 2000 caracteres').optional(),
  })
  .refine((r) => r.respuesta !== 'OBSERVACIONES' || !!r.observaciones, { message: 'Escriba sus observaciones', path: ['observaciones'] });

export const borradorSchema = z.object({
  id: z.string(),
  expedienteId: z.string(),
  actoId: z.string(),
  actoTitulo: z.string(),
  version: z.number(),
  plantillaNombre: z.string(),
  faltan: z.array(z.string()),
  documentoId: z.string(),
  nombreArchivo: z.string(),
  creadoEn: z.string(),
  respuesta: z.enum(RESPUESTAS_BORRADOR).nullable(),
  observaciones: z.string().nullable(),
  respondidoEn: z.string().nullable(),
});
export type BorradorDto = z.infer<typeof borradorSchema>;

/** A text diff between two versions: runs kept, added or removed (word by word). */
export const diferenciasSchema = z.object({
  de: z.number(),
  a: z.number(),
  partes: z.array(z.object({ texto: z.string(), tipo: z.enum(['igual', 'añadido', 'quitado']) })),
});
export type DiferenciasDto = z.infer<typeof diferenciasSchema>;
