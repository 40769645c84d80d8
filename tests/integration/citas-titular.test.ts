import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue 31, items 4 and 5, through the real /rest/v1 gateway and supabase-js: staff of a notaría
 * cannot take a client's appointment or carry it into another notaría, and one booking account
 * cannot hold an unbounded number of appointments by spreading them over personas it creates.
 */
let server: TestServer;
const ana = '00000000-0000-4000-8000-000000000002'; // seeded client
const marta = '00000000-0000-4000-8000-000000000004'; // a staff account, here of notaría 2
let asAna: SupabaseClient;
let asStaff2: SupabaseClient;

let hour = 0;
const HOURS = ['09:00', '10:00', '11:00', '12:00', '15:00', '16:00', '17:00', '18:00'];
/** A free slot each time: Mondays from 2028 on, every appointment hour in turn. */
function slot() {
  const week = Math.floor(hour / HOURS.length);
  const date = new Date(Date.UTC(2028, 0, 3 + 7 * week)).toISOString().slice(0, 10);
  return { date, time: HOURS[hour++ % HOURS.length] };
}
const stored = async (sql: string, params: unknown[] = []) => (await server.ctx.db.query(sql, params)).rows;

async function persona(n: number, owner: string): Promise<string> {
  const rows = await stored(
    `insert into servicios.personas (tipo_persona, identificador_tipo, identificador_numero, owner_id, nombre)
     values ('FISICA', 'PASAPORTE', $1, $2, 'Prueba') returning id`,
    [`CT${String(n).padStart(6, '0')}`, owner],
  );
  return (rows[0] as { id: string }).id;
}

beforeAll(async () => {
  server = await startTestServer();
  asAna = server.supabase(await server.token(ana));
  asStaff2 = server.supabase(await server.token(marta, 'assistant', [2]));
});
afterAll(() => server?.close());

describe("staff and a client's appointment (item 4)", () => {
  let id: number;
  beforeAll(async () => {
    const { data, error } = await asAna.from('citas').insert({ client_id: ana, notaria_id: 2, staff_id: 3, subject: 'Consulta', ...slot() }).select('id').single();
    expect(error).toBeNull();
    id = (data as { id: number }).id;
  });

  it('staff cannot make themself the owner of it', async () => {
    const { status, error } = await asStaff2.from('citas').update({ user_id: marta }).eq('id', id);
    expect(status).toBe(403);
    expect(error?.message).toBe('Una cita es siempre de quien la pidió: no se puede cambiar su titular');
    expect(await stored('select user_id from public.citas where id = $1', [id])).toEqual([{ user_id: ana }]);
  });

  it('staff cannot move it into another notaría, nor change its subject, type or persona', async () => {
    const before = await stored('select notaria_id, staff_id, subject, type, client_id from public.citas where id = $1', [id]);
    for (const change of [{ notaria_id: 1, staff_id: 2, subject: 'Texto del atacante' }, { subject: 'Texto del atacante' }, { type: 'online' }, { notaria_id: 1, staff_id: 2 }]) {
      const { status, error } = await asStaff2.from('citas').update(change).eq('id', id);
      expect([change, status, error?.message]).toEqual([change, 403, 'El personal de la notaría solo puede cambiar el día, la hora o el notario de una cita de su notaría']);
    }
    expect(await stored('select notaria_id, staff_id, subject, type, client_id from public.citas where id = $1', [id])).toEqual(before);
    // the client still sees it as theirs
    expect((await asAna.from('citas').select('id, notaria_id').eq('id', id)).data).toEqual([{ id, notaria_id: 2 }]);
  });

  it("staff still move it within their notaría: day, hour and notario", async () => {
    const { status, data } = await asStaff2.from('citas').update({ ...slot(), staff_id: 4 }).eq('id', id).select('staff_id, user_id');
    expect([status, data]).toEqual([200, [{ staff_id: 4, user_id: ana }]]);
  });

  it('the owner cannot hand it over either, and still changes its subject', async () => {
    expect((await asAna.from('citas').update({ user_id: marta }).eq('id', id)).status).toBe(403);
    expect((await asAna.from('citas').update({ subject: 'Firma' }).eq('id', id).select('subject')).data).toEqual([{ subject: 'Firma' }]);
  });
});

describe('future appointments per booking account (item 5)', () => {
  it('20 personas × 3 appointments in one request are refused whole; the account holds at most 10', async () => {
    const john = '00000000-0000-4000-8000-000000000003';
    const asJohn = server.supabase(await server.token(john));
    const personas = [];
    for (let i = 0; i < 20; i++) personas.push(await persona(i, john));
    const rows = personas.flatMap((p) => [0, 1, 2].map(() => ({ client_id: p, notaria_id: 1, staff_id: 1, subject: 'Consulta', ...slot() })));
    const { status, error } = await asJohn.from('citas').insert(rows);
    expect(status).toBe(400);
    expect(error?.message).toBe('Su cuenta ya tiene 10 citas pendientes, el máximo. Anule alguna antes de pedir otra.');
    expect(await stored('select count(*)::int as n from public.citas where user_id = $1', [john])).toEqual([{ n: 0 }]);
    // one at a time: ten pass, the eleventh does not
    for (let i = 0; i < 10; i++) expect((await asJohn.from('citas').insert(rows[i * 3 + (i % 3)])).status).toBe(201);
    expect((await asJohn.from('citas').insert(rows[59])).status).toBe(400);
  });

  it('the limit is the configured one', async () => {
    const other = await startTestServer({ citasFuturasPorCuenta: 2 });
    try {
      const john = '00000000-0000-4000-8000-000000000003';
      const asJohn = other.supabase(await other.token(john));
      const p = (await other.ctx.db.query<{ id: string }>(
        `insert into servicios.personas (tipo_persona, identificador_tipo, identificador_numero, owner_id, nombre) values ('FISICA', 'PASAPORTE', 'CT999999', $1, 'P') returning id`,
        [john],
      )).rows[0].id;
      expect((await asJohn.from('citas').insert({ client_id: john, notaria_id: 1, staff_id: 1, ...slot() })).status).toBe(201);
      expect((await asJohn.from('citas').insert({ client_id: p, notaria_id: 1, staff_id: 1, ...slot() })).status).toBe(201);
      const third = await asJohn.from('citas').insert({ client_id: p, notaria_id: 1, staff_id: 1, ...slot() });
      expect([third.status, third.error?.message]).toEqual([400, 'Su cuenta ya tiene 2 citas pendientes, el máximo. Anule alguna antes de pedir otra.']);
    } finally {
      await other.close();
    }
  });
});
