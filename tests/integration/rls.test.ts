import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../server/auth/jwt';
import { startTestServer, TEST_JWT_SECRET, type TestServer } from '../support/server';

/**
 * Row Level Security of schema public, as the portal meets it: the real supabase-js client
 * against /rest/v1, anonymous or with the access token of an admin, an assistant (client) or a
 * staff member. What is really stored is read directly, as the server's own role.
 */

let server: TestServer;
let anon: SupabaseClient;
let admin: SupabaseClient;
let assistant: SupabaseClient;

/** A signed-in client with its own persona id (sub). */
async function signedIn(appRole: 'admin' | 'assistant', email?: string, notarias?: number[]) {
  const sub = randomUUID();
  const token = await signAccessToken(TEST_JWT_SECRET, { sub, app_role: appRole, email, notarias });
  return { sub, sb: server.supabase(token) };
}

beforeAll(async () => {
  server = await startTestServer();
  anon = server.supabase();
  admin = (await signedIn('admin')).sb;
  assistant = (await signedIn('assistant')).sb;
});
afterAll(() => server?.close());

/** Reads as the server's own role (no RLS): what is really stored. */
async function stored<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await server.ctx.db.query<T>(sql, params)).rows;
}

/** A valid new row for each catalogue, the column an edit changes (and its new value), and the table's key. */
const catalogues: Record<string, { row: Record<string, unknown>; edit: [string, string]; key?: string }> = {
  notarias: { row: { nombre: 'Notaría Prueba', direccion: 'Calle Mayor, 1, 28013 Madrid', externalidnotaria: 'NOT099', idint: 99 }, edit: ['nombre', 'Notaría Cambiada'] },
  provincias: { row: { nombre: 'Provincia de prueba', codigo: '99' }, edit: ['nombre', 'Cambiada'] },
  paises: { row: { nombre: 'País de prueba', codigo: 'ZZZ' }, edit: ['nombre', 'Cambiado'] },
  profesiones: { row: { nombre: 'Astronauta' }, edit: ['nombre', 'Cambiada'] },
  tipos_via: { row: { nombre: 'Vereda' }, edit: ['nombre', 'Cambiada'] },
  codigos_postales: { row: { codigo: '28999', localidad: 'Localidad de prueba', provincia_codigo: '28' }, edit: ['localidad', 'Cambiada'], key: 'codigo' },
  tipos_asunto: { row: { name: 'Revisión de documentos' }, edit: ['name', 'Cambiado'] },
  componentes_formulario: { row: { nombre: 'Bloque de prueba', comp_json: { campos: [] } }, edit: ['nombre', 'Cambiado'] },
  personal: { row: { name: 'Ana Prueba Gil', email: 'ana.prueba@notaria.example', position: 'Auxiliar', notaria_id: 1 }, edit: ['position', 'Oficial'] },
  disponibilidad: { row: { staff_id: 1, day_of_week: [6], start_time: '10:00', end_time: '12:00' }, edit: ['start_time', '11:00:00'] },
  categorias_servicios: { row: { nombre: 'Servicios de prueba', descripcion: 'Una categoría de prueba' }, edit: ['nombre', 'Cambiada'] },
  actos_servicios: { row: { categoria_id: 1, nombre: 'Acto de prueba', descripcion: 'Un acto de prueba', documentos_requeridos: ['DNI'] }, edit: ['nombre', 'Cambiado'] },
  plantillas_escrituras: { row: { nombre: 'Plantilla de prueba', plantilla: 'Texto de la plantilla', acto_id: 3, notaria_id: 1 }, edit: ['nombre', 'Cambiada'] },
};

describe('RLS is on everywhere', () => {
  it('every table of schema public has row level security enabled', async () => {
    const tables = await stored<{ relname: string; relrowsecurity: boolean }>(
      `select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
    );
    expect(tables.map((t) => t.relname)).toEqual(expect.arrayContaining([...Object.keys(catalogues), 'citas']));
    expect(tables.filter((t) => !t.relrowsecurity).map((t) => t.relname)).toEqual([]);
  });
});

describe('catalogues', () => {
  for (const [table, { row, edit: [column, value], key = 'id' }] of Object.entries(catalogues)) {
    describe(table, () => {
      it('anyone may read it', async () => {
        const [{ n }] = await stored<{ n: number }>(`select count(*)::int n from public.${table}`);
        const { data, error } = await anon.from(table).select(key);
        expect(error).toBeNull();
        // the seeded staff include one deactivated member, hidden from non-admins
        expect(data).toHaveLength(table === 'personal' ? n - 1 : n);
      });

      it('anonymous visitors and assistants cannot insert, update or delete', async () => {
        const [first] = await stored<Record<string, unknown>>(`select * from public.${table} order by ${key} limit 1`);
        const [{ n }] = await stored<{ n: number }>(`select count(*)::int n from public.${table}`);

        for (const [who, sb] of [['anon', anon], ['assistant', assistant]] as const) {
          const inserted = await sb.from(table).insert(row).select();
          expect(inserted.error?.code, `${who} insert`).toBe('42501');
          const updated = await sb.from(table).update({ [column]: value }).eq(key, first[key]).select();
          const deleted = await sb.from(table).delete().eq(key, first[key]).select();
          if (who === 'anon') {
            // no write privilege at all
            expect([updated.error?.code, deleted.error?.code]).toEqual(['42501', '42501']);
          } else {
            // the statement is allowed, but no row passes the policy
            expect([updated.error, updated.data, deleted.error, deleted.data]).toEqual([null, [], null, []]);
          }
        }
        expect(await stored(`select * from public.${table} where ${key} = $1`, [first[key]])).toEqual([first]);
        expect(await stored(`select count(*)::int n from public.${table}`)).toEqual([{ n }]);
      });

      it('an admin can insert, update and delete', async () => {
        const created = await admin.from(table).insert(row).select().single();
        expect(created.error).toBeNull();
        const id = (created.data as Record<string, unknown>)[key];

        const updated = await admin.from(table).update({ [column]: value }).eq(key, id).select();
        expect(updated.error).toBeNull();
        expect(updated.data).toEqual([expect.objectContaining({ [column]: value })]);
        expect(await stored(`select ${column}::text as v from public.${table} where ${key} = $1`, [id])).toEqual([{ v: value }]);

        const deleted = await admin.from(table).delete().eq(key, id).select();
        expect(deleted.error).toBeNull();
        expect(deleted.data).toHaveLength(1);
        expect(await stored(`select 1 from public.${table} where ${key} = $1`, [id])).toEqual([]);
      });
    });
  }
});

describe('inactive rows', () => {
  it('deactivated categories, acts and templates are hidden from visitors and assistants but shown to admins', async () => {
    const cat = await admin.from('categorias_servicios').insert({ nombre: 'Antigua', descripcion: 'Ya no se ofrece', activo: false }).select('id').single();
    const acto = await admin.from('actos_servicios').insert({ categoria_id: 1, nombre: 'Poder antiguo', descripcion: 'Ya no se ofrece', activo: false }).select('id').single();
    const plantilla = await admin.from('plantillas_escrituras').insert({ nombre: 'Antigua', plantilla: 'Texto', notaria_id: 1, activo: false }).select('id').single();
    const cases = [
      ['categorias_servicios', cat.data?.id],
      ['actos_servicios', acto.data?.id],
      ['plantillas_escrituras', plantilla.data?.id],
    ] as const;
    for (const [table, id] of cases) {
      expect(id, table).toBeGreaterThan(0);
      expect((await anon.from(table).select('id').eq('id', id)).data, `${table} anon`).toEqual([]);
      expect((await assistant.from(table).select('id').eq('id', id)).data, `${table} assistant`).toEqual([]);
      expect((await admin.from(table).select('id').eq('id', id)).data, `${table} admin`).toEqual([{ id }]);
    }
    // what the catalogue page asks for: the active categories, ordered by name
    const listed = await assistant.from('categorias_servicios').select('nombre').eq('activo', true).order('nombre');
    expect(listed.data?.map((c) => c.nombre)).toEqual(['Actas', 'Familia', 'Inmobiliario', 'Mercantil', 'Poderes', 'Pólizas', 'Sucesiones y Donaciones']);
  });

  it('a soft-deleted act disappears from the catalogue', async () => {
    const { data: acto } = await admin.from('actos_servicios').insert({ categoria_id: 7, nombre: 'Acta temporal', descripcion: 'Se retirará' }).select('id').single();
    expect((await anon.from('actos_servicios').select('id').eq('id', acto!.id)).data).toEqual([{ id: acto!.id }]);
    expect((await admin.from('actos_servicios').update({ activo: false }).eq('id', acto!.id)).error).toBeNull();
    expect((await anon.from('actos_servicios').select('id').eq('id', acto!.id)).data).toEqual([]);
  });

  it('deactivated staff are hidden from non-admins', async () => {
    const ids = (await stored<{ id: number }>('select id from public.personal where not is_active')).map((h) => h.id);
    expect(ids.length).toBeGreaterThan(0);
    expect((await assistant.from('personal').select('id').in('id', ids)).data).toEqual([]);
    expect((await admin.from('personal').select('id').in('id', ids)).data).toHaveLength(ids.length);
  });
});

/** The date (yyyy-mm-dd, UTC) of the weekday `dow` (0 = Sunday) at least `weeks` weeks from today. */
function futureWeekday(dow: number, weeks: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 7 * weeks + ((dow - d.getUTCDay() + 7) % 7));
  return d.toISOString().slice(0, 10);
}

describe('citas', () => {
  const monday = futureWeekday(1, 2);
  const tuesday = futureWeekday(2, 2);
  let ana: { sub: string; sb: SupabaseClient };
  let luis: { sub: string; sb: SupabaseClient };
  let carmen: SupabaseClient; // staff of notaría 1: the server wrote notarias [1] in her token (server/auth/staff.ts)
  let jordi: SupabaseClient; // staff of notaría 2
  let conEmailDeCarmen: SupabaseClient; // a token with her staff e-mail but no notarias claim
  let anasCita: number;

  beforeAll(async () => {
    ana = await signedIn('assistant');
    luis = await signedIn('assistant');
    carmen = (await signedIn('assistant', undefined, [1])).sb;
    jordi = (await signedIn('assistant', undefined, [2])).sb;
    conEmailDeCarmen = (await signedIn('assistant', 'Carmen.Lopez@notarialopezmartin.example')).sb;
    const { data, error } = await ana.sb
      .from('citas')
      .insert({ client_id: ana.sub, notaria_id: 1, staff_id: 1, date: monday, time: '10:00' })
      .select()
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ user_id: ana.sub, subject: 'Consulta', type: 'presencial' }); // user_id defaults to the signed-in persona
    anasCita = data!.id;
  });

  it('a client sees only their own appointments', async () => {
    expect((await ana.sb.from('citas').select('id')).data).toEqual([{ id: anasCita }]);
    expect((await luis.sb.from('citas').select('id')).data).toEqual([]);
  });

  it('anonymous visitors cannot read or book appointments', async () => {
    expect((await anon.from('citas').select('id')).error?.code).toBe('42501');
    const booked = await anon.from('citas').insert({ client_id: randomUUID(), notaria_id: 1, staff_id: 1, date: tuesday, time: '10:00' });
    expect(booked.error?.code).toBe('42501');
  });

  it('nobody can book in the name of another user', async () => {
    const booked = await luis.sb
      .from('citas')
      // without .select(): the row is not read back, so only the insert policy can refuse it
      .insert({ user_id: ana.sub, client_id: ana.sub, notaria_id: 1, staff_id: 1, date: tuesday, time: '11:00' });
    expect(booked.error?.code).toBe('42501');
    expect(await stored('select id from public.citas where date = $1', [tuesday])).toEqual([]);
  });

  it('a slot of a staff member cannot be booked twice', async () => {
    const twice = await luis.sb.from('citas').insert({ client_id: luis.sub, notaria_id: 1, staff_id: 1, date: monday, time: '10:00' }).select();
    expect(twice.error?.code).toBe('23505');
    expect(twice.status).toBe(409);
    // the same hour with another staff member is free
    const other = await luis.sb.from('citas').insert({ client_id: luis.sub, notaria_id: 1, staff_id: 2, date: monday, time: '10:00' }).select().single();
    expect(other.error).toBeNull();
  });

  it('every signed-in user sees the booked slots, without personal data', async () => {
    const { data } = await luis.sb.from('citas_ocupadas').select('*').eq('date', monday).order('staff_id');
    expect(data).toEqual([
      { staff_id: 1, date: monday, time: '10:00:00' },
      { staff_id: 2, date: monday, time: '10:00:00' },
    ]);
    expect((await anon.from('citas_ocupadas').select('*')).error?.code).toBe('42501');
  });

  it("another client can neither change nor cancel someone's appointment", async () => {
    expect((await luis.sb.from('citas').update({ subject: 'Firma' }).eq('id', anasCita).select()).data).toEqual([]);
    expect((await luis.sb.from('citas').delete().eq('id', anasCita).select()).data).toEqual([]);
    expect(await stored('select subject from public.citas where id = $1', [anasCita])).toEqual([{ subject: 'Consulta' }]);
  });

  it('the owner can change the appointment but not hand it over to someone else', async () => {
    const changed = await ana.sb.from('citas').update({ subject: 'Firma' }).eq('id', anasCita).select('subject');
    expect(changed.data).toEqual([{ subject: 'Firma' }]);
    const handedOver = await ana.sb.from('citas').update({ user_id: luis.sub }).eq('id', anasCita).select();
    expect(handedOver.error?.code).toBe('42501');
    expect(await stored('select user_id from public.citas where id = $1', [anasCita])).toEqual([{ user_id: ana.sub }]);
  });

  it("the office's active staff and the admins see the office's appointments; other offices' staff do not", async () => {
    expect((await carmen.from('citas').select('id').eq('id', anasCita)).data).toEqual([{ id: anasCita }]);
    expect((await admin.from('citas').select('id').eq('id', anasCita)).data).toEqual([{ id: anasCita }]);
    expect((await jordi.from('citas').select('id').eq('id', anasCita)).data).toEqual([]);
    // owning a staff member's e-mail address is not being staff: the claim comes from the staff row's document
    expect((await conEmailDeCarmen.from('citas').select('id').eq('id', anasCita)).data).toEqual([]);
  });

  it('the owner can cancel their appointment', async () => {
    expect((await ana.sb.from('citas').delete().eq('id', anasCita).select('id')).data).toEqual([{ id: anasCita }]);
    expect(await stored('select id from public.citas where id = $1', [anasCita])).toEqual([]);
  });
});
