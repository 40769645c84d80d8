import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  campoVisible,
  construirDatosFormulario,
  definicionFormularioSchema,
  estadoDesdeDatos,
  fechaFormularioAIso,
  isoAFechaFormulario,
  mascaraFecha,
  validarCampo,
  validarFormulario,
  valoresDePersona,
  type CampoDef,
  type DefinicionFormulario,
} from '../../domain/act-form';

const regimen: CampoDef = {
  nombre: 'regimen_economico',
  tipo: 'select',
  etiqueta: 'Régimen económico',
  requerido: true,
  opciones: ['GANANCIALES', 'PRIVATIVO'],
  condiciones_visibilidad: { campo: 'estado_civil', valor: 'CASADO' },
};
const facultades: CampoDef = {
  nombre: 'facultades',
  tipo: 'textarea',
  etiqueta: 'Facultades que se confieren',
  requerido: true,
  condiciones_visibilidad: { campo: 'alcance', valor: ['ESPECIAL', 'LIMITADO'] },
};

const definicion: DefinicionFormulario = definicionFormularioSchema.parse({
  secciones: [
    {
      nombre: 'Otorgantes',
      tipo: 'bloque',
      nombre_logico: 'otorgantes',
      campos: [
        { nombre: 'nif', tipo: 'nif', etiqueta: 'NIF/NIE', requerido: true },
        { nombre: 'nombre', tipo: 'texto', etiqueta: 'Nombre', requerido: true },
        { nombre: 'fecha_nacimiento', tipo: 'fecha', etiqueta: 'Fecha de nacimiento' },
        { nombre: 'estado_civil', tipo: 'select', etiqueta: 'Estado civil', opciones: ['SOLTERO', 'CASADO'] },
        regimen,
      ],
    },
    {
      nombre: 'Propósito',
      tipo: 'bloque',
      nombre_logico: 'proposito',
      campos: [
        { nombre: 'alcance', tipo: 'select', etiqueta: 'Alcance', requerido: true, opciones: ['GENERAL', 'ESPECIAL', 'LIMITADO'] },
        facultades,
        { nombre: 'autocontratacion', tipo: 'checkbox', etiqueta: 'Autocontratación' },
        { nombre: 'numero_copias', tipo: 'numero', etiqueta: 'Copias' },
      ],
    },
  ],
});

describe('visibility conditions', () => {
  it('shows a field when the other field equals the value', () => {
    expect(campoVisible(regimen, { estado_civil: 'CASADO' })).toBe(true);
    expect(campoVisible(regimen, { estado_civil: 'SOLTERO' })).toBe(false);
    expect(campoVisible(regimen, { estado_civil: '' })).toBe(false);
    expect(campoVisible(regimen, {})).toBe(false);
  });
  it('shows a field when the other field is in the list', () => {
    expect(campoVisible(facultades, { alcance: 'ESPECIAL' })).toBe(true);
    expect(campoVisible(facultades, { alcance: 'LIMITADO' })).toBe(true);
    expect(campoVisible(facultades, { alcance: 'GENERAL' })).toBe(false);
  });
  it('needs every condition of a list of conditions and compares checkbox values as text', () => {
    const both: CampoDef = { ...facultades, condiciones_visibilidad: [{ campo: 'alcance', valor: 'ESPECIAL' }, { campo: 'urgente', valor: true }] };
    expect(campoVisible(both, { alcance: 'ESPECIAL', urgente: true })).toBe(true);
    expect(campoVisible(both, { alcance: 'ESPECIAL', urgente: false })).toBe(false);
  });
  it('a field without conditions is always shown', () => {
    expect(campoVisible({ nombre: 'n', tipo: 'texto', etiqueta: 'N' }, {})).toBe(true);
  });
});

describe('date fields dd-mm-aaaa', () => {
  it('keeps digits only, inserts the dashes and stops at 10 characters', () => {
    expect(mascaraFecha('0')).toBe('0');
    expect(mascaraFecha('010')).toBe('01-0');
    expect(mascaraFecha('01021990')).toBe('01-02-1990');
    expect(mascaraFecha('01/02/1990')).toBe('01-02-1990');
    expect(mascaraFecha('ab01cd02x1990999')).toBe('01-02-1990');
    fc.assert(fc.property(fc.string(), (s) => mascaraFecha(s).length <= 10 && /^[\d-]*$/.test(mascaraFecha(s))));
  });
  it('converts a real day to yyyy-mm-dd and anything else to an empty string', () => {
    expect(fechaFormularioAIso('17-05-1980')).toBe('1980-05-17');
    expect(fechaFormularioAIso('29-02-2024')).toBe('2024-02-29');
    expect(fechaFormularioAIso('29-02-2023')).toBe('');
    expect(fechaFormularioAIso('31-04-2020')).toBe('');
    expect(fechaFormularioAIso('17-5-1980')).toBe('');
    expect(fechaFormularioAIso('1980-05-17')).toBe('');
    expect(isoAFechaFormulario('1980-05-17')).toBe('17-05-1980');
    expect(isoAFechaFormulario('1980-05-17T00:00:00.000Z')).toBe('17-05-1980');
    expect(isoAFechaFormulario(null)).toBe('');
  });
  it('round-trips every real date', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }), (d) => {
        const iso = d.toISOString().slice(0, 10);
        return fechaFormularioAIso(isoAFechaFormulario(iso)) === iso;
      }),
    );
  });
});

describe('validation', () => {
  it("required fields answer '{label} es obligatorio'", () => {
    expect(validarCampo({ nombre: 'nombre', tipo: 'texto', etiqueta: 'Nombre', requerido: true }, '  ')).toBe('Nombre es obligatorio');
    expect(validarCampo({ nombre: 'ok', tipo: 'checkbox', etiqueta: 'Acepto', requerido: true }, false)).toBe('Acepto es obligatorio');
    expect(validarCampo({ nombre: 'x', tipo: 'texto', etiqueta: 'X' }, '')).toBeNull();
  });
  it('checks dates, e-mails, numbers, NIF and options', () => {
    expect(validarCampo({ nombre: 'f', tipo: 'fecha', etiqueta: 'Fecha' }, '31-02-2020')).toMatch(/formato de fecha inválido/);
    expect(validarCampo({ nombre: 'e', tipo: 'email', etiqueta: 'Email' }, 'ana@')).toMatch(/email inválido/);
    expect(validarCampo({ nombre: 'n', tipo: 'numero', etiqueta: 'Copias' }, 'dos')).toBe('Copias debe ser un número');
    expect(validarCampo({ nombre: 'nif', tipo: 'nif', etiqueta: 'NIF/NIE' }, '12345678A')).toBe('El NIF introducido no es válido');
    expect(validarCampo({ nombre: 'nif', tipo: 'nif', etiqueta: 'NIF/NIE' }, 'x1234567l')).toBeNull();
    expect(validarCampo({ nombre: 's', tipo: 'select', etiqueta: 'Alcance', opciones: ['GENERAL'] }, 'OTRO')).toMatch(/opción no válida/);
  });
  it('does not check hidden fields', () => {
    const estado = estadoDesdeDatos(definicion, { otorgantes: [{ nif: '12345678Z', nombre: 'Ana', estado_civil: 'SOLTERO' }], proposito: { alcance: 'GENERAL' } });
    expect(validarFormulario(definicion, estado)).toEqual({});
    estado.otorgantes[0].estado_civil = 'CASADO';
    estado.proposito[0].alcance = 'LIMITADO';
    expect(validarFormulario(definicion, estado)).toEqual({
      'otorgantes.0.regimen_economico': 'Régimen económico es obligatorio',
      'proposito.0.facultades': 'Facultades que se confieren es obligatorio',
    });
  });
});

describe('datosFormulario', () => {
  it('otorgantes as a list, proposito as an object, dates as yyyy-mm-dd, hidden fields left out', () => {
    const estado = estadoDesdeDatos(definicion, {});
    expect(estado.otorgantes).toHaveLength(1);
    Object.assign(estado.otorgantes[0], { nif: '12345678z', nombre: ' Ana ', fecha_nacimiento: '17-05-1980', estado_civil: 'SOLTERO', regimen_economico: 'GANANCIALES' });
    Object.assign(estado.proposito[0], { alcance: 'GENERAL', facultades: 'olvidado', autocontratacion: true, numero_copias: '2' });
    expect(construirDatosFormulario(definicion, estado)).toEqual({
      otorgantes: [{ nif: '12345678Z', nombre: 'Ana', fecha_nacimiento: '1980-05-17', estado_civil: 'SOLTERO' }],
      proposito: { alcance: 'GENERAL', autocontratacion: true, numero_copias: 2 },
    });
  });
  it('reads saved data back into the form with dates as dd-mm-aaaa', () => {
    const datos = {
      otorgantes: [
        { nif: '12345678Z', nombre: 'Ana', fecha_nacimiento: '1980-05-17', estado_civil: 'CASADO', regimen_economico: 'GANANCIALES' },
        { nif: 'X1234567L', nombre: 'John', fecha_nacimiento: '', estado_civil: 'SOLTERO' },
      ],
      proposito: { alcance: 'ESPECIAL', facultades: 'Vender', autocontratacion: false, numero_copias: null },
    };
    const estado = estadoDesdeDatos(definicion, datos);
    expect(estado.otorgantes[0].fecha_nacimiento).toBe('17-05-1980');
    expect(estado.otorgantes).toHaveLength(2);
    expect(construirDatosFormulario(definicion, estado)).toEqual({
      otorgantes: [datos.otorgantes[0], { ...datos.otorgantes[1] }],
      proposito: datos.proposito,
    });
  });
  it('rejects a definition without sections or with an unknown field type', () => {
    expect(definicionFormularioSchema.safeParse({ secciones: [] }).success).toBe(false);
    expect(definicionFormularioSchema.safeParse({ secciones: [{ nombre: 'a', tipo: 'bloque', nombre_logico: 'a', campos: [{ nombre: 'x', tipo: 'color', etiqueta: 'X' }] }] }).success).toBe(false);
  });
});

describe('a person found by NIF fills the row', () => {
  it('maps the persona to snake_case and camelCase field names, dates as dd-mm-aaaa', () => {
    const v = valoresDePersona({
      identificador: { tipo: 'NIF', numero: '12345678Z' },
      nombre: 'Ana',
      primerApellido: 'García',
      segundoApellido: 'López',
      fechaNacimiento: '1985-03-02',
      estadoCivil: 'CASADO',
      regimenEconomico: 'GANANCIALES',
      direccion: { tipoVia: 'Calle', nombreVia: 'Mayor', numeroVia: '3', codPostal: '28013', localidad: 'Madrid' },
    });
    expect(v).toMatchObject({
      nif: '12345678Z',
      nombre: 'Ana',
      primer_apellido: 'García',
      apellidos: 'García López',
      fecha_nacimiento: '02-03-1985',
      estado_civil: 'CASADO',
      regimen_economico: 'GANANCIALES',
      domicilio: 'Calle Mayor 3',
      codigo_postal: '28013',
    });
    expect(v).not.toHaveProperty('email');
  });
});
