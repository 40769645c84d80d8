import { describe, expect, it } from 'vitest';
import {
  juridicaFormSchema,
  juridicaFormToPersona,
  naturalFormSchema,
  naturalFormToPersona,
  personaToForm,
  regimenTrasCambioDeEstadoCivil,
  representanteFormSchema,
  representanteFormToPrivilegio,
  representanteToForm,
  withoutId,
} from '../../domain/persona-forms';
import { personaInputSchema } from '../../domain/persona';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('an empty natural-person form', () => {
  it('shows every required-field message', () => {
    const m = messages(naturalFormSchema.safeParse({ tipoIdentificador: 'NIF', genero: 'MASCULINO', estadoCivil: 'SOLTERO' }));
    expect(m).toMatchObject({
      nombre: 'El nombre es obligatorio',
      primerApellido: 'El primer apellido es obligatorio',
      numeroIdentificador: 'El número de identificador es obligatorio',
      fechaNacimiento: 'La fecha de nacimiento es obligatoria',
      email: 'El email es obligatorio',
      codigoPostal: 'El código postal es obligatorio',
      localidad: 'La localidad es obligatoria',
      provincia: 'La provincia es obligatoria',
      nombreVia: 'La vía es obligatoria',
    });
  });
  it('reports a wrong identifier while other fields are still empty', () => {
    expect(messages(naturalFormSchema.safeParse({ tipoIdentificador: 'NIF', numeroIdentificador: '12345678A' })).numeroIdentificador).toBe('El NIF introducido no es válido');
  });
  it('checks the identifier by its type, and lets a minor through (a warning only)', () => {
    const base = { nombre: 'A', primerApellido: 'B', genero: 'MASCULINO', estadoCivil: 'SOLTERO', email: 'a@b.es', codigoPostal: '28001', localidad: 'Madrid', provincia: 'Madrid', nombreVia: 'Mayor' };
    expect(messages(naturalFormSchema.safeParse({ ...base, tipoIdentificador: 'NIE', numeroIdentificador: '12345678Z', fechaNacimiento: '01/01/1980' }))).toEqual({ numeroIdentificador: 'El NIE introducido no es válido' });
    expect(naturalFormSchema.safeParse({ ...base, tipoIdentificador: 'NIF', numeroIdentificador: '12345678Z', fechaNacimiento: '01/01/2020' }).success).toBe(true);
  });
});

describe('an empty legal-entity form', () => {
  it('shows its messages; only NIF or NIE', () => {
    const m = messages(juridicaFormSchema.safeParse({ tipoIdentificador: 'NIF' }));
    expect(m).toMatchObject({ razonSocial: 'La razón social es obligatoria', email: 'El email es obligatorio', numeroIdentificador: 'El número de identificador es obligatorio' });
    expect(juridicaFormSchema.safeParse({ tipoIdentificador: 'PASAPORTE' }).success).toBe(false);
  });
});

describe('the representative form', () => {
  it('uses its own messages and blocks a minor', () => {
    const m = messages(representanteFormSchema.safeParse({ tipoIdentificador: 'NIF', genero: 'MASCULINO', estadoCivil: 'SOLTERO', tipoPrivilegio: 'GENERAL', fechaNacimiento: '01/01/2020' }));
    expect(m).toMatchObject({
      nombre: 'El nombre es requerido',
      primerApellido: 'El primer apellido es requerido',
      numeroIdentificador: 'El número de identificador es requerido',
      fechaNacimiento: 'Un representante no puede ser menor de edad',
      profesion: 'La profesión es requerida',
      fechaInicioRelacion: 'La fecha de inicio es requerida',
    });
    expect(m).not.toHaveProperty('email');
    expect(m).not.toHaveProperty('codigoPostal');
  });
});

describe('conversions before sending', () => {
  it('natural form → persona: ISO date, alpha-3 country, empty values dropped, regime only when married', () => {
    const persona = naturalFormToPersona({
      nombre: 'Ana', primerApellido: 'García', segundoApellido: '', tipoIdentificador: 'NIF', numeroIdentificador: '12345678Z',
      genero: 'FEMENINO', fechaNacimiento: '21/06/1985', estadoCivil: 'SOLTERO', regimenEconomico: 'GANANCIALES',
      email: 'ana@example.com', telefono: '', codigoPostal: '28013', localidad: 'Madrid', provincia: 'Madrid', pais: 'España', nombreVia: 'Mayor', piso: '',
    });
    expect(persona).toEqual({
      tipoPersona: 'FISICA', identificador: { tipo: 'NIF', numero: '12345678Z' }, nombre: 'Ana', primerApellido: 'García',
      genero: 'FEMENINO', fechaNacimiento: '1985-06-21', estadoCivil: 'SOLTERO', email: 'ana@example.com',
      direccion: { nombreVia: 'Mayor', codPostal: '28013', localidad: 'Madrid', provincia: 'Madrid', pais: 'ESP' },
    });
    // and the API accepts it as it is
    expect(personaInputSchema.safeParse(persona).success).toBe(true);
  });
  it('legal form → persona with tipoPersona and the identificador object', () => {
    expect(juridicaFormToPersona({ tipoIdentificador: 'NIF', numeroIdentificador: 'B12345674', razonSocial: 'Sol S.L.', pais: 'Francia' })).toEqual({
      tipoPersona: 'JURIDICA', identificador: { tipo: 'NIF', numero: 'B12345674' }, razonSocial: 'Sol S.L.', direccion: { pais: 'FRA' },
    });
  });
  it('persona → form and back is lossless', () => {
    const p = { id: 'x', links: { self: '/x' }, tipoPersona: 'FISICA' as const, identificador: { tipo: 'NIE', numero: 'X1234567L' }, nombre: 'John', primerApellido: 'Smith', genero: 'MASCULINO' as const, fechaNacimiento: '1979-11-02', estadoCivil: 'CASADO' as const, regimenEconomico: 'PRIVATIVO' as const, email: 'j@s.com', direccion: { codPostal: '08017', pais: 'ESP' } };
    const form = personaToForm(p);
    expect(form).toMatchObject({ fechaNacimiento: '02/11/1979', pais: 'España', codigoPostal: '08017', tipoIdentificador: 'NIE' });
    expect(naturalFormToPersona(form)).toEqual(withoutId(p));
  });
  it('marital status other than CASADO resets the regime to PRIVATIVO', () => {
    expect(regimenTrasCambioDeEstadoCivil('VIUDO', 'GANANCIALES')).toBe('PRIVATIVO');
    expect(regimenTrasCambioDeEstadoCivil('CASADO', 'GANANCIALES')).toBe('GANANCIALES');
  });
  it('representative privilege: dates converted, permisoCrearPrivilegio false, legal preset on edit', () => {
    const priv = representanteFormToPrivilegio({ tipoPrivilegio: 'GENERAL', fechaInicioRelacion: '01/02/2024', fechaFinRelacion: '', permisoLeerFicha: true }, 'o-1');
    expect(priv).toMatchObject({ tipoPrivilegio: 'GENERAL', fechaInicioRelacion: '2024-02-01', personaOtorganteId: 'o-1', permisoLeerFicha: true, permisoActualizarFicha: false, permisoCrearPrivilegio: false, modificable: true });
    expect(priv).not.toHaveProperty('fechaFinRelacion');
    const legal = representanteToForm(
      { id: 'r', links: { self: '' }, tipoPersona: 'FISICA', identificador: { tipo: 'NIF', numero: '12345678Z' } },
      { id: 'p', tipoPrivilegio: 'REPRESENTANTE_LEGAL', fechaInicioRelacion: '2024-01-01', personaOtorganteId: 'o', personaReceptoraId: 'r', modificable: true, permisoLeerFichaReducida: false, permisoLeerFicha: false, permisoActualizarFicha: false, permisoLeerExpedientes: false, permisoActualizarExpedientes: false, permisoCrearExpedientes: false, permisoLeerActos: false, permisoCrearPrivilegio: false, permisoTraspasarPermisos: false },
    );
    expect(legal).toMatchObject({ permisoLeerFicha: true, permisoTraspasarPermisos: true, fechaInicioRelacion: '01/01/2024' });
  });
});

describe('the postal code says what is wrong with it (issue 35)', () => {
  const base = { nombre: 'A', primerApellido: 'B', genero: 'MASCULINO', estadoCivil: 'SOLTERO', email: 'a@b.es', localidad: 'Madrid', provincia: 'Madrid', nombreVia: 'Mayor', tipoIdentificador: 'NIF', numeroIdentificador: '12345678Z', fechaNacimiento: '01/01/1980' };
  it.each([
    ['999999', 'El código postal debe tener 5 dígitos'],
    ['99999', 'Ese código postal no existe: en España empieza por 01 a 52'],
    ['00123', 'Ese código postal no existe: en España empieza por 01 a 52'],
  ])('%s → %s', (codigoPostal, message) => {
    expect(messages(naturalFormSchema.safeParse({ ...base, codigoPostal })).codigoPostal).toBe(message);
  });
  it('a code of a province (01 to 52) passes', () => {
    for (const codigoPostal of ['01001', '28013', '52001']) expect(naturalFormSchema.safeParse({ ...base, codigoPostal }).success).toBe(true);
  });
});
