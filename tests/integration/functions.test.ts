import { randomUUID } from 'node:crypto';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readOutbox } from '../../server/mail';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The functions of the admin area, called as the portal calls them: supabase-js
 * functions.invoke against /functions/v1, with the signed-in user's token.
 */

let server: TestServer;
let admin: SupabaseClient;
let assistant: SupabaseClient;
let anon: SupabaseClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = server.supabase(await server.token(randomUUID(), 'admin'));
  assistant = server.supabase(await server.token(randomUUID(), 'assistant'));
  anon = server.supabase();
});
afterAll(() => server?.close());

/** The function's status and JSON answer, whether it succeeded or not. */
async function invoke(client: SupabaseClient, name: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const { data, error } = await client.functions.invoke(name, { body: body as Record<string, unknown> });
  if (!error) return { status: 200, body: data as Record<string, unknown> };
  if (error instanceof FunctionsHttpError) {
    const res = error.context as Response;
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }
  throw error;
}

describe('template-operations', () => {
  it("loadTemplates returns the office's active templates for the act, the act's own before those for every act", async () => {
    const { status, body } = await invoke(assistant, 'template-operations', { action: 'loadTemplates', idPersona: randomUUID(), actoId: 3, notariaId: 1 });
    expect(status).toBe(200);
    const data = body.data as { id: number; acto_id: number | null; definicionactoid: number | null; plantilla: string }[];
    // seed: template 1 is act 3 of office 1, template 4 is office 1's template for every act
    expect(data.map((t) => t.id)).toEqual([1, 4]);
    expect(data[0]).toMatchObject({ acto_id: 3, definicionactoid: 3 });
    expect(data[0].plantilla).toContain('PODER GENERAL');
  });

  it('notariaId is the office idint, as expedientes carry it; an unknown office has no templates', async () => {
    const other = await invoke(assistant, 'template-operations', { action: 'loadTemplates', actoId: 3, notariaId: 2 });
    expect((other.body.data as { id: number }[]).map((t) => t.id)).toEqual([5]);
    const none = await invoke(assistant, 'template-operations', { action: 'loadTemplates', actoId: 3, notariaId: 999 });
    expect(none).toEqual({ status: 200, body: { data: [] } });
  });

  it('hides a deactivated template from non-admins (RLS with the caller token), the authToken of the body works too', async () => {
    const { rows } = await server.ctx.db.query<{ id: number }>(
      `insert into public.plantillas_escrituras (nombre, plantilla, acto_id, notaria_id, activo) values ('Retirada', 'x', 3, 3, false) returning id::int as id`,
    );
    const asAssistant = await invoke(assistant, 'template-operations', { action: 'loadTemplates', actoId: 3, notariaId: 3 });
    expect((asAssistant.body.data as { id: number }[]).map((t) => t.id)).toEqual([7]);
    const adminToken = await server.token(randomUUID(), 'admin');
    const res = await fetch(`${server.url}/functions/v1/template-operations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'loadTemplates', authToken: adminToken, actoId: 3, notariaId: 3 }),
    });
    // the function asks only for active templates, whoever calls
    expect(((await res.json()) as { data: { id: number }[] }).data.map((t) => t.id)).not.toContain(rows[0].id);
  });

  it.each([
    [{ action: 'borrarTodo', actoId: 3, notariaId: 1 }, 'Acción no válida'],
    [{ action: 'loadTemplates', notariaId: 1 }, 'El acto no es válido'],
    [{ action: 'loadTemplates', actoId: 3 }, 'Falta el identificador interno de la notaría'],
    [{ action: 'loadTemplates', actoId: 'tres', notariaId: 1 }, 'El acto no es válido'],
  ])('answers 400 with a Spanish message for %j', async (body, message) => {
    expect(await invoke(assistant, 'template-operations', body)).toEqual({ status: 400, body: { message } });
  });
});

describe('send-calendar-invitation', () => {
  const outbox = () => readOutbox(server.ctx.db, 100);
  let before: number;
  beforeEach(async () => {
    before = (await outbox()).length;
  });

  const request = (over: Record<string, unknown> = {}) => ({
    notarioId: 1,
    notarioName: 'Carmen López Martín',
    notarioEmail: 'carmen.lopez@notarialopezmartin.example',
    calendarType: 'google',
    notariaName: 'Notaría López Martín',
    ...over,
  });

  it.each(['lovable', 'none', undefined])("answers 'No es necesario' for calendar type %s and sends nothing", async (calendarType) => {
    expect(await invoke(admin, 'send-calendar-invitation', request({ notarioId: 2, calendarType }))).toEqual({
      status: 200,
      body: { message: 'No es necesario', sent: false },
    });
    expect((await outbox()).length).toBe(before);
  });

  it('e-mails a google staff member an iCalendar invitation with their weekly availability and upcoming appointments', async () => {
    await server.ctx.db.query(
      `insert into public.citas (user_id, client_id, notaria_id, staff_id, subject, date, time, type)
       values ($1, $1, 1, 1, 'Firma', current_date + 30, '10:00', 'presencial')`,
      [randomUUID()],
    );
    const answer = await invoke(admin, 'send-calendar-invitation', request());
    expect(answer).toEqual({ status: 200, body: { message: 'Invitación enviada a carmen.lopez@notarialopezmartin.example', sent: true } });

    const [mail] = await outbox();
    expect(mail).toMatchObject({ to: 'carmen.lopez@notarialopezmartin.example', subject: 'Invitación de calendario - Notaría López Martín' });
    const [attachment] = mail.attachments as { filename: string; content: string; contentType: string }[];
    expect(attachment.filename).toBe('invitacion.ics');
    expect(attachment.contentType).toContain('text/calendar');
    const ics = attachment.content.replace(/\r\n[ \t]/g, ''); // unfold long lines (RFC 5545)
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');
    expect(ics).toMatch(/DTSTART:\d{8}T090000\r\n/);
    expect(ics).toMatch(/ATTENDEE;[^\r\n]*mailto:carmen\.lopez@notarialopezmartin\.example/);
    expect(ics).toContain('SUMMARY:Cita: Firma');
    expect(ics.trimEnd()).toMatch(/END:VCALENDAR$/);
  });

  it('office365 works as well; the address comes from the staff record, never from the request', async () => {
    const answer = await invoke(admin, 'send-calendar-invitation', request({ notarioId: 3, calendarType: 'office365', notarioEmail: 'atacante@example.com' }));
    expect(answer.body).toMatchObject({ sent: true });
    const [mail] = await outbox();
    expect(mail.to).toBe('jordi.puig@notariapuigferrer.example');
    expect((await outbox()).some((m) => m.to === 'atacante@example.com')).toBe(false);
  });

  it('a staff member whose record says lovable needs nothing, whatever the request says', async () => {
    expect(await invoke(admin, 'send-calendar-invitation', request({ notarioId: 2, calendarType: 'google' }))).toEqual({
      status: 200,
      body: { message: 'No es necesario', sent: false },
    });
  });

  it('only admins may send it; anonymous callers are asked to sign in', async () => {
    expect(await invoke(assistant, 'send-calendar-invitation', request())).toEqual({
      status: 403,
      body: { message: 'Solo un administrador puede enviar invitaciones de calendario' },
    });
    const res = await fetch(`${server.url}/functions/v1/send-calendar-invitation`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(request()) });
    expect(res.status).toBe(401);
    expect(anon).toBeDefined();
    expect((await outbox()).length).toBe(before);
  });

  it('answers 404 for an unknown staff member, 400 for a malformed one or body', async () => {
    expect(await invoke(admin, 'send-calendar-invitation', request({ notarioId: 9999 }))).toEqual({ status: 404, body: { message: 'Personal no encontrado' } });
    expect(await invoke(admin, 'send-calendar-invitation', request({ notarioId: 'uno' }))).toEqual({ status: 400, body: { message: 'El miembro del personal no es válido' } });
    const res = await fetch(`${server.url}/functions/v1/send-calendar-invitation`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{no' });
    expect(res.status).toBe(400);
    expect((await outbox()).length).toBe(before);
  });

  it('refuses a deactivated staff member', async () => {
    const { rows } = await server.ctx.db.query<{ id: number }>(
      `insert into public.personal (name, email, position, notaria_id, calendar_type, is_active) values ('Baja', 'baja@n.example', 'Oficial', 1, 'google', false) returning id::int as id`,
    );
    expect(await invoke(admin, 'send-calendar-invitation', request({ notarioId: rows[0].id }))).toEqual({
      status: 409,
      body: { message: 'El miembro del personal está desactivado' },
    });
  });
});
