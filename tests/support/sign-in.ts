import type { TestServer } from './server';

/**
 * Signs in through the real auth-proxy function with a PIN read from the development outbox, as
 * the portal does. Each caller should use its own address (ip), so per-address caps do not mix.
 */
export async function signIn(
  server: TestServer,
  doc: string,
  email: string,
  ip: string,
  notaria = 'NOT001',
): Promise<{ access_token: string; refresh_token: string; idPersona: string }> {
  const proxy = async (body: unknown) => {
    const res = await fetch(`${server.url}/functions/v1/auth-proxy`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (res.status !== 200) throw new Error(`auth-proxy ${res.status}: ${JSON.stringify(json)}`);
    return json;
  };
  // a previous sign-in of the same document within a minute would be refused ("one PIN a minute")
  await server.ctx.db.query(`update servicios.pins set created_at = created_at - interval '61 seconds' where numero_documento = $1`, [doc]);
  await proxy({ action: 'unifiedLogin', username: doc });
  const mails = (await (await fetch(`${server.url}/dev/outbox`)).json()) as { to: string; text: string }[];
  const mail = mails.find((m) => m.to === email);
  if (!mail) throw new Error(`no mail to ${email}`);
  const pin = /\b(\d{6})\b/.exec(mail.text)![1];
  return (await proxy({ action: 'loginWithPincode', username: doc, pincode: pin, externalIdNotaria: notaria })) as never;
}

/** The claims of a JWT, unverified (the test reads what the server wrote). */
export const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

export const LUCIA = { doc: '11111111H', email: 'lucia.fernandez@notarialopezmartin.example', personaId: '00000000-0000-4000-8000-000000000004' };
export const ANA = { doc: '12345678Z', email: 'ana.garcia@example.com', personaId: '00000000-0000-4000-8000-000000000002' };
export const JOHN = { doc: 'X1234567L', email: 'john.smith@example.com', personaId: '00000000-0000-4000-8000-000000000003' };
