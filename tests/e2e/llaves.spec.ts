import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { test, expect, type Page } from '@playwright/test';
import { serverArgs, serverEnv } from '../../scripts/server-command.mjs';
import { freePort } from '../../scripts/free-port.mjs';
import { chooseOption } from './fixtures';

/**
 * Passkeys in Chromium with a virtual authenticator (the DevTools protocol's WebAuthn domain), on a
 * server of its own with SEGUNDO_FACTOR_OFICINA=obligatorio (the shared one of global-setup runs
 * 'opcional' for the other journeys): staff walked through adding their first passkey after the
 * PIN, then signing in with it alone; a client adding one from /perfil, seeing its sessions, and
 * signing in with the passkey.
 */
let url = '';
let child: ChildProcess;
let dataDir = '';

test.beforeAll(async () => {
  const port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notaria-llaves-'));
  child = spawn(process.execPath, serverArgs(), {
    env: serverEnv({ ...process.env, PORT: String(port), DATA_DIR: dataDir, JWT_SECRET: 'e2e-llaves-secret-0123456789abcdef0123', NODE_ENV: 'test',
      PIN_INTERVAL_SECONDS: '0', PIN_DAILY_LIMIT: '100000', PIN_IP_HOURLY_LIMIT: '100000', SEGUNDO_FACTOR_OFICINA: 'obligatorio' }),
    stdio: 'ignore',
  });
  url = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(`${url}/nt/demo/v1/servicios/health`).then((r) => r.ok).catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error('El servidor no arrancó en 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
});
test.afterAll(async () => {
  child?.kill('SIGTERM');
  if (child) await new Promise((r) => child.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A platform passkey in this page's Chromium: resident keys, user verified without asking. */
async function autenticadorVirtual(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

async function pin(email: string, since: number): Promise<string> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    const mails = (await (await fetch(`${url}/dev/outbox`)).json()) as { to: string; text: string; sentAt: string }[];
    const mail = mails.find((m) => m.to === email && Date.parse(m.sentAt) >= since - 2000 && /\b\d{6}\b/.test(m.text));
    if (mail) return /\b(\d{6})\b/.exec(mail.text)![1];
  }
  throw new Error(`No llegó el PIN de ${email}`);
}

async function codigoPin(page: Page, documento: string, email: string) {
  await page.goto(`${url}/login`);
  await chooseOption(page, 'Tipo de documento', 'NIF');
  await page.getByLabel('Número de documento').fill(documento);
  await chooseOption(page, 'Notaría');
  const since = Date.now();
  await page.getByRole('button', { name: 'Acceder', exact: true }).click();
  await page.getByLabel('Código PIN').fill(await pin(email, since));
  await page.getByRole('button', { name: 'Acceder', exact: true }).click();
}

const claims = async (page: Page) =>
  page.evaluate(() => JSON.parse(atob(localStorage.getItem('auth_token')!.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>);

async function salir(page: Page) {
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${url}/login`);
}

test('staff are walked through adding a passkey after the PIN, and then sign in with it alone', async ({ page }) => {
  await autenticadorVirtual(page);
  await codigoPin(page, '11111111H', 'lucia.fernandez@notarialopezmartin.example');
  await expect(page.getByRole('heading', { name: 'Segundo factor del despacho' })).toBeVisible();
  // until then the token carries no staff right
  expect((await claims(page)).notarias).toBeUndefined();
  await page.getByRole('button', { name: 'Añadir llave de acceso' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  expect(await claims(page)).toMatchObject({ notarias: [1], aal: 2 });
  await page.goto(`${url}/despacho`);
  await expect(page.getByRole('heading', { name: /Despacho/ }).first()).toBeVisible();

  await salir(page);
  await page.getByRole('button', { name: 'Acceder con llave de acceso' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  expect(await claims(page)).toMatchObject({ notarias: [1], aal: 2, amr: ['passkey'] });
});

test('a client adds a named passkey in /perfil, sees its sessions, signs in with the passkey; removing it from a PIN session asks for it first', async ({ page }) => {
  await autenticadorVirtual(page);
  await codigoPin(page, '12345678Z', 'ana.garcia@example.com');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await page.goto(`${url}/perfil`);
  const llaves = page.getByTestId('perfil-llaves');
  await expect(llaves.getByText('No tiene llaves de acceso.')).toBeVisible();
  await llaves.getByLabel('Nombre de la nueva llave').fill('Portátil de casa');
  await llaves.getByRole('button', { name: 'Añadir llave de acceso' }).click();
  await expect(llaves.getByText('Portátil de casa')).toBeVisible();
  const sesiones = page.getByTestId('perfil-sesiones');
  await expect(sesiones.getByText('Esta sesión')).toBeVisible();
  await expect(sesiones.getByText(/Chrom/).first()).toBeVisible();

  await salir(page);
  await page.getByRole('button', { name: 'Acceder con llave de acceso' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  expect(await claims(page)).toMatchObject({ sub: '00000000-0000-4000-8000-000000000002', amr: ['passkey'] });
  await page.goto(`${url}/perfil`);
  await expect(page.getByTestId('perfil-sesiones').getByText('Llave de acceso ·', { exact: false }).first()).toBeVisible();

  // step-up: in a PIN session, removing the passkey asks for it first (403 paso_adicional), then goes through
  await salir(page);
  await codigoPin(page, '12345678Z', 'ana.garcia@example.com');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await page.goto(`${url}/perfil`);
  const pedida = page.waitForResponse((r) => r.url().includes('/auth/llaves/') && r.request().method() === 'DELETE' && r.status() === 403);
  const confirmada = page.waitForResponse((r) => r.url().endsWith('/auth/passkey/confirmar') && r.status() === 200);
  await page.getByTestId('perfil-llaves').getByRole('button', { name: 'Eliminar Portátil de casa' }).click();
  await page.getByRole('button', { name: 'Eliminar', exact: true }).click();
  expect((await (await pedida).json()).code).toBe('paso_adicional');
  await confirmada;
  await expect(page.getByTestId('perfil-llaves').getByText('No tiene llaves de acceso.')).toBeVisible();
});
