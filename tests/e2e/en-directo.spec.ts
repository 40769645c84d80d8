import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import type { Browser, Page } from '@playwright/test';
import { expect, rememberEmail, screenshot, signIn, test } from './fixtures';
import { expedienteDeApi, nuevoUsuario } from './expedientes-helpers';
import { serverArgs, serverEnv } from '../../scripts/server-command.mjs';
import { freePort } from '../../scripts/free-port.mjs';
import { E2E_JWT_SECRET } from './global-setup';

/**
 * Live updates through Refine's liveProvider (GET /eventos, server-sent events): two browsers side
 * by side, the client and the office's Lucía (NIF 11111111H); each sees the other's message and the
 * unread count in the navigation within 5 s, without reloading and without polling. And the roles
 * follow the token: the admin deactivates Lucía, and her 'Despacho' entry goes at the next token
 * refresh, without a reload (a server of its own, with 20-second tokens).
 */
const LUCIA = { doc: '11111111H', email: 'lucia.fernandez@notarialopezmartin.example' };

async function contexto(browser: Browser, baseURL = process.env.PORTAL_URL): Promise<Page> {
  const ctx = await browser.newContext({ baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid', viewport: { width: 1366, height: 900 } });
  return ctx.newPage();
}

/** Marks the page: the mark is gone if the page reloads. */
const marcar = (page: Page) => page.evaluate(() => ((window as unknown as { sinRecargar: boolean }).sinRecargar = true));
const sinRecargar = (page: Page) => page.evaluate(() => (window as unknown as { sinRecargar?: boolean }).sinRecargar === true);
const nav = (page: Page) => page.getByRole('navigation', { name: 'Navegación principal' });

test('client and office side by side: messages and unread counts arrive within 5 s, without reloading or polling', async ({ browser }) => {
  test.setTimeout(120_000);
  const cliente = await contexto(browser);
  const oficina = await contexto(browser);
  const { idPersona } = await nuevoUsuario(cliente);
  const titulo = `Compraventa en directo ${Date.now()}`;
  const expedienteId = await expedienteDeApi(cliente, idPersona, titulo);

  rememberEmail(LUCIA.doc, LUCIA.email);
  await signIn(oficina, LUCIA.doc);
  await oficina.goto('/despacho');
  await expect(nav(oficina).getByRole('link', { name: /^Despacho/ })).toBeVisible();

  await cliente.goto(`/expediente/${expedienteId}`);
  await cliente.getByRole('tab', { name: 'Chat' }).click();
  await expect(cliente.getByText('Todavía no hay mensajes. Escriba a la notaría sobre este expediente.')).toBeVisible();
  await marcar(cliente);
  await marcar(oficina);

  // the office is on its list: the client's message shows as unread beside 'Despacho' within 5 s
  await cliente.getByRole('textbox', { name: 'Mensaje' }).fill('Buenos días, ¿necesitan la nota simple?');
  await cliente.getByRole('button', { name: 'Enviar' }).click();
  await expect(nav(oficina).getByLabel('1 mensaje sin leer')).toBeVisible({ timeout: 5_000 });
  await screenshot(oficina, 'en-directo-01-oficina-no-leido');

  // the office opens the case's conversation: the message is there, and the count goes
  await oficina.goto(`/despacho/expedientes/${expedienteId}`);
  await marcar(oficina);
  await oficina.getByRole('tab', { name: 'Conversación' }).click();
  await expect(oficina.getByText('Buenos días, ¿necesitan la nota simple?')).toBeVisible();
  await expect(nav(oficina).getByLabel(/mensajes? sin leer/)).toHaveCount(0, { timeout: 5_000 });

  // both conversations open and idle: nobody asks for the messages (no polling) until one is written
  const pedidas = { cliente: 0, oficina: 0 };
  const contar = (quien: keyof typeof pedidas) => (req: { url(): string; method(): string }) => {
    if (req.method() === 'GET' && req.url().includes(`/expediente/${expedienteId}/mensajes`)) pedidas[quien]++;
  };
  cliente.on('request', contar('cliente'));
  oficina.on('request', contar('oficina'));
  await cliente.waitForTimeout(7_000);
  expect(pedidas).toEqual({ cliente: 0, oficina: 0 });

  // each sees the other's message within 5 s, without reloading
  await oficina.getByRole('textbox', { name: 'Mensaje' }).fill('Sí, por favor. La pedimos nosotros si lo prefiere.');
  await oficina.getByRole('button', { name: 'Enviar' }).click();
  await expect(cliente.getByText('Sí, por favor. La pedimos nosotros si lo prefiere.')).toBeVisible({ timeout: 5_000 });
  await cliente.getByRole('textbox', { name: 'Mensaje' }).fill('Perfecto, muchas gracias.');
  await cliente.getByRole('button', { name: 'Enviar' }).click();
  await expect(oficina.getByText('Perfecto, muchas gracias.')).toBeVisible({ timeout: 5_000 });
  // each has read the other's messages in the open conversation: no unread count stays
  await expect(nav(cliente).getByLabel(/mensajes? sin leer/)).toHaveCount(0, { timeout: 5_000 });
  await expect(nav(oficina).getByLabel(/mensajes? sin leer/)).toHaveCount(0, { timeout: 5_000 });
  expect(await sinRecargar(cliente)).toBe(true);
  expect(await sinRecargar(oficina)).toBe(true);
  await screenshot(cliente, 'en-directo-02-chat-cliente');
  await screenshot(oficina, 'en-directo-03-chat-oficina');

  await cliente.context().close();
  await oficina.context().close();
});

test('when the event stream is refused, the conversation falls back to polling and still shows new messages within 5 s', async ({ browser }) => {
  test.setTimeout(120_000);
  const cliente = await contexto(browser);
  const oficina = await contexto(browser);
  // the server (or a proxy on the way) refuses the stream
  for (const p of [cliente, oficina]) {
    await p.route('**/servicios/eventos', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"No disponible"}' }));
  }
  const { idPersona } = await nuevoUsuario(cliente);
  const expedienteId = await expedienteDeApi(cliente, idPersona, `Herencia sin directo ${Date.now()}`);
  rememberEmail(LUCIA.doc, LUCIA.email);
  await signIn(oficina, LUCIA.doc);
  await oficina.goto(`/despacho/expedientes/${expedienteId}`);
  await oficina.getByRole('tab', { name: 'Conversación' }).click();
  await cliente.goto(`/expediente/${expedienteId}`);
  await cliente.getByRole('tab', { name: 'Chat' }).click();

  await cliente.getByRole('textbox', { name: 'Mensaje' }).fill('¿Me confirman la fecha de la firma?');
  await cliente.getByRole('button', { name: 'Enviar' }).click();
  await expect(oficina.getByText('¿Me confirman la fecha de la firma?')).toBeVisible({ timeout: 5_000 });
  await oficina.getByRole('textbox', { name: 'Mensaje' }).fill('El jueves a las 10:00.');
  await oficina.getByRole('button', { name: 'Enviar' }).click();
  await expect(cliente.getByText('El jueves a las 10:00.')).toBeVisible({ timeout: 5_000 });
  await screenshot(oficina, 'en-directo-07-sin-flujo-oficina');

  await cliente.context().close();
  await oficina.context().close();
});

test.describe('the roles follow the token', () => {
  // a server of its own: Lucía is deactivated there (the other journeys sign in as her), and its tokens last 20 s
  let server: ChildProcess;
  let url = '';
  let dataDir = '';
  const portalUrl = process.env.PORTAL_URL;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    const port = await freePort();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notaria-e2e-roles-'));
    const log = fs.createWriteStream(path.resolve('test-results/e2e-server-roles.log'), { flags: 'w' });
    server = spawn(process.execPath, serverArgs(), {
      env: serverEnv({ ...process.env, PORT: String(port), DATA_DIR: dataDir, JWT_SECRET: E2E_JWT_SECRET, NODE_ENV: 'test', ACCESS_TOKEN_SECONDS: '20', SEGUNDO_FACTOR_OFICINA: 'opcional',
        PIN_INTERVAL_SECONDS: '0', PIN_DAILY_LIMIT: '100000', PIN_IP_HOURLY_LIMIT: '100000' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.pipe(log);
    server.stderr!.pipe(log);
    url = `http://localhost:${port}`;
    const hasta = Date.now() + 60_000;
    for (;;) {
      if ((await fetch(`${url}/nt/demo/v1/servicios/health`).catch(() => null))?.ok) break;
      if (Date.now() > hasta) throw new Error('El servidor de la prueba no arrancó');
      await new Promise((r) => setTimeout(r, 200));
    }
    // signIn reads the PINs from this server's outbox
    process.env.PORTAL_URL = url;
  });

  test.afterAll(async () => {
    process.env.PORTAL_URL = portalUrl;
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("the admin deactivates Lucía: her 'Despacho' entry goes at the next token refresh, without a reload", async ({ browser }) => {
    test.setTimeout(120_000);
    const lucia = await contexto(browser, url);
    const admin = await contexto(browser, url);
    rememberEmail(LUCIA.doc, LUCIA.email);
    await signIn(lucia, LUCIA.doc);
    await lucia.goto('/despacho');
    await expect(nav(lucia).getByRole('link', { name: /^Despacho/ })).toBeVisible();
    await marcar(lucia);
    await screenshot(lucia, 'en-directo-04-lucia-despacho');

    await signIn(admin, '00000000T');
    await admin.goto('/admin/notarias');
    await admin.getByRole('tab', { name: 'Personal' }).click();
    await admin.getByRole('searchbox').fill('Lucía Fernández');
    await admin.getByRole('button', { name: 'Buscar' }).click();
    const fila = admin.getByRole('row').filter({ hasText: 'Lucía Fernández Ruiz' });
    await fila.getByRole('button', { name: 'Desactivar' }).click();
    await expect(fila).toContainText('Inactivo');
    await screenshot(admin, 'en-directo-05-admin-desactiva');

    // her token lasts 20 s: at its end the stream says so, the portal refreshes it, and the new one names no notaría
    await expect(nav(lucia).getByRole('link', { name: /^Despacho/ })).toHaveCount(0, { timeout: 35_000 });
    await expect(nav(lucia).getByRole('link', { name: /^Expedientes/ })).toBeVisible();
    expect(await sinRecargar(lucia)).toBe(true);
    await screenshot(lucia, 'en-directo-06-lucia-sin-despacho');

    await lucia.context().close();
    await admin.context().close();
  });
});
