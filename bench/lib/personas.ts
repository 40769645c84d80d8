const NIF_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

let next = 0;

/** A valid NIF not used before in this process (from 50000000 up; the demo users are below). */
export function uniqueNif(): string {
  const n = 50_000_000 + process.pid * 1000 + next++;
  const digits = n % 100_000_000;
  return `${String(digits).padStart(8, '0')}${NIF_LETTERS[digits % 23]}`;
}

/** A minimal body of POST /persona: a natural person with a fresh NIF. */
export function personaBody(): string {
  return JSON.stringify({
    tipoPersona: 'FISICA',
    identificador: { tipo: 'NIF', numero: uniqueNif() },
    nombre: 'Carga',
    primerApellido: 'Prueba',
    segundoApellido: 'Rendimiento',
  });
}
