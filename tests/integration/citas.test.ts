import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { signAccessToken } from '../../server/auth/jwt';
import { slotsDisponibles, type ReglaDisponibilidad } from '../../domain/slots';
import { startTestServer, TEST_JWT_SECRET, type TestServer } from '../support/server';

/**
 * Appointments through the real /rest/v1 gateway with the real supabase-js, as the portal books
 * them: the database settles a race for a slot, and row-level security decides who sees and
 * cancels what. Seed: notaría 1 with staff 1 (Carmen López) and 2; notaría 2
 * with staff 3 (Jordi Puig) and 4; staff 1 works Monday to Friday 09:00-14:00.
 */

const MONDAY = '2027-06-07';
const SATURDAY = '2027-06-12';

let server: TestServer;
const ana = randomUUID();
const luis = randomUUID();
let asAna: SupabaseClient;
let asLuis: SupabaseClient;
let asCarmen: SupabaseClient; // staff of notaría 1 (the token's notarias claim, server/auth/staff.ts)
let asJordi: SupabaseClient; // staff of notaría 2
let asAdmin: SupabaseClient;

const cita = (clientId: string, overrides: Record<string, unknown> = {}) => ({
  client_id: clientId,
  notaria_id: 1,
  staff_id: 1,
  subject: 'Firma',
  date: MONDAY,
  time: '10:00',
  type: 'online',
  ...overrides,
});

/** What is really stored, read as the server's own role (no RLS). */
const stored = async (sql: string, params: unknown[] = []) => (await server.ctx.db.query(sql, params)).rows;

beforeAll(async () => {
  // these tests book many appointments for one person; the cap has its own tests (citas-por-persona.test.ts)
  server = await startTestServer({ citasFuturasPorPersona: 100, citasFuturasPorCuenta: 1000 });
  const client = async (sub: string, role: 'admin' | 'assistant' = 'assistant', notarias?: number[]) =>
    server.supabase(await signAccessToken(TEST_JWT_SECRET, { sub, app_role: role, notarias }));
  asAna = await client(ana);
  asLuis = await client(luis);
  asCarmen = await client(randomUUID(), 'assistant', [1]);
  asJordi = await client(randomUUID(), 'assistant', [2]);
  asAdmin = await client(randomUUID(), 'admin');
});
afterAll(() => server?.close());

describe('booking a slot', () => {
  it('stores the appointment for who booked it, with the defaults (presencial, Consulta)', async () => {
    const { data, error, status } = await asAna
      .from('citas')
      .insert({ client_id: ana, notaria_id: 1, staff_id: 1, date: MONDAY, time: '09:00' })
      .select()
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toMatchObject({ user_id: ana, client_id: ana, subject: 'Consulta', type: 'presencial', time: '09:00:00' });
  });

  it('two clients racing for the same slot: exactly one wins, the other gets 409 and can take a remaining slot', async () => {
    const [a, l] = await Promise.all([
      asAna.from('citas').insert(cita(ana, { time: '11:00' })).select().single(),
      asLuis.from('citas').insert(cita(luis, { time: '11:00' })).select().single(),
    ]);
    const winners = [a, l].filter((r) => r.error === null);
    const loser = [a, l].find((r) => r.error !== null)!;
    expect(winners).toHaveLength(1);
    expect(loser.status).toBe(409);
    expect(loser.error?.code).toBe('23505');
    expect(await stored("select user_id from public.citas where staff_id = 1 and date = $1 and time = '11:00'", [MONDAY])).toHaveLength(1);

    // the loser's wizard re-reads the booked slots and offers what is left
    const loserClient = loser === a ? asAna : asLuis;
    const loserId = loser === a ? ana : luis;
    const { data: ocupadas } = await loserClient.from('citas_ocupadas').select('*').eq('staff_id', 1).eq('date', MONDAY);
    const { data: reglas } = await loserClient.from('disponibilidad').select('*').eq('staff_id', 1);
    const libres = slotsDisponibles({
      date: MONDAY,
      rules: reglas as ReglaDisponibilidad[],
      booked: (ocupadas ?? []).map((o) => o.time as string),
      now: { date: '2026-01-01', time: '00:00' },
    });
    expect(libres).toEqual(['10:00', '12:00']);
    const retry = await loserClient.from('citas').insert(cita(loserId, { time: libres[0] })).select().single();
    expect(retry.error).toBeNull();
  });

  it('many concurrent bookings of one slot leave exactly one appointment', async () => {
    const clients = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const id = randomUUID();
        return { id, sb: server.supabase(await server.token(id)) };
      }),
    );
    const results = await Promise.all(clients.map(({ id, sb }) => sb.from('citas').insert(cita(id, { staff_id: 2, time: '12:00' }))));
    expect(results.filter((r) => !r.error)).toHaveLength(1);
    expect(results.filter((r) => r.error?.code === '23505')).toHaveLength(4);
    expect(await stored("select id from public.citas where staff_id = 2 and date = $1 and time = '12:00'", [MONDAY])).toHaveLength(1);
  });

  it('refuses a slot outside the fixed times, in the past or with staff of another office, with a Spanish message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ date: SATURDAY, time: '15:00' }, 'La hora elegida no es una hora de cita de ese día'],
      [{ time: '13:30' }, 'La hora elegida no es una hora de cita de ese día'],
      [{ date: '2020-06-01', time: '10:00' }, 'No se puede pedir una cita para una fecha u hora pasada'],
      [{ notaria_id: 2, staff_id: 1, time: '16:00' }, 'El notario seleccionado no está disponible en esa notaría'],
      [{ staff_id: 7, notaria_id: 3, time: '16:00' }, 'El notario seleccionado no está disponible en esa notaría'], // deactivated
    ];
    for (const [overrides, message] of cases) {
      const { error, status } = await asLuis.from('citas').insert(cita(luis, overrides));
      expect(status, JSON.stringify(overrides)).toBe(400);
      expect(error?.message).toBe(message);
    }
    const bad = await asLuis.from('citas').insert(cita(luis, { type: 'telefono', time: '16:00' }));
    expect(bad.status).toBe(400);
    expect(await stored("select id from public.citas where date in ($1, $2, '2020-06-01') and time in ('13:30', '15:00', '16:00')", [MONDAY, SATURDAY])).toEqual([]);
  });

  it('moving an appointment onto a booked slot fails with 409 and changes nothing', async () => {
    const { data: mine } = await asLuis.from('citas').insert(cita(luis, { time: '17:00', staff_id: 2 })).select().single();
    const { error, status } = await asLuis.from('citas').update({ time: '12:00' }).eq('id', mine!.id).select();
    expect(status).toBe(409);
    expect(error?.code).toBe('23505');
    expect(await stored('select time from public.citas where id = $1', [mine!.id])).toEqual([{ time: '17:00:00' }]);
  });
});

describe('row-level security of citas per role', () => {
  let anasCita: number;
  let jordisOfficeCita: number;

  beforeAll(async () => {
    const { data, error } = await asAna.from('citas').insert(cita(ana, { date: '2027-06-08', time: '15:00', staff_id: 2 })).select().single();
    expect(error).toBeNull();
    anasCita = data!.id;
    const other = await asAna.from('citas').insert(cita(ana, { date: '2027-06-08', notaria_id: 2, staff_id: 3, time: '10:00' })).select().single();
    jordisOfficeCita = other.data!.id;
  });

  const ids = async (sb: SupabaseClient) => {
    const { data, error } = await sb.from('citas').select('id, user_id');
    expect(error).toBeNull();
    return data!;
  };

  it('a client sees only the appointments they booked', async () => {
    const mine = await ids(asAna);
    expect(mine.map((c) => c.id)).toEqual(expect.arrayContaining([anasCita, jordisOfficeCita]));
    expect(mine.every((c) => c.user_id === ana)).toBe(true);
    expect((await ids(asLuis)).map((c) => c.id)).not.toContain(anasCita);
  });

  it('another client can neither change nor cancel them', async () => {
    const upd = await asLuis.from('citas').update({ subject: 'Otros' }).eq('id', anasCita).select();
    expect(upd.data).toEqual([]);
    await asLuis.from('citas').delete().eq('id', anasCita);
    expect(await stored('select subject from public.citas where id = $1', [anasCita])).toEqual([{ subject: 'Firma' }]);
  });

  it("staff see their own office's appointments, not another office's", async () => {
    const carmen = (await ids(asCarmen)).map((c) => c.id);
    expect(carmen).toContain(anasCita);
    expect(carmen).not.toContain(jordisOfficeCita);
    const jordi = (await ids(asJordi)).map((c) => c.id);
    expect(jordi).toContain(jordisOfficeCita);
    expect(jordi).not.toContain(anasCita);
  });

  it('admins see every appointment and may change one', async () => {
    const all = (await ids(asAdmin)).map((c) => c.id);
    expect(all).toEqual(expect.arrayContaining([anasCita, jordisOfficeCita]));
    const { data, error } = await asAdmin.from('citas').update({ subject: 'Consulta' }).eq('id', anasCita).select('subject');
    expect(error).toBeNull();
    expect(data).toEqual([{ subject: 'Consulta' }]);
  });

  it('every signed-in user sees the booked slots without personal data; anonymous visitors see nothing', async () => {
    const { data } = await asLuis.from('citas_ocupadas').select('*').eq('date', '2027-06-08').order('staff_id');
    expect(data).toEqual([
      { staff_id: 2, date: '2027-06-08', time: '15:00:00' },
      { staff_id: 3, date: '2027-06-08', time: '10:00:00' },
    ]);
    const anon = await server.supabase().from('citas').select('*');
    expect(anon.data ?? []).toEqual([]);
    expect(anon.status).toBe(401);
  });

  it("the office's staff can cancel an appointment of their office; the owner can cancel their own", async () => {
    await asJordi.from('citas').delete().eq('id', anasCita); // not Jordi's office: nothing happens
    expect(await stored('select id from public.citas where id = $1', [anasCita])).toHaveLength(1);
    const byCarmen = await asCarmen.from('citas').delete().eq('id', anasCita).select('id');
    expect(byCarmen.data).toEqual([{ id: anasCita }]);
    const byAna = await asAna.from('citas').delete().eq('id', jordisOfficeCita).select('id');
    expect(byAna.data).toEqual([{ id: jordisOfficeCita }]);
    expect(await stored('select id from public.citas where id = any($1)', [[anasCita, jordisOfficeCita]])).toEqual([]);
  });
});
