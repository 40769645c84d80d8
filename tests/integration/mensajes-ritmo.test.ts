import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../server/mail';
import { enviarAvisosMensajes } from '../../server/avisos-mensajes';
import { startTestServer, type TestServer } from '../support/server';
import { ANA } from '../support/sign-in';
import { mensajeDemasiadosMensajes } from '../../domain/mensajes';

/**
 * Issue 31, item 12: 400 messages of 4,000 characters in 4 s were all accepted, then 8 notice
 * e-mails left for the notaría within a second. A rate per account and case; one unread notice
 * per case and period.
 */
let s: TestServer;
let ana: string;
let expediente: string;

const escribir = (texto: string, id = expediente) => s.api(`/expediente/${id}/mensajes`, { method: 'POST', token: ana, json: { texto } });
const guardados = async (id = expediente) => (await s.ctx.db.query<{ n: number }>('select count(*)::int as n from servicios.mensajes where expediente_id = $1', [id])).rows[0].n;

async function nuevoCaso(titulo: string) {
  const r = await s.api('/expediente', { method: 'POST', token: ana, json: { titulo, dueDate: '2030-12-31', personaId: ANA.personaId, notariaId: 1, links: [] } });
  return (await r.json()).id as string;
}

beforeAll(async () => {
  s = await startTestServer({ mensajesPorMinuto: 5 });
  ana = await s.token(ANA.personaId);
  expediente = await nuevoCaso('Conversación');
});
afterAll(() => s?.close());

describe('the pace of a conversation', () => {
  it('40 messages at once from one account in one case: the configured 5 pass, the rest 429 with the reason, nothing else stored', async () => {
    const texto = 'x'.repeat(4000);
    const answers = await Promise.all(Array.from({ length: 40 }, () => escribir(texto)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((x) => x === 201).length).toBe(5);
    expect(statuses.filter((x) => x === 429).length).toBe(35);
    expect((await answers.find((r) => r.status === 429)!.json()).message).toBe(mensajeDemasiadosMensajes(5));
    expect(await guardados()).toBe(5);
    // another case of the same account has its own count; a minute later the case takes messages again
    const otro = await nuevoCaso('Otro');
    expect((await escribir('Hola', otro)).status).toBe(201);
    await s.ctx.db.query(`update servicios.mensajes set creado_en = creado_en - interval '2 minutes' where expediente_id = $1`, [expediente]);
    expect((await escribir('Ya puedo')).status).toBe(201);
  });
});

describe('unread notices', () => {
  it('one e-mail per case and side a period, however many rounds find waiting messages', async () => {
    const caso = await nuevoCaso('Avisos');
    for (let ronda = 0; ronda < 8; ronda++) {
      for (let i = 0; i < 3; i++) expect((await escribir(`m${ronda}-${i}`, caso)).status).toBe(201);
      await s.ctx.db.query(`update servicios.mensajes set creado_en = now() - interval '11 minutes' where expediente_id = $1`, [caso]);
      await enviarAvisosMensajes(s.ctx.db, 60);
    }
    // the sender loop mails what was queued: waited for (up to 10 s on a busy machine), then counted
    const avisos = async () => (await readOutbox(s.ctx.db, 500)).filter((m) => m.subject.includes('«Avisos»')).length;
    for (const limite = Date.now() + 10_000; (await avisos()) === 0 && Date.now() < limite; ) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 300));
    expect(await avisos()).toBe(1);
    // once the period is over, the messages that waited go in one more e-mail
    await s.ctx.db.query(`update servicios.avisos_mensajes set enviado_en = now() - interval '61 minutes' where expediente_id = $1`, [caso]);
    expect(await enviarAvisosMensajes(s.ctx.db, 60)).toBe(21);
  });
});
