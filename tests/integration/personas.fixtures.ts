/**
 * Test data for the persona and privilegio tests, written straight into the database as the
 * superuser (the API under test is not used to arrange its own preconditions).
 */
import type { TestServer } from '../support/server';

const LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
let counter = 10_000_000 + Math.floor(Math.random() * 80_000_000);

/** A fresh valid NIF of a natural person. */
export function nuevoNif(): string {
  const n = counter++;
  return `${n}${LETTERS[n % 23]}`;
}

export interface PersonaSeed {
  owner?: string | null;
  tipo?: 'FISICA' | 'JURIDICA';
  identificadorTipo?: string;
  numero?: string;
  nombre?: string | null;
  primerApellido?: string | null;
  razonSocial?: string | null;
  email?: string | null;
  fechaNacimiento?: string | null;
}

export async function insertPersona(server: TestServer, seed: PersonaSeed = {}): Promise<string> {
  const { rows } = await server.ctx.db.query<{ id: string }>(
    `insert into servicios.personas (owner_id, tipo_persona, identificador_tipo, identificador_numero, nombre,
        primer_apellido, razon_social, email, fecha_nacimiento, direccion)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, '{"codPostal":"28001","localidad":"Madrid","provincia":"Madrid","pais":"ESP"}')
     returning id`,
    [
      seed.owner ?? null,
      seed.tipo ?? 'FISICA',
      seed.identificadorTipo ?? 'NIF',
      seed.numero ?? nuevoNif(),
      seed.nombre === undefined ? 'Lucía' : seed.nombre,
      seed.primerApellido === undefined ? 'Martín' : seed.primerApellido,
      seed.razonSocial ?? null,
      seed.email === undefined ? 'lucia@example.com' : seed.email,
      seed.fechaNacimiento === undefined ? '1980-05-17' : seed.fechaNacimiento,
    ],
  );
  return rows[0].id;
}

export type PermisoColumna =
  | 'leer_ficha_reducida'
  | 'leer_ficha'
  | 'actualizar_ficha'
  | 'leer_expedientes'
  | 'actualizar_expedientes'
  | 'crear_expedientes'
  | 'leer_actos'
  | 'traspasar_permisos';

export async function insertPrivilegio(
  server: TestServer,
  p: {
    otorgante: string;
    receptora: string;
    tipo?: 'GENERAL' | 'REPRESENTANTE_LEGAL';
    inicio?: string;
    fin?: string | null;
    permisos?: PermisoColumna[];
    modificable?: boolean;
  },
): Promise<string> {
  const permisos = p.permisos ?? [];
  const columns = permisos.map((c) => `permiso_${c}`);
  const { rows } = await server.ctx.db.query<{ id: string }>(
    `insert into servicios.privilegios (persona_otorgante_id, persona_receptora_id, tipo_privilegio,
        fecha_inicio_relacion, fecha_fin_relacion, modificable${columns.map((c) => `, ${c}`).join('')})
     values ($1, $2, $3, $4, $5, $6${columns.map(() => ', true').join('')})
     returning id`,
    [p.otorgante, p.receptora, p.tipo ?? 'GENERAL', p.inicio ?? '2020-01-01', p.fin ?? null, p.modificable ?? true],
  );
  return rows[0].id;
}

export async function countPersonas(server: TestServer): Promise<number> {
  const { rows } = await server.ctx.db.query<{ n: number }>('select count(*)::int as n from servicios.personas');
  return rows[0].n;
}
