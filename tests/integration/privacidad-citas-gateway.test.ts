import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { reparto, insertarPersona, type Papel } from '../support/reparto';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue 33 (RGPD art. 15): appointments are read and changed mostly through /rest/v1/citas, not
 * the services API. The gateway records in the audit log the reads and changes of a person's
 * citas by someone else (the office's staff, an admin, a representative who booked for them), so
 * GET /privacidad/accesos shows them; the person's own requests and unaudited tables add nothing.
 * The gateway writes a row after the answer (group commit, not awaited): the checks wait for it.
 */
let s: TestServer;
let ids: Record<Papel, string>;
let tokens: Record<Papel, string>;
let asStaff: SupabaseClient;
let asAna: SupabaseClient;
const citas: string[] = [];

const q = async <T = any>(sql: string, params: unknown[] = []) => (await s.ctx.db.query<T & Record<string, unknown>>(sql, params)).rows;
const accesos = async (token: string, query = '') => {
  const res = await s.api(`/privacidad/accesos?pageSize=100${query}`, { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { actor: string; accion: string; entidad: string; entidadId: string; propio: boolean }[] }).data;
};
const filasCita = async () => Number((await q<{ n: number }>(`select count(*)::int as n from servicios.audit_log where entity = 'cita'`))[0].n);
/** The audit rows of the gateway are written after the answer: waits until `n` rows of cita exist. */
const hayFilas = (n: number) => expect.poll(filasCita, { timeout: 5000, interval: 25 }).toBe(n);

beforeAll(async () => {
  s = await startTestServer();
  ({ ids, tokens } = await reparto(s));
  for (const [i, time] of ['09:00', '10:00', '11:00'].entries()) {
    const [{ id }] = await q<{ id: string }>(
      `insert into public.citas (user_id, client_id, notaria_id, staff_id, subject, date, time) values ($1, $1, 1, 1, $2, '2031-04-07', $3) returning id`,
      [ids.ana, `Consulta ${i}`, time],
    );
    citas.push(String(id));
  }
  asStaff = s.supabase(tokens.staff);
  asAna = s.supabase(tokens.ana);
});
afterAll(() => s?.close());

describe('/rest/v1/citas in the audit log', () => {
  it("a staff member's reads (any selection), update and delete of Ana's citas are in Ana's accesos", async () => {
    const antes = await filasCita();
    const todo = await asStaff.from('citas').select('*').eq('client_id', ids.ana).order('time');
    expect(todo.error).toBeNull();
    expect(todo.data!.map((c) => String(c.id))).toEqual(citas);
    // a selection without id or client_id: the gateway still knows which rows were read
    const asuntos = await asStaff.from('citas').select('subject').eq('client_id', ids.ana).order('time').limit(2);
    expect(asuntos.data).toEqual([{ subject: 'Consulta 0' }, { subject: 'Consulta 1' }]);
    await hayFilas(antes + 5);

    // the office moves a cita (its day, hour or notary: RLS and a trigger allow it nothing else)
    expect((await asStaff.from('citas').update({ time: '12:00' }).eq('id', citas[0])).error).toBeNull();
    expect((await asStaff.from('citas').delete().eq('id', citas[2])).error).toBeNull();
    await hayFilas(antes + 7);

    const vistos = await accesos(tokens.ana);
    const deCitas = vistos.filter((a) => a.entidad === 'cita').map((a) => `${a.accion} ${a.entidadId}`).sort();
    expect(deCitas).toEqual(
      [
        ...citas.map((c) => `read ${c}`),
        `read ${citas[0]}`,
        `read ${citas[1]}`,
        `update ${citas[0]}`,
        // the cita is gone: the row still says whose it was
        `delete ${citas[2]}`,
      ].sort(),
    );
    expect(new Set(vistos.filter((a) => a.entidad === 'cita').map((a) => a.actor))).toEqual(new Set([ids.staff]));
    expect(vistos.every((a) => !a.propio)).toBe(true);
    // nobody else sees them
    expect((await accesos(tokens.otro)).filter((a) => a.entidad === 'cita')).toEqual([]);
  });

  it("a read through Hono's routes (a browser's, with an Origin) is recorded too", async () => {
    const antes = await filasCita();
    const res = await fetch(`${s.url}/rest/v1/citas?select=date&id=eq.${citas[1]}`, {
      headers: { Authorization: `Bearer ${tokens.admin}`, apikey: s.ctx.anonKey, Origin: s.url, 'X-Forwarded-For': '203.0.113.9' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ date: '2031-04-07' }]);
    await hayFilas(antes + 1);
    const [fila] = await q(`select actor, action, entity_id, status, ip, titular from servicios.audit_log where entity = 'cita' order by id desc limit 1`);
    // the caller's address as the services' audit records it (the tests' proxy names it)
    expect(fila).toEqual({ actor: ids.admin, action: 'read', entity_id: citas[1], status: 200, ip: '203.0.113.9', titular: ids.ana });
  });

  it("Ana's own reads and changes of her citas, refused requests and unaudited tables add no rows", async () => {
    const antes = await filasCita();
    expect((await asAna.from('citas').select('*')).data!.length).toBe(2);
    expect((await asAna.from('citas').select('subject').eq('id', citas[1])).error).toBeNull();
    expect((await asAna.from('citas').update({ subject: 'Mía' }).eq('id', citas[1])).error).toBeNull();
    // staff of another office: RLS answers nothing, nothing was read
    expect((await s.supabase(tokens.staffOtra).from('citas').select('*').eq('client_id', ids.ana)).data).toEqual([]);
    // a refused read
    expect((await asStaff.from('citas').select('nope')).error?.code).toBe('42703');
    expect((await asStaff.from('notarias').select('*')).error).toBeNull();
    expect((await asStaff.from('personal').select('id, email')).error).toBeNull();
    // a barrier: the staff member's next read of a cita is recorded; what came before it was not
    expect((await asStaff.from('citas').select('id').eq('id', citas[1])).data).toEqual([{ id: Number(citas[1]) }]);
    await hayFilas(antes + 1);
    expect(await q(`select actor, action, entity_id from servicios.audit_log where entity = 'cita' order by id desc limit 1`)).toEqual([
      { actor: ids.staff, action: 'read', entity_id: citas[1] },
    ]);
  });

  it('a representative who books for a persona they own: the create and the reads are recorded for that persona', async () => {
    const hija = await insertarPersona(s, 'Hija', '33333333P', ids.lector);
    const asLector = s.supabase(tokens.lector);
    const creada = await asLector
      .from('citas')
      .insert({ client_id: hija, notaria_id: 1, staff_id: 1, subject: 'Para mi hija', date: '2031-04-08', time: '09:00' })
      // the representation, as the portal's booking page asks it (Refine's create: select *)
      .select()
      .single();
    expect(creada.error).toBeNull();
    const id = String(creada.data!.id);
    // without a representation the new id is unknown: not recorded (documented)
    const sinId = await asLector.from('citas').insert({ client_id: hija, notaria_id: 1, staff_id: 1, subject: 'Otra', date: '2031-04-08', time: '10:00' });
    expect(sinId.error).toBeNull();
    expect((await asLector.from('citas').select('subject').eq('id', id)).data).toEqual([{ subject: 'Para mi hija' }]);
    await expect
      .poll(async () => q(`select actor, action from servicios.audit_log where entity = 'cita' and entity_id = $1 order by id`, [id]), { timeout: 5000 })
      .toEqual([
        { actor: ids.lector, action: 'create' },
        { actor: ids.lector, action: 'read' },
      ]);
    // the representative owns the persona: they see their own actions only on request
    const propios = await accesos(tokens.lector, '&propios=true');
    expect(propios.filter((a) => a.entidadId === id).map((a) => a.accion)).toEqual(['read', 'create']);
  });

  it('a read whose rows cannot be told (filters on an embedded resource) is recorded once, without an id', async () => {
    const antes = await filasCita();
    const leida = await asStaff.from('citas').select('subject, notarias!inner(id)').eq('notarias.id', 1).eq('client_id', ids.ana);
    expect(leida.error).toBeNull();
    expect(leida.data!.length).toBe(2);
    await hayFilas(antes + 1);
    expect(await q(`select actor, action, entity_id from servicios.audit_log where entity = 'cita' order by id desc limit 1`)).toEqual([
      { actor: ids.staff, action: 'read', entity_id: null },
    ]);
  });
});
