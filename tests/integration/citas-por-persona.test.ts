import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestServer, type TestServer } from '../support/server';
import actosServicios, { MENSAJE_URL_ACTO } from '../../resources/actos-servicios';

/**
 * Who books what, through the real /rest/v1 gateway and supabase-js as the portal does: a client
 * books only for persons they may act for and holds a bounded number of future appointments per
 * person; an act's form address is only the portal's own form. The database decides both.
 */
let server: TestServer;
const ana = '00000000-0000-4000-8000-000000000002'; // seeded client
let propia: string; // a persona Ana created
let representada: string; // a persona who granted Ana a privilegio in force
let ajena: string; // somebody else's persona
let asAna: SupabaseClient;
let asAdmin: SupabaseClient;

const LIMIT = 3;
let hour = 0;
const HOURS = ['09:00', '10:00', '11:00', '12:00', '15:00', '16:00', '17:00', '18:00'];
/** A free slot of staff 1 each time: Mondays from 2027 on, every spec hour in turn. */
function slot() {
  const week = Math.floor(hour / HOURS.length);
  const date = new Date(Date.UTC(2027, 0, 4 + 7 * week)).toISOString().slice(0, 10);
  return { date, time: HOURS[hour++ % HOURS.length] };
}
const cita = (clientId: string) => ({ client_id: clientId, notaria_id: 1, staff_id: 1, subject: 'Firma', type: 'presencial', ...slot() });

const stored = async (sql: string, params: unknown[] = []) => (await server.ctx.db.query(sql, params)).rows;

async function persona(numero: string, owner: string | null): Promise<string> {
  const rows = await stored(
    `insert into servicios.personas (tipo_persona, identificador_tipo, identificador_numero, owner_id, nombre)
     values ('FISICA', 'NIF', $1, $2, 'Prueba') returning id`,
    [numero, owner],
  );
  return (rows[0] as { id: string }).id;
}

beforeAll(async () => {
  server = await startTestServer();
  propia = await persona('66666666Q', ana); // 11111111H is the demo staff member's account
  representada = await persona('22222222J', null);
  ajena = await persona('33333333P', null);
  await stored(
    `insert into servicios.privilegios (persona_otorgante_id, persona_receptora_id, tipo_privilegio, fecha_inicio_relacion, permiso_crear_expedientes)
     values ($1, $2, 'GENERAL', current_date - 1, true)`,
    [representada, ana],
  );
  asAna = server.supabase(await server.token(ana));
  asAdmin = server.supabase(await server.token(randomUUID(), 'admin'));
});
afterAll(() => server?.close());

describe('a client books appointments', () => {
  it('for themself, a persona they own or one whose privilegio is in force; for nobody else', async () => {
    for (const id of [ana, propia, representada]) {
      const { error, status } = await asAna.from('citas').insert(cita(id));
      expect([id, error, status]).toEqual([id, null, 201]);
    }
    const { error, status } = await asAna.from('citas').insert(cita(ajena));
    expect(status).toBe(403);
    expect(error?.message).toBe('Solo puede pedir citas para usted o para las personas a las que representa');
    // nor by moving one of their own to somebody else
    const [{ id }] = (await stored('select id from public.citas where client_id = $1', [ana])) as { id: number }[];
    const moved = await asAna.from('citas').update({ client_id: ajena }).eq('id', id);
    expect(moved.status).toBe(403);
    expect(await stored('select id from public.citas where client_id = $1', [ajena])).toEqual([]);
  });

  it('holds at most three future appointments per person; a past one does not count', async () => {
    // an appointment already past (written around the rule that refuses past dates)
    await stored('alter table public.citas disable trigger citas_validar');
    await stored(`insert into public.citas (user_id, client_id, notaria_id, staff_id, date, time) values ($1, $2, 1, 2, '2020-01-06', '09:00')`, [ana, propia]);
    await stored('alter table public.citas enable trigger citas_validar');
    const existing = (await stored(`select count(*)::int as n from public.citas where client_id = $1 and date > '2026-01-01'`, [propia]))[0] as { n: number };
    for (let i = existing.n; i < LIMIT; i++) expect((await asAna.from('citas').insert(cita(propia))).status).toBe(201);
    const { error, status } = await asAna.from('citas').insert(cita(propia));
    expect(status).toBe(400);
    expect(error?.message).toBe('Esta persona ya tiene 3 citas pendientes, el máximo. Anule alguna antes de pedir otra.');
    // cancelling one frees its place
    const [{ id }] = (await stored(`select id from public.citas where client_id = $1 and date > '2026-01-01' limit 1`, [propia])) as { id: number }[];
    expect((await asAna.from('citas').delete().eq('id', id)).status).toBe(204);
    expect((await asAna.from('citas').insert(cita(propia))).status).toBe(201);
  });

  it('cannot book a whole calendar with one request: the statement is refused and nothing is stored', async () => {
    const fresh = await persona('44444444A', ana);
    const many = Array.from({ length: 40 }, () => cita(fresh));
    const { error, status } = await asAna.from('citas').upsert(many);
    expect(status).toBe(400);
    expect(error?.message).toContain('citas pendientes');
    expect(await stored('select id from public.citas where client_id = $1', [fresh])).toEqual([]);
  });

  it('the limit is the configured one', async () => {
    const other = await startTestServer({ citasFuturasPorPersona: 1 });
    try {
      const asJohn = other.supabase(await other.token('00000000-0000-4000-8000-000000000003'));
      const john = '00000000-0000-4000-8000-000000000003';
      expect((await asJohn.from('citas').insert(cita(john))).status).toBe(201);
      const second = await asJohn.from('citas').insert(cita(john));
      expect(second.status).toBe(400);
      expect(second.error?.message).toBe('Esta persona ya tiene 1 citas pendientes, el máximo. Anule alguna antes de pedir otra.');
    } finally {
      await other.close();
    }
  });
});

describe("an act's form address", () => {
  const evil = ['https://evil.example/form.html', '/\\evil.example/form.html', '//evil.example/form.html', 'javascript:alert(1)', '/formulario.html#x', '/otro.html', '/formulario.html?a=<b>'];

  it('is only the portal form, by the resource schema', () => {
    const base = { nombre: 'Acto', categoria_id: 1, descripcion: 'Desc', documentos_requeridos: ['DNI'] };
    for (const url_acto of evil) {
      const parsed = actosServicios.schema.safeParse({ ...base, url_acto });
      expect([url_acto, parsed.success, parsed.error?.issues[0].message]).toEqual([url_acto, false, MENSAJE_URL_ACTO]);
    }
    for (const url_acto of ['/formulario.html', '/formulario.html?definicion=3&modo=lectura', '', null]) {
      expect([url_acto, actosServicios.schema.safeParse({ ...base, url_acto }).success]).toEqual([url_acto, true]);
    }
  });

  it('is only the portal form, by the database, even for an admin; the seeded acts pass', async () => {
    for (const url_acto of evil) {
      const { status, error } = await asAdmin.from('actos_servicios').update({ url_acto }).eq('id', 3);
      expect([url_acto, status, error?.code]).toEqual([url_acto, 400, '23514']);
    }
    expect(await stored('select url_acto from public.actos_servicios where id = 3')).toEqual([{ url_acto: '/formulario.html' }]);
    const ok = await asAdmin.from('actos_servicios').update({ url_acto: '/formulario.html?definicion=3' }).eq('id', 3);
    expect(ok.status).toBe(204);
  });
});
