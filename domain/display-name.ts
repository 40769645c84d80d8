import type { Persona } from './persona';

/*
 * How a person is named on screen. Apart from persona.ts (which re-exports it) so the session and
 * the shell can name the user without loading persona.ts's zod schemas and country tables.
 */

export const FALLBACKS = {
  sinIdentificar: 'Sin identificar',
  sinNombre: 'Sin nombre',
  sinRazonSocial: 'Sin razón social',
  empresaSinNombre: 'Empresa sin nombre',
  noInformado: 'No informado',
  noInformada: 'No informada',
} as const;

export type Nameable = Pick<Persona, 'tipoPersona' | 'nombre' | 'primerApellido' | 'segundoApellido' | 'razonSocial'> & {
  identificador?: { numero?: string };
};

const fullName = (p: Nameable) => [p.nombre, p.primerApellido, p.segundoApellido].filter(Boolean).join(' ');

/**
 * Display name of a client: a natural person with nombre and primerApellido → names and
 * surnames; a legal person with razonSocial → razonSocial; else the identifier number;
 * else 'Sin identificar'.
 */
export function displayName(p: Nameable): string {
  if (p.tipoPersona === 'FISICA' && p.nombre && p.primerApellido) return fullName(p);
  if (p.tipoPersona === 'JURIDICA' && p.razonSocial) return p.razonSocial;
  if (p.identificador?.numero) return p.identificador.numero;
  return FALLBACKS.sinIdentificar;
}

/** The name line of a record card or representative: never the identifier. */
export function nameOrFallback(p: Nameable): string {
  if (p.tipoPersona === 'JURIDICA') return p.razonSocial || FALLBACKS.sinRazonSocial;
  return fullName(p) || FALLBACKS.sinNombre;
}

/** A person counts as informed when a natural person has nombre and primerApellido, or a legal person razonSocial. */
export function isInformed(p: Nameable): boolean {
  return p.tipoPersona === 'FISICA' ? !!(p.nombre && p.primerApellido) : !!p.razonSocial;
}
