/** Signs in through the real PIN flow: auth-proxy unifiedLogin, PIN from /dev/outbox, loginWithPincode. */
import { sleep } from './stats.js';

export const DEMO_CLIENT = '12345678Z';
export const DEMO_ADMIN = '00000000T';
export const DEMO_CLIENT_NIE = 'X1234567L';
/** The seeded staff member ('Oficial' of notaría 1, NOT001): the office's /despacho. */
export const DEMO_STAFF = '11111111H';

export interface Session {
  accessToken: string;
  refreshToken: string;
  idPersona: string;
}

async function authProxy(url: string, body: Record<string, unknown>) {
  const res = await fetch(`${url}/functions/v1/auth-proxy`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

async function newestPin(url: string, since: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await fetch(`${url}/dev/outbox`);
    const mails = (await res.json()) as { text: string; sentAt: string }[];
    const mail = mails.find((m) => new Date(m.sentAt).getTime() >= since - 1000);
    const pin = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
    if (pin) return pin;
    if (Date.now() > deadline) throw new Error('no PIN arrived in /dev/outbox');
    await sleep(50);
  }
}

export async function signIn(url: string, documento: string, externalIdNotaria = 'NOT001'): Promise<Session> {
  for (let attempt = 1; ; attempt++) {
    const since = Date.now();
    const tipoDocumento = /^[XYZ]/i.test(documento) ? 'NIE' : 'NIF';
    const sent = await authProxy(url, { action: 'unifiedLogin', username: documento, tipoDocumento });
    if (sent.status !== 200) throw new Error(`unifiedLogin ${documento}: ${sent.status} ${JSON.stringify(sent.body)}`);
    const pincode = await newestPin(url, since);
    const login = await authProxy(url, { action: 'loginWithPincode', username: documento, pincode, externalIdNotaria });
    if (login.status === 200) {
      const b = login.body as { access_token: string; refresh_token: string; idPersona: string };
      return { accessToken: b.access_token, refreshToken: b.refresh_token, idPersona: b.idPersona };
    }
    if (attempt >= 3) throw new Error(`loginWithPincode ${documento}: ${login.status} ${JSON.stringify(login.body)}`);
  }
}
