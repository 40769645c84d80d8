import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { nuevoNif } from './personas.fixtures';

/**
 * Sign-in limits a stranger cannot turn against the owner (issue 30): the daily PIN cap of a
 * document and the lock of wrong PINs keep protecting the mailbox and the PINs, but strangers
 * from other addresses, or sharing the owner's address, do not lock the owner out.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

type Answer = { status: number; body: Record<string, unknown> };

async function proxy(body: unknown, ip: string): Promise<Answer> {
  const res = await fetch(`${s.url}/functions/v1/auth-proxy`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function pinSentTo(email: string): Promise<string> {
  const mails = (await (await fetch(`${s.url}/dev/outbox`)).json()) as { to: string; text: string }[];
  const mail = mails.find((m) => m.to === email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return /\b(\d{6})\b/.exec(mail.text)![1];
}

/** Lets the "one PIN a minute" window pass for a document. */
const aMinuteLater = (doc: string) =>
  s.ctx.db.query(`update servicios.pins set created_at = created_at - interval '61 seconds' where numero_documento = $1`, [doc]);

const wrong = (pin: string) => String((Number(pin) + 1) % 1_000_000).padStart(6, '0');

async function registered(ip: string): Promise<{ doc: string; email: string }> {
  const doc = nuevoNif();
  const email = `titular.${doc}@example.com`;
  const base = { username: doc, tipoDocumento: 'NIF', canal: email, tipoCanal: 'EMAIL' };
  expect((await proxy({ ...base, action: 'registerUser' }, ip)).status).toBe(200);
  expect((await proxy({ ...base, action: 'registerUserPincode', pincode: await pinSentTo(email) }, ip)).status).toBe(200);
  await aMinuteLater(doc);
  return { doc, email };
}

async function signIn(doc: string, email: string, ip: string, dispositivo?: string): Promise<Answer> {
  const asked = await proxy({ action: 'unifiedLogin', username: doc, ...(dispositivo ? { dispositivo } : {}) }, ip);
  if (asked.status !== 200) return asked;
  return proxy({ action: 'loginWithPincode', username: doc, pincode: await pinSentTo(email), externalIdNotaria: 'NOT001', ...(dispositivo ? { dispositivo } : {}) }, ip);
}

/** A stranger asks for the document's PINs until refused; answers how many went out. */
async function exhaust(doc: string, ip: string): Promise<number> {
  for (let sent = 0; sent < 50; sent++) {
    const r = await proxy({ action: 'unifiedLogin', username: doc }, ip);
    if (r.status !== 200) {
      expect(r.body.message).toBe('Se ha alcanzado el número máximo de códigos PIN por hoy. Inténtelo mañana.');
      return sent;
    }
    await aMinuteLater(doc);
  }
  throw new Error('never capped');
}

describe("the daily PIN cap of a document does not lock its owner out", () => {
  it('ten anonymous requests from one address cap that address; the owner elsewhere still signs in', async () => {
    const { doc, email } = await registered('198.18.1.1');
    expect(await exhaust(doc, '198.18.1.2')).toBe(10);
    const owner = await signIn(doc, email, '198.18.1.3');
    expect(owner.status).toBe(200);
  });

  it("strangers from many addresses exhaust the anonymous PINs; the owner's browser that signed in before still gets one", async () => {
    const { doc, email } = await registered('198.18.2.1');
    const first = await signIn(doc, email, '198.18.2.1');
    expect(first.status).toBe(200);
    const dispositivo = first.body.dispositivo as string;
    expect(dispositivo).toMatch(/^[\w-]+\.[\w-]+$/);
    await aMinuteLater(doc);

    for (let i = 2; i < 10; i++) await exhaust(doc, `198.18.2.${i}`);
    // a new browser is refused now: the mail volume of the document stays bounded
    const stranger = await proxy({ action: 'unifiedLogin', username: doc }, '198.18.2.50');
    expect(stranger.status).toBe(429);
    // the owner's browser is not
    expect((await signIn(doc, email, '198.18.2.60', dispositivo)).status).toBe(200);
    // a device token of another account is worth nothing
    const other = await registered('198.18.2.70');
    const otherSession = await signIn(other.doc, other.email, '198.18.2.70');
    expect((await proxy({ action: 'unifiedLogin', username: doc, dispositivo: otherSession.body.dispositivo }, '198.18.2.71')).status).toBe(429);
  });
});

describe('wrong PINs at a shared address lock the account tried there, not everyone', () => {
  it("one person's five wrong PINs do not stop another at the same address from registering or signing in", async () => {
    const shared = '198.18.3.1';
    const a = await registered(shared);
    const b = await registered('198.18.3.2');
    expect((await proxy({ action: 'unifiedLogin', username: a.doc }, shared)).status).toBe(200);
    const pin = await pinSentTo(a.email);
    for (let i = 0; i < 5; i++) {
      await proxy({ action: 'loginWithPincode', username: a.doc, pincode: wrong(pin), externalIdNotaria: 'NOT001' }, shared);
    }
    // A is locked at that address...
    await aMinuteLater(a.doc);
    const locked = await signIn(a.doc, a.email, shared);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/^Demasiados intentos fallidos/);
    // ...but not elsewhere
    await aMinuteLater(a.doc);
    expect((await signIn(a.doc, a.email, '198.18.3.9')).status).toBe(200);
    // and the others behind the same address sign in and register
    expect((await signIn(b.doc, b.email, shared)).status).toBe(200);
    await registered(shared);
  });
});
