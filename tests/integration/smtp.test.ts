import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

/**
 * A minimal SMTP server on loopback: it accepts every message and keeps what it was sent, so the
 * test sees the mail nodemailer delivered (envelope and data) as a real mail server would.
 */
function smtpSink() {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let mail = { from: '', to: [] as string[], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let i = buffer.indexOf('\r\n'); i >= 0; i = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(mail);
            mail = { from: '', to: [], data: '' };
            reply('250 queued');
          } else mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 sink');
        else if (verb === 'MAIL') {
          mail.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 ok');
        } else if (verb === 'RCPT') {
          mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 go on');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
  });
  return {
    received,
    listen: () => new Promise<number>((r) => server.listen(0, '127.0.0.1', () => r((server.address() as net.AddressInfo).port))),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('e-mail through SMTP (SMTP_URL)', () => {
  const sink = smtpSink();
  let server: TestServer;

  beforeAll(async () => {
    const port = await sink.listen();
    server = await startTestServer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Notaría <no-reply@notaria.example>' });
  });
  afterAll(async () => {
    await server?.close();
    await sink.close();
  });

  it('sends the sign-in PIN to the user by SMTP, and not to the development outbox', async () => {
    const res = await fetch(`${server.url}/functions/v1/auth-proxy`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'unifiedLogin', username: '12345678Z', tipoDocumento: 'NIF' }),
    });
    expect(res.status).toBe(200);
    expect(sink.received).toHaveLength(1);
    const [mail] = sink.received;
    expect(mail.from).toBe('no-reply@notaria.example');
    expect(mail.to).toEqual(['ana.garcia@example.com']);
    expect(mail.data).toMatch(/\b\d{6}\b/);
    const outbox = (await (await fetch(`${server.url}/dev/outbox`)).json()) as unknown[];
    expect(outbox).toEqual([]);
  });
});
