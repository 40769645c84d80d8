import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { signAccessToken } from '../../server/auth/jwt';
import { readOutbox } from '../../server/mail';
import { startTestServer, TEST_JWT_SECRET, type TestServer } from '../support/server';

/**
 * Booking, moving and cancelling an appointment through the real /rest/v1 gateway e-mails the
 * client, in Spanish, with the calendar file (a request, then a cancellation of the same event).
 * A write the database refuses sends nothing. Client: the demo user Ana García (12345678Z).
 */

const MONDAY = '2027-09-06';
const ANA_EMAIL = 'ana.garcia@example.com';

let server: TestServer;
let ana: string;
let asAna: SupabaseClient;

interface Sent {
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; content: string; contentType: string }[];
}

/** Waits for the e-mail to `to` whose subject starts with `subject`, sent after `since`. */
async function mailTo(to: string, subject: string, since: number): Promise<Sent> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = (await readOutbox(server.ctx.db)).find((m) => m.to === to && m.subject.startsWith(subject) && Date.parse(m.sentAt) >= since - 1000);
    if (mail) return mail as unknown as Sent;
    if (Date.now() > deadline) throw new Error(`No llegó el correo '${subject}' a ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  server = await startTestServer();
  ana = (await server.ctx.db.query<{ persona_id: string }>("select persona_id from servicios.usuarios where numero_documento = '12345678Z'")).rows[0].persona_id;
  asAna = server.supabase(await signAccessToken(TEST_JWT_SECRET, { sub: ana, app_role: 'assistant', email: ANA_EMAIL }));
});
afterAll(() => server?.close());

describe('appointment e-mails', () => {
  it('booked, moved and cancelled: three e-mails with the calendar file; a refused booking sends none', async () => {
    let since = Date.now();
    const { data, error } = await asAna
      .from('citas')
      .insert({ client_id: ana, notaria_id: 1, staff_id: 1, subject: 'Firma de poder', date: MONDAY, time: '10:00', type: 'presencial' })
      .select()
      .single();
    expect(error).toBeNull();
    const booked = await mailTo(ANA_EMAIL, 'Cita confirmada', since);
    expect(booked.subject).toBe('Cita confirmada - Notaría López Martín');
    expect(booked.text).toContain('Su cita ha quedado confirmada el 06/09/2027 a las 10:00.');
    expect(booked.text).toContain('Asunto: Firma de poder');
    expect(booked.text).toContain('Notario: Carmen López');
    expect(booked.attachments).toHaveLength(1);
    expect(booked.attachments[0]).toMatchObject({ filename: 'cita.ics', contentType: expect.stringContaining('text/calendar') });
    const ics = booked.attachments[0].content;
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain(`UID:cita-${data!.id}@notaria`);
    expect(ics).toMatch(/DTSTART:20270906T100000\r?\n/);
    expect(ics).toContain('SUMMARY:Cita: Firma de poder');

    // the same slot again is refused (23505): no e-mail for it
    since = Date.now();
    const twice = await asAna.from('citas').insert({ client_id: ana, notaria_id: 1, staff_id: 1, subject: 'Otra', date: MONDAY, time: '10:00' });
    expect(twice.error?.code).toBe('23505');

    since = Date.now();
    expect((await asAna.from('citas').update({ time: '12:00' }).eq('id', data!.id)).error).toBeNull();
    const moved = await mailTo(ANA_EMAIL, 'Cita modificada', since);
    expect(moved.text).toContain('Su cita del 06/09/2027 a las 10:00 ha cambiado: ahora es el 06/09/2027 a las 12:00.');
    expect(moved.attachments[0].content).toMatch(/DTSTART:20270906T120000\r?\n/);
    expect(moved.attachments[0].content).toContain(`UID:cita-${data!.id}@notaria`);

    // a change that does not move it (same values) says nothing
    since = Date.now();
    expect((await asAna.from('citas').update({ subject: 'Firma de poder' }).eq('id', data!.id)).error).toBeNull();

    expect((await asAna.from('citas').delete().eq('id', data!.id)).error).toBeNull();
    const cancelled = await mailTo(ANA_EMAIL, 'Cita cancelada', since);
    expect(cancelled.text).toContain('Su cita del 06/09/2027 a las 12:00 ha sido cancelada.');
    expect(cancelled.attachments[0].content).toContain('METHOD:CANCEL');
    expect(cancelled.attachments[0].content).toContain('STATUS:CANCELLED');

    // exactly these three, nothing for the refused booking nor for the change that moved nothing
    const all = (await readOutbox(server.ctx.db)).filter((m) => m.to === ANA_EMAIL && m.subject.startsWith('Cita '));
    expect(all.map((m) => m.subject.split(' - ')[0]).reverse()).toEqual(['Cita confirmada', 'Cita modificada', 'Cita cancelada']);
    expect((await server.ctx.db.query('select count(*)::int as n from app_meta.avisos_citas')).rows[0]).toEqual({ n: 0 });
  });
});
