/**
 * The person of the representatives report: a complete record (second surname, FEMENINO, CASADO,
 * e-mail, phone, address) that adding them as someone's representative must leave as it is.
 * Shared by the integration test and the browser journey.
 */
export const carlos = (numero: string) => ({
  tipoPersona: 'FISICA',
  identificador: { tipo: 'NIF', numero },
  nombre: 'Carlos',
  primerApellido: 'Ruiz',
  segundoApellido: 'Sanz',
  genero: 'FEMENINO',
  fechaNacimiento: '1970-02-03',
  estadoCivil: 'CASADO',
  regimenEconomico: 'GANANCIALES',
  profesion: 'Abogado/a',
  email: 'carlos@example.com',
  telefono: '+34 600 111 222',
  direccion: { tipoVia: 'Calle', nombreVia: 'Mayor', numeroVia: '5', codPostal: '28013', localidad: 'Madrid', provincia: 'Madrid', pais: 'ESP' },
});
