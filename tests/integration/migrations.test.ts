import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../server/db/db';
import { openPglite } from '../../server/db/pglite';
import { migrate } from '../../server/db/migrate';

const root = path.resolve(import.meta.dirname, '../..');
const supabaseMigrations = fs.readdirSync(path.join(root, 'supabase/migrations')).filter((f) => f.endsWith('.sql')).sort();

/** The number of rows of every table outside the system schemas: a fingerprint of the data. */
async function rowCounts(db: Queryable): Promise<Record<string, number>> {
  const tables = await db.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_%'
      order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    counts[name] = (await db.query<{ n: number }>(`select count(*)::int as n from ${name}`)).rows[0].n;
  }
  return counts;
}

describe('a fresh embedded database', () => {
  let db: Db;
  let firstRun: string[];
  beforeAll(async () => {
    db = await openPglite(null);
    firstRun = await migrate(db, { seed: true });
  });
  afterAll(() => db?.close());

  it('gets every migration and the seed once; a second migrate() applies nothing and changes no row', async () => {
    expect(firstRun).toEqual(expect.arrayContaining([...supabaseMigrations.map((f) => `supabase/migrations/${f}`), 'supabase/seed.sql']));
    expect(firstRun.indexOf('supabase/seed.sql')).toBeGreaterThan(firstRun.indexOf(`supabase/migrations/${supabaseMigrations.at(-1)}`));
    const before = await rowCounts(db);
    expect(before['public.provincias']).toBe(52);
    expect(await migrate(db, { seed: true })).toEqual([]);
    expect(await rowCounts(db)).toEqual(before);
  });

  it('running the migrations and the seed again by hand (as on a hosted project) fails on nothing and duplicates nothing', async () => {
    const before = await rowCounts(db);
    for (const f of supabaseMigrations) await db.exec(fs.readFileSync(path.join(root, 'supabase/migrations', f), 'utf8'));
    await db.exec(fs.readFileSync(path.join(root, 'supabase/seed.sql'), 'utf8'));
    expect(await rowCounts(db)).toEqual(before);
  });

  it('rows added after the seed get new ids instead of colliding with the demo ones', async () => {
    const tables = {
      notarias: `(nombre, direccion, externalidnotaria, idint) values ('Notaría Nueva', 'Plaza Mayor, 1, 37002 Salamanca', 'NOT777', 777)`,
      personal: `(name, email, position, notaria_id) values ('Rosa Díaz', 'rosa.diaz@notaria.example', 'Auxiliar', 1)`,
      disponibilidad: `(staff_id, day_of_week) values (1, '{6}')`,
      tipos_asunto: `(name) values ('Asesoramiento')`,
      categorias_servicios: `(nombre, descripcion) values ('Nueva', 'Categoría nueva')`,
      actos_servicios: `(categoria_id, nombre, descripcion) values (1, 'Nuevo', 'Acto nuevo')`,
      componentes_formulario: `(nombre, comp_json) values ('Nuevo', '{}')`,
      plantillas_escrituras: `(nombre, plantilla, notaria_id) values ('Nueva', 'Texto', 1)`,
    };
    // inside a transaction that is rolled back, so the other tests see the seed untouched
    await db
      .transaction(async (tx) => {
        for (const [table, values] of Object.entries(tables)) {
          // an id already taken by the seed would fail with 23505
          const { rows } = await tx.query<{ id: number }>(`insert into public.${table} ${values} returning id`);
          expect(rows[0].id, table).toBeGreaterThan(1);
        }
        throw new Error('rollback');
      })
      .catch((e: Error) => expect(e.message).toBe('rollback'));
  });

  it('holds the production catalogues', async () => {
    const q = async <T>(sql: string) => (await db.query<T>(sql)).rows;
    const provincias = await q<{ codigo: string; nombre: string }>('select codigo, nombre from public.provincias order by codigo');
    expect(provincias.map((p) => p.codigo)).toEqual(Array.from({ length: 52 }, (_, i) => String(i + 1).padStart(2, '0')));
    expect(provincias.find((p) => p.codigo === '28')?.nombre).toBe('Madrid');
    expect(provincias.find((p) => p.codigo === '15')?.nombre).toBe('A Coruña');

    const paises = await q<{ codigo: string; nombre: string }>('select codigo, nombre from public.paises');
    expect(paises.length).toBeGreaterThan(240);
    expect(paises).toEqual(expect.arrayContaining([
      { codigo: 'ESP', nombre: 'España' },
      { codigo: 'FRA', nombre: 'Francia' },
      { codigo: 'DEU', nombre: 'Alemania' },
      { codigo: 'GBR', nombre: 'Reino Unido' },
    ]));

    expect(await q('select count(*)::int as n from public.profesiones')).toEqual([{ n: 43 }]);
    const profesiones = (await q<{ nombre: string }>('select nombre from public.profesiones')).map((p) => p.nombre);
    expect(profesiones).toEqual(expect.arrayContaining(['Abogado/a', 'Médico/a', 'Jubilado/a', 'Estudiante']));

    const vias = (await q<{ nombre: string }>('select nombre from public.tipos_via')).map((v) => v.nombre);
    expect(vias.length).toBeGreaterThanOrEqual(40);
    expect(vias).toEqual(expect.arrayContaining(['Calle', 'Avenida', 'Plaza', 'Paseo', 'Otros']));

    // every postal code belongs to the province of its first two digits, and every capital is there
    expect(await q(`select codigo from public.codigos_postales where left(codigo, 2) <> provincia_codigo`)).toEqual([]);
    expect(await q(`select codigo from public.provincias p where not exists
                      (select 1 from public.codigos_postales c where c.codigo = p.codigo || '001')`)).toEqual([]);
    expect(await q(`select localidad from public.codigos_postales where codigo in ('28013', '08008', '46004', '41004')`))
      .toEqual(expect.arrayContaining([{ localidad: 'Madrid' }, { localidad: 'Barcelona' }, { localidad: 'Valencia' }, { localidad: 'Sevilla' }]));
  });

  it('holds the demo content: offices, staff, availability, categories, acts and templates', async () => {
    const q = async <T>(sql: string) => (await db.query<T>(sql)).rows;
    expect(await q('select idint, externalidnotaria from public.notarias order by idint')).toEqual([
      { idint: 1, externalidnotaria: 'NOT001' },
      { idint: 2, externalidnotaria: 'NOT002' },
      { idint: 3, externalidnotaria: 'NOT003' },
    ]);
    const staffPerOffice = await q<{ n: number }>('select count(*)::int as n from public.personal where is_active group by notaria_id');
    expect(staffPerOffice).toHaveLength(3);
    for (const { n } of staffPerOffice) expect(n).toBeGreaterThanOrEqual(2);
    const calendars = (await q<{ calendar_type: string }>('select distinct calendar_type from public.personal order by 1')).map((r) => r.calendar_type);
    expect(calendars).toEqual(['google', 'lovable', 'office365']);
    expect(await q(`select staff_id from public.disponibilidad where not is_recurring and not is_available and specific_date is not null`)).toHaveLength(1);
    expect(await q(`select staff_id from public.disponibilidad where start_time >= '15:00'`)).toHaveLength(1);
    expect((await q<{ name: string }>('select name from public.tipos_asunto order by id')).map((t) => t.name)).toEqual(['Firma', 'Consulta', 'Otros']);

    expect((await q<{ id: number; nombre: string }>('select id, nombre from public.categorias_servicios order by id')).map((c) => `${c.id} ${c.nombre}`))
      .toEqual(['1 Poderes', '2 Inmobiliario', '3 Familia', '4 Mercantil', '5 Pólizas', '6 Sucesiones y Donaciones', '7 Actas']);
    const actsPerCategory = await q<{ categoria_id: number; n: number }>(
      `select categoria_id, count(*)::int as n from public.actos_servicios
        where activo and descripcion <> '' and cardinality(documentos_requeridos) > 0 group by 1 order by 1`,
    );
    expect(actsPerCategory.map((a) => a.categoria_id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const { n } of actsPerCategory) expect(n).toBeGreaterThanOrEqual(2);
    for (const { n } of actsPerCategory) expect(n).toBeLessThanOrEqual(4);

    const plantillas = await q<{ notaria_id: number; n: number }>('select notaria_id, count(*)::int as n from public.plantillas_escrituras where activo group by 1 order by 1');
    expect(plantillas.map((p) => p.notaria_id)).toEqual([1, 2, 3]);
    expect(await q('select id from public.plantillas_escrituras where acto_id is null')).toHaveLength(1); // one for every act
  });

  it('every foreign key has an index led by its columns (deleting the row it points to does not read the whole table)', async () => {
    const unindexed = await db.query<{ key: string }>(`
      select c.conrelid::regclass || ' (' || c.conname || ')' as key
        from pg_constraint c
       where c.contype = 'f'
         and not exists (
           select 1 from pg_index i
            where i.indrelid = c.conrelid
              and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
              and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey)
       order by 1`);
    expect(unindexed.rows.map((r) => r.key)).toEqual([]);
  });

  it("act 3 is 'Poder General' with a real form definition", async () => {
    const [acto] = (await db.query<{ nombre: string; categoria_id: number; json_definicion: FormDefinition }>(
      'select nombre, categoria_id, json_definicion from public.actos_servicios where id = 3',
    )).rows;
    expect(acto.nombre).toBe('Poder General');
    expect(acto.categoria_id).toBe(1);
    const secciones = acto.json_definicion.secciones;
    expect(secciones.map((s) => [s.nombre, s.tipo, s.nombre_logico])).toEqual([
      ['Otorgantes', 'bloque', 'otorgantes'],
      ['Apoderados', 'bloque', 'apoderados'],
      ['Propósito', 'bloque', 'proposito'],
    ]);
    const campos = secciones.flatMap((s) => s.campos);
    const tipos = new Set(['texto', 'textarea', 'email', 'telefono', 'numero', 'fecha', 'select', 'checkbox', 'nif']);
    for (const c of campos) {
      expect(tipos.has(c.tipo), `${c.nombre}: ${c.tipo}`).toBe(true);
      expect(c.etiqueta).toBeTruthy();
      if (c.tipo === 'select') expect(c.opciones?.length).toBeGreaterThan(1);
      // a condition names a field of the same section
      if (c.condiciones_visibilidad) {
        const seccion = secciones.find((s) => s.campos.includes(c))!;
        expect(seccion.campos.map((o) => o.nombre)).toContain(c.condiciones_visibilidad.campo);
      }
    }
    const otorgantes = secciones[0].campos;
    expect(otorgantes.find((c) => c.tipo === 'nif')?.requerido).toBe(true);
    expect(otorgantes.some((c) => c.tipo === 'fecha')).toBe(true);
    expect(otorgantes.find((c) => c.nombre === 'regimen_economico')?.condiciones_visibilidad).toEqual({ campo: 'estado_civil', valor: 'CASADO' });
    const proposito = secciones[2].campos;
    expect(proposito.find((c) => c.tipo === 'textarea' && Array.isArray(c.condiciones_visibilidad?.valor))?.condiciones_visibilidad)
      .toEqual({ campo: 'alcance', valor: ['ESPECIAL', 'LIMITADO'] });
  });
});

interface FormField {
  nombre: string;
  tipo: string;
  etiqueta: string;
  requerido?: boolean;
  opciones?: string[];
  condiciones_visibilidad?: { campo: string; valor: string | string[] };
}
interface FormDefinition {
  secciones: { nombre: string; tipo: string; nombre_logico: string; campos: FormField[] }[];
}

describe('a file-backed embedded database (DATA_DIR)', () => {
  it('keeps its data when reopened and applies nothing the second time', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'notaria-data-'));
    try {
      const first = await openPglite(dir);
      expect((await migrate(first, { seed: true })).length).toBeGreaterThan(supabaseMigrations.length);
      await first.query(`insert into public.tipos_asunto (name) values ('Testamentaría')`);
      const before = await rowCounts(first);
      await first.close();

      const reopened = await openPglite(dir);
      try {
        expect(await migrate(reopened, { seed: true })).toEqual([]);
        expect(await rowCounts(reopened)).toEqual(before);
        expect((await reopened.query(`select name from public.tipos_asunto where name = 'Testamentaría'`)).rows).toHaveLength(1);
      } finally {
        await reopened.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

// The DATABASE_URL path on a real PostgreSQL server (npm test starts one when the machine has it).
describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL server (DATABASE_URL)', () => {
  it('migrates a new database once, and RLS holds for the request roles', async () => {
    const { openPostgres } = await import('../../server/db/postgres');
    const server = await openPostgres(process.env.TEST_DATABASE_URL!);
    const name = `notaria_migraciones_${randomUUID().slice(0, 8)}`;
    await server.exec(`create database ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const db = await openPostgres(url.toString());
    try {
      const applied = await migrate(db, { seed: true });
      expect(applied).toEqual(expect.arrayContaining([...supabaseMigrations.map((f) => `supabase/migrations/${f}`), 'supabase/seed.sql']));
      const before = await rowCounts(db);
      expect(await migrate(db, { seed: true })).toEqual([]);
      expect(await rowCounts(db)).toEqual(before);
      const asAnon = (sql: string) =>
        db.transaction(async (tx) => {
          await tx.exec(`select set_config('request.jwt.claims', '{"role":"anon"}', true); set local role anon`);
          return (await tx.query<{ n: number }>(sql)).rows;
        });
      expect(await asAnon('select count(*)::int as n from public.categorias_servicios')).toEqual([{ n: 7 }]);
      await expect(asAnon(`insert into public.tipos_asunto (name) values ('Intruso') returning 0 as n`)).rejects.toMatchObject({ code: '42501' });
    } finally {
      await db.close();
      await server.exec(`drop database if exists ${name} with (force)`);
      await server.close();
    }
  }, 60_000);

  it('survives the server ending an idle connection: the next query gets a new one', async () => {
    const { openPostgres } = await import('../../server/db/postgres');
    const admin = await openPostgres(process.env.TEST_DATABASE_URL!);
    const db = await openPostgres(process.env.TEST_DATABASE_URL!);
    try {
      const [{ pid }] = (await db.query<{ pid: number }>('select pg_backend_pid() as pid')).rows;
      await admin.query('select pg_terminate_backend($1)', [pid]);
      // Give the idle client time to see its socket close (an unhandled 'error' event would crash here).
      await new Promise((r) => setTimeout(r, 300));
      const [{ other }] = (await db.query<{ other: number }>('select pg_backend_pid() as other')).rows;
      expect(other).not.toBe(pid);
    } finally {
      await db.close();
      await admin.close();
    }
  }, 30_000);
});
