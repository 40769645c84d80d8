/**
 * The person forms of the portal: their zod schemas with the
 * Spanish messages, their defaults, and the conversions to and from the API's persona and
 * privilegio. No React here, so the unit tests use the very same rules.
 */
import { z } from 'zod';
import { validateIdentifier, type TipoPersona } from './identifiers';
import {
  birthDateError,
  formDateError,
  formDateToIso,
  isoToFormDate,
  MENSAJES_FECHA,
  representativeBirthDateError,
} from './dates';
import { alpha3ToCountryName, countryToAlpha3, DEFAULT_COUNTRY_NAME } from './countries';
import {
  dropEmpty,
  ESTADOS_CIVILES,
  GENEROS,
  REGIMENES_ECONOMICOS,
  TELEFONO_REGEX,
  TIPOS_IDENTIFICADOR,
  type Persona,
  type PersonaPayload,
} from './persona';
import { LOGIN_MENSAJES } from './login-rules';
import type { Privilegio } from './representantes';
import { PERMISOS_FORMULARIO, permissionPreset, TIPOS_PRIVILEGIO } from './representantes-rules';

export const MENSAJES_FORM = {
  nombre: 'El nombre es obligatorio',
  primerApellido: 'El primer apellido es obligatorio',
  numeroIdentificador: 'El número de identificador es obligatorio',
  fechaNacimiento: 'La fecha de nacimiento es obligatoria',
  email: 'Email inválido',
  codigoPostal: 'El código postal es obligatorio',
  codigoPostalFormato: 'El código postal debe tener 5 dígitos',
  codigoPostalProvincia: 'Ese código postal no existe: en España empieza por 01 a 52',
  localidad: 'La localidad es obligatoria',
  provincia: 'La provincia es obligatoria',
  nombreVia: 'La vía es obligatoria',
  razonSocial: 'La razón social es obligatoria',
  identificadorInvalido: 'Identificador inválido',
  telefono: 'Teléfono inválido',
} as const;

export const MENSAJES_REPRESENTANTE = {
  nombre: 'El nombre es requerido',
  primerApellido: 'El primer apellido es requerido',
  numeroIdentificador: 'El número de identificador es requerido',
  fechaNacimiento: 'La fecha de nacimiento es requerida',
  profesion: 'La profesión es requerida',
  fechaInicioRelacion: 'La fecha de inicio es requerida',
  finAntesDeInicio: 'La fecha de fin no puede ser anterior a la fecha de inicio',
} as const;

/** The address fields shared by every person form ('codigoPostal' is the API's codPostal). */
export const CAMPOS_DIRECCION = [
  'tipoVia', 'nombreVia', 'numeroVia', 'portal', 'bloque', 'escalera', 'piso', 'puerta',
  'codigoPostal', 'localidad', 'provincia', 'pais',
] as const;

export type DireccionForm = Partial<Record<(typeof CAMPOS_DIRECCION)[number], string>>;

export interface NaturalForm extends DireccionForm {
  nombre?: string;
  primerApellido?: string;
  segundoApellido?: string;
  tipoIdentificador?: string;
  numeroIdentificador?: string;
  genero?: string;
  fechaNacimiento?: string;
  estadoCivil?: string;
  regimenEconomico?: string;
  profesion?: string;
  email?: string;
  telefono?: string;
}

export interface JuridicaForm extends DireccionForm {
  tipoIdentificador?: string;
  numeroIdentificador?: string;
  razonSocial?: string;
  email?: string;
  telefono?: string;
}

export type PermisosForm = Partial<Record<(typeof PERMISOS_FORMULARIO)[number]['campo'], boolean>>;

export interface RepresentanteForm extends NaturalForm, PermisosForm {
  tipoPrivilegio?: string;
  fechaInicioRelacion?: string;
  fechaFinRelacion?: string;
  modificable?: boolean;
}

/** Defaults of the record form (spec section 3). */
export const NATURAL_DEFAULTS: NaturalForm = {
  tipoIdentificador: 'NIF',
  genero: 'MASCULINO',
  estadoCivil: 'SOLTERO',
  regimenEconomico: 'GANANCIALES',
  pais: DEFAULT_COUNTRY_NAME,
};

export const JURIDICA_DEFAULTS: JuridicaForm = { tipoIdentificador: 'NIF', pais: DEFAULT_COUNTRY_NAME };

/** Changing the marital status: only CASADO keeps a regime choice; any other resets it to PRIVATIVO. */
export function regimenTrasCambioDeEstadoCivil(estadoCivil: string | undefined, regimen: string | undefined): string | undefined {
  return estadoCivil === 'CASADO' ? regimen : 'PRIVATIVO';
}

/**
 * Cross-field checks run even while other fields are still missing, so the form shows an
 * invalid identifier as soon as it is typed (zod skips refinements after other issues by default).
 */
const always = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const requerido = (message: string) => z.string({ error: message }).trim().min(1, message);
const opcional = z.string().nullish();
const esEspana = (pais: string | null | undefined) => blank(pais) || countryToAlpha3(pais!) === 'ESP';

/** The identifier by person kind; a failure without its own message reads 'Identificador inválido'. */
function checkIdentifier(tipoPersona: TipoPersona, v: { tipoIdentificador?: string | null; numeroIdentificador?: string | null }, ctx: z.RefinementCtx) {
  if (blank(v.numeroIdentificador)) return;
  const error = validateIdentifier(tipoPersona, v.tipoIdentificador ?? 'NIF', v.numeroIdentificador!);
  if (error) ctx.addIssue({ code: 'custom', path: ['numeroIdentificador'], message: error || MENSAJES_FORM.identificadorInvalido });
}

/** A Spanish postal code's first two digits are its province's: 01 to 52. */
export const codigoPostalDeProvincia = (cp: string) => /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/.test(cp);

function checkPostalCode(v: { codigoPostal?: string | null; pais?: string | null }, ctx: z.RefinementCtx) {
  if (blank(v.codigoPostal) || !esEspana(v.pais)) return;
  const cp = v.codigoPostal!.trim();
  if (!/^\d{5}$/.test(cp)) ctx.addIssue({ code: 'custom', path: ['codigoPostal'], message: MENSAJES_FORM.codigoPostalFormato });
  else if (!codigoPostalDeProvincia(cp)) ctx.addIssue({ code: 'custom', path: ['codigoPostal'], message: MENSAJES_FORM.codigoPostalProvincia });
}

// empty says it is required; a wrong one, the spec's 'Email inválido'
const email = requerido(LOGIN_MENSAJES.emailObligatorio).pipe(z.email(MENSAJES_FORM.email));
const emailOpcional = z.union([z.literal(''), z.email(MENSAJES_FORM.email)]).nullish();
const telefono = z.union([z.literal(''), z.string().trim().regex(TELEFONO_REGEX, MENSAJES_FORM.telefono)]).nullish();

/** Address block of the natural and legal forms: postal code, locality, province and street required. */
const direccionObligatoria = {
  tipoVia: opcional,
  nombreVia: requerido(MENSAJES_FORM.nombreVia),
  numeroVia: opcional,
  portal: opcional,
  bloque: opcional,
  escalera: opcional,
  piso: opcional,
  puerta: opcional,
  codigoPostal: requerido(MENSAJES_FORM.codigoPostal),
  localidad: requerido(MENSAJES_FORM.localidad),
  provincia: requerido(MENSAJES_FORM.provincia),
  pais: opcional,
};

/** The representative's address is optional. */
const direccionOpcional = Object.fromEntries(CAMPOS_DIRECCION.map((c) => [c, opcional])) as Record<(typeof CAMPOS_DIRECCION)[number], typeof opcional>;

/** Birth date: a blocking error, except 'minor' in the natural-person form, which is only a warning. */
function birthDateBlockingError(v: string): string | null {
  const error = birthDateError(v);
  return error === MENSAJES_FECHA.menorPersona ? null : error;
}

export const naturalFormSchema = z
  .object({
    nombre: requerido(MENSAJES_FORM.nombre),
    primerApellido: requerido(MENSAJES_FORM.primerApellido),
    segundoApellido: opcional,
    tipoIdentificador: z.enum(TIPOS_IDENTIFICADOR),
    numeroIdentificador: requerido(MENSAJES_FORM.numeroIdentificador),
    genero: z.enum(GENEROS),
    fechaNacimiento: requerido(MENSAJES_FORM.fechaNacimiento).superRefine((v, ctx) => {
      const error = birthDateBlockingError(v);
      if (error) ctx.addIssue({ code: 'custom', message: error });
    }),
    estadoCivil: z.enum(ESTADOS_CIVILES),
    regimenEconomico: z.enum(REGIMENES_ECONOMICOS).nullish(),
    profesion: opcional,
    email,
    telefono,
    ...direccionObligatoria,
  })
  .superRefine((v, ctx) => {
    checkIdentifier('FISICA', v, ctx);
    checkPostalCode(v, ctx);
    }, always);

export const juridicaFormSchema = z
  .object({
    tipoIdentificador: z.enum(['NIF', 'NIE'], { error: 'Tipo de documento no compatible con el tipo de entidad' }),
    numeroIdentificador: requerido(MENSAJES_FORM.numeroIdentificador),
    razonSocial: requerido(MENSAJES_FORM.razonSocial),
    email,
    telefono,
    ...direccionObligatoria,
  })
  .superRefine((v, ctx) => {
    checkIdentifier('JURIDICA', v, ctx);
    checkPostalCode(v, ctx);
    }, always);

const fechaRelacion = (v: string, ctx: z.RefinementCtx) => {
  const error = formDateError(v);
  if (error) ctx.addIssue({ code: 'custom', message: error });
};

export const representanteFormSchema = z
  .object({
    nombre: requerido(MENSAJES_REPRESENTANTE.nombre),
    primerApellido: requerido(MENSAJES_REPRESENTANTE.primerApellido),
    segundoApellido: opcional,
    tipoIdentificador: z.enum(TIPOS_IDENTIFICADOR),
    numeroIdentificador: requerido(MENSAJES_REPRESENTANTE.numeroIdentificador),
    genero: z.enum(GENEROS),
    fechaNacimiento: requerido(MENSAJES_REPRESENTANTE.fechaNacimiento).superRefine((v, ctx) => {
      const error = representativeBirthDateError(v);
      if (error) ctx.addIssue({ code: 'custom', message: error });
    }),
    estadoCivil: z.enum(ESTADOS_CIVILES),
    regimenEconomico: z.enum(REGIMENES_ECONOMICOS).nullish(),
    profesion: requerido(MENSAJES_REPRESENTANTE.profesion),
    email: emailOpcional,
    telefono,
    ...direccionOpcional,
    tipoPrivilegio: z.enum(TIPOS_PRIVILEGIO),
    fechaInicioRelacion: requerido(MENSAJES_REPRESENTANTE.fechaInicioRelacion).superRefine(fechaRelacion),
    fechaFinRelacion: z.string().nullish().superRefine((v, ctx) => (blank(v) ? undefined : fechaRelacion(v!, ctx))),
  })
  .superRefine((v, ctx) => {
    checkIdentifier('FISICA', v, ctx);
    checkPostalCode(v, ctx);
    const inicio = formDateToIso(v.fechaInicioRelacion);
    const fin = formDateToIso(v.fechaFinRelacion);
    if (inicio && fin && fin < inicio) {
      ctx.addIssue({ code: 'custom', path: ['fechaFinRelacion'], message: MENSAJES_REPRESENTANTE.finAntesDeInicio });
    }
    }, always);

/** The birth-date warning of the natural-person form (a minor may be recorded, with a representative). */
export function birthDateWarning(v: string | undefined): string | null {
  return v && birthDateError(v) === MENSAJES_FECHA.menorPersona ? MENSAJES_FECHA.menorPersona : null;
}

// ---------------------------------------------------------------- conversions

function direccionToApi(v: DireccionForm): PersonaPayload['direccion'] {
  return {
    tipoVia: v.tipoVia,
    nombreVia: v.nombreVia,
    numeroVia: v.numeroVia,
    portal: v.portal,
    bloque: v.bloque,
    escalera: v.escalera,
    piso: v.piso,
    puerta: v.puerta,
    codPostal: v.codigoPostal,
    localidad: v.localidad,
    provincia: v.provincia,
    pais: v.pais ? countryToAlpha3(v.pais) : undefined,
  };
}

function direccionToForm(d: Persona['direccion']): DireccionForm {
  return {
    tipoVia: d?.tipoVia,
    nombreVia: d?.nombreVia,
    numeroVia: d?.numeroVia,
    portal: d?.portal,
    bloque: d?.bloque,
    escalera: d?.escalera,
    piso: d?.piso,
    puerta: d?.puerta,
    codigoPostal: d?.codPostal,
    localidad: d?.localidad,
    provincia: d?.provincia,
    pais: d?.pais ? alpha3ToCountryName(d.pais) : undefined,
  };
}

/** Natural-person form → API persona: dd/mm/yyyy → yyyy-mm-dd, country → alpha-3, empty values dropped. */
export function naturalFormToPersona(v: NaturalForm): PersonaPayload {
  return dropEmpty({
    tipoPersona: 'FISICA' as const,
    identificador: { tipo: v.tipoIdentificador ?? 'NIF', numero: v.numeroIdentificador?.trim() ?? '' },
    nombre: v.nombre,
    primerApellido: v.primerApellido,
    segundoApellido: v.segundoApellido,
    genero: v.genero as PersonaPayload['genero'],
    fechaNacimiento: formDateToIso(v.fechaNacimiento),
    estadoCivil: v.estadoCivil as PersonaPayload['estadoCivil'],
    // a regime only means something for a married person
    regimenEconomico: v.estadoCivil === 'CASADO' ? (v.regimenEconomico as PersonaPayload['regimenEconomico']) : undefined,
    profesion: v.profesion,
    email: v.email?.trim(),
    telefono: v.telefono?.trim(),
    direccion: direccionToApi(v),
  });
}

/** Legal-entity form → API persona (tipoPersona and the identificador object added). */
export function juridicaFormToPersona(v: JuridicaForm): PersonaPayload {
  return dropEmpty({
    tipoPersona: 'JURIDICA' as const,
    identificador: { tipo: v.tipoIdentificador ?? 'NIF', numero: v.numeroIdentificador?.trim() ?? '' },
    razonSocial: v.razonSocial,
    email: v.email?.trim(),
    telefono: v.telefono?.trim(),
    direccion: direccionToApi(v),
  });
}

/** API persona → the values of its form (dates back to dd/mm/yyyy, country code to its name). */
export function personaToForm(p: Persona): NaturalForm & JuridicaForm {
  return dropEmpty({
    tipoIdentificador: p.identificador?.tipo === 'DNI' ? 'NIF' : p.identificador?.tipo,
    numeroIdentificador: p.identificador?.numero,
    nombre: p.nombre,
    primerApellido: p.primerApellido,
    segundoApellido: p.segundoApellido,
    genero: p.genero,
    fechaNacimiento: isoToFormDate(p.fechaNacimiento),
    estadoCivil: p.estadoCivil,
    regimenEconomico: p.regimenEconomico,
    profesion: p.profesion,
    razonSocial: p.razonSocial,
    email: p.email,
    telefono: p.telefono,
    ...direccionToForm(p.direccion),
  });
}

export type PrivilegioPayload = Omit<Privilegio, 'id' | 'personaReceptoraId'> & { personaReceptoraId?: string };

/** The privilege part of the representative form → API privilegio (permisoCrearPrivilegio always false). */
export function representanteFormToPrivilegio(v: RepresentanteForm, personaOtorganteId: string): PrivilegioPayload {
  const tipo = (v.tipoPrivilegio ?? 'GENERAL') as Privilegio['tipoPrivilegio'];
  const permisos = tipo === 'REPRESENTANTE_LEGAL'
    ? permissionPreset(tipo)
    : { ...Object.fromEntries(PERMISOS_FORMULARIO.map((p) => [p.campo, v[p.campo] === true])), permisoCrearPrivilegio: false as const, modificable: v.modificable ?? true };
  return dropEmpty({
    tipoPrivilegio: tipo,
    fechaInicioRelacion: formDateToIso(v.fechaInicioRelacion),
    fechaFinRelacion: formDateToIso(v.fechaFinRelacion),
    personaOtorganteId,
    ...(permisos as Omit<PrivilegioPayload, 'tipoPrivilegio' | 'fechaInicioRelacion' | 'personaOtorganteId'>),
  });
}

/**
 * The representative form's values for an existing relation: the persona's fields, the
 * relation dates, and the permissions (all on for REPRESENTANTE_LEGAL).
 */
export function representanteToForm(p: Persona, priv: Privilegio): RepresentanteForm {
  const permisos = priv.tipoPrivilegio === 'REPRESENTANTE_LEGAL'
    ? permissionPreset('REPRESENTANTE_LEGAL')
    : Object.fromEntries(PERMISOS_FORMULARIO.map((x) => [x.campo, priv[x.campo]]));
  return {
    ...NATURAL_DEFAULTS,
    ...personaToForm(p),
    tipoPrivilegio: priv.tipoPrivilegio,
    fechaInicioRelacion: isoToFormDate(priv.fechaInicioRelacion),
    fechaFinRelacion: isoToFormDate(priv.fechaFinRelacion),
    ...permisos,
    modificable: priv.modificable,
  };
}

/** The persona of a representative form (the same as a natural-person form). */
export const representanteFormToPersona = (v: RepresentanteForm) => naturalFormToPersona(v);

/** Update bodies are the record without its id (and without links). */
export function withoutId<T extends object>(p: T): Omit<T, 'id' | 'links'> {
  const { id, links, ...rest } = p as T & { id?: unknown; links?: unknown };
  void id;
  void links;
  return rest;
}
