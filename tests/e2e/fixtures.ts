import path from 'node:path';
import { adminTabs } from '../../resources';
import { sampleStore } from '../support/samples';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

/** Every journey runs against the server that global-setup started. */
export const test = base.extend<{ ownContextsClosed: void }>({
  baseURL: async ({}, use) => {
    await use(process.env.PORTAL_URL);
  },
  // The contexts a journey opens itself (browser.newContext: a second person, another size) close
  // with it. Left open, their pages kept live connections and clocks running in the worker's
  // browser, and the journeys after them ran slower: a CI failure's screenshots showed the pages
  // of journeys long finished. After `context`, so Playwright's own context closes as usual.
  ownContextsClosed: [
    async ({ browser, context }, use) => {
      const before = new Set([...browser.contexts(), context]);
      await use();
      await Promise.all(browser.contexts().filter((c) => !before.has(c)).map((c) => c.close().catch(() => undefined)));
    },
    { auto: true },
  ],
});

export { expect };

/** Saves a screenshot under test-results/screenshots/ (looked at by people, kept by CI). */
export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: path.join('test-results', 'screenshots', `${name}.png`), fullPage: true });
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

/** The development outbox, newest first. */
export async function outbox(): Promise<OutboxMail[]> {
  const res = await fetch(`${process.env.PORTAL_URL}/dev/outbox`);
  return (await res.json()) as OutboxMail[];
}

/** E-mails of the demo users (server/db/seed.sql); users registered by a test are added by rememberEmail. */
const KNOWN_EMAILS = new Map<string, string>([
  ['00000000T', 'admin@notaria.example'],
  ['12345678Z', 'ana.garcia@example.com'],
  ['X1234567L', 'john.smith@example.com'],
]);

/** Tells signIn where the PINs of a user registered by the test arrive. */
export function rememberEmail(documento: string, email: string) {
  KNOWN_EMAILS.set(documento.toUpperCase(), email);
}

/** A valid random NIF (8 digits + the mod-23 control letter), new for every call. */
export function randomNif(): string {
  const number = Math.floor(Math.random() * 100_000_000);
  return `${String(number).padStart(8, '0')}${'TRWAGMYFPDXBNJZSQVHLCKE'[number % 23]}`;
}

/**
 * Waits for the newest PIN e-mailed after `since` (to `email` when known, else with `subject`)
 * and answers its 6 digits.
 */
export async function pinFromOutbox(since: number, email?: string, subject = 'Su código de acceso'): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    // the newest mail that carries a PIN (the same person may also get e.g. an appointment e-mail)
    const mail = (await outbox()).find(
      (m) =>
        Date.parse(m.sentAt) >= since - 2_000 &&
        (email ? m.to.toLowerCase() === email.toLowerCase() : m.subject === subject) &&
        /\b\d{6}\b/.test(m.text),
    );
    const pin = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
    if (pin) return pin;
    if (Date.now() > deadline) throw new Error(`No llegó ningún código PIN${email ? ` para ${email}` : ''}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Opens the antd select whose input is `input`. On a page still busy re-rendering (just after a
 * save, under load), a click on the select was seen to open nothing: it clicks again, only while
 * the input does not say it is open (aria-expanded), so an open list is never toggled shut.
 */
export async function openSelect(input: Locator) {
  await expect(async () => {
    if ((await input.getAttribute('aria-expanded')) !== 'true') await input.click({ force: true });
    await expect(input).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

/**
 * Clicks an item of an antd dropdown menu. A click that lands while the menu is still opening was
 * seen to do nothing (the menu stays open, no request is sent): it clicks again while the item is
 * still shown. A click that was taken closes the menu (or leaves the page), which ends the loop.
 */
export async function clickMenuItem(item: Locator) {
  await expect(async () => {
    if (await item.isVisible()) await item.click({ timeout: 2_000 });
    await expect(item).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

/**
 * Waits until an antd dialog has finished opening. Its zoom moves the content between a click's
 * press and release, and the click then reaches their common ancestor, not the button under the
 * pointer (seen in CI: a category of 'Nuevo acto' clicked 60 ms after the dialog opened, and
 * nothing happened).
 */
export async function opened(dialog: Locator) {
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/-(?:appear|enter)\b/);
}

/** The antd select whose input is labelled `label` (its root element, to click or read). */
export function antSelect(page: Page, label: string) {
  return page.locator('.ant-select').filter({ has: page.getByLabel(label, { exact: true }) });
}

/**
 * Picks the option containing `option` (the first one when omitted) in the select labelled `label`:
 * a native <select> (the login page) or an antd Select, opened as a user does.
 */
export async function chooseOption(page: Page, label: string, option?: string) {
  const control = page.getByLabel(label, { exact: true });
  if ((await control.evaluate((el) => el.tagName)) === 'SELECT') {
    const options = control.locator('option:not([disabled])');
    await expect(options.first()).toBeAttached();
    const value = await (option ? options.filter({ hasText: option }).first() : options.first()).getAttribute('value');
    await control.selectOption(value!);
    return;
  }
  const listId = await page.getByLabel(label, { exact: true }).getAttribute('aria-controls');
  await antSelect(page, label).click();
  // this select's own dropdown (another one may still be fading out)
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').filter({ has: page.locator(`[id="${listId}"]`) });
  const options = dropdown.locator('.ant-select-item-option');
  await (option ? options.filter({ hasText: option }).first() : options.first()).click();
}

/**
 * Signs in through the login screen with the real PIN flow: document (type from its first
 * letter: X/Y/Z = NIE, else NIF), notaría (its visible name; the first one when omitted), the
 * PIN read from the outbox. Ends on the page after sign-in (/datos-personales or ?to=).
 * Retries when a parallel sign-in of the same user replaced the PIN.
 */
export async function signIn(page: Page, documento: string, notaria?: string): Promise<void> {
  const numero = documento.toUpperCase();
  for (let attempt = 1; ; attempt++) {
    if (attempt > 1 || !/\/login/.test(page.url())) await page.goto('/login');
    await chooseOption(page, 'Tipo de documento', /^[XYZ]/.test(numero) ? 'NIE' : 'NIF');
    await page.getByLabel('Número de documento').fill(numero);
    await chooseOption(page, 'Notaría', notaria);
    const since = Date.now();
    await page.getByRole('button', { name: 'Acceder', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Introducir Código de Acceso' })).toBeVisible();
    await page.getByLabel('Código PIN').fill(await pinFromOutbox(since, KNOWN_EMAILS.get(numero)));
    await page.getByRole('button', { name: 'Acceder', exact: true }).click();
    const outcome = await Promise.race([
      page
        .waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 })
        .then(() => 'ok' as const)
        .catch(() => 'timeout' as const),
      page
        .getByText('Error de acceso')
        .waitFor({ timeout: 15_000 })
        .then(() => 'error' as const)
        .catch(() => 'timeout' as const),
    ]);
    if (outcome === 'ok') return;
    if (attempt >= 3) throw new Error(`No se pudo iniciar sesión como ${numero}`);
  }
}

async function authProxy(body: Record<string, unknown>): Promise<{ status: number; message?: string }> {
  const res = await fetch(`${process.env.PORTAL_URL}/functions/v1/auth-proxy`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, ...((await res.json()) as { message?: string }) };
}

/**
 * Registers a new natural person through the auth-proxy (no browser), so a journey can sign in
 * as a user nobody else uses. Answers its NIF and e-mail; signIn(page, documento) then works.
 */
export async function registerUser(documento = randomNif(), email = `e2e.${documento.toLowerCase()}@example.com`) {
  const since = Date.now();
  const pedido = await authProxy({ action: 'registerUser', username: documento, tipoDocumento: 'NIF', canal: email, tipoCanal: 'EMAIL' });
  if (pedido.status !== 200) throw new Error(`registerUser: ${pedido.status} ${pedido.message}`);
  const pincode = await pinFromOutbox(since, email);
  const hecho = await authProxy({ action: 'registerUserPincode', username: documento, tipoDocumento: 'NIF', canal: email, tipoCanal: 'EMAIL', pincode });
  if (hecho.status !== 200) throw new Error(`registerUserPincode: ${hecho.status} ${hecho.message}`);
  rememberEmail(documento, email);
  return { documento, email };
}

/**
 * Waits until the page has loaded what it loads on its own: no request in flight for half a second,
 * not counting the live event stream (GET /eventos), which stays open while a signed-in page is
 * shown (Playwright's 'networkidle' would never come).
 */
export async function settled(page: Page, quietMs = 500, timeout = 30_000): Promise<void> {
  const live = (url: string) => new URL(url).pathname.endsWith('/eventos');
  const inflight = new Set<unknown>();
  let last = Date.now();
  const start = (req: { url(): string }) => {
    if (live(req.url())) return;
    inflight.add(req);
    last = Date.now();
  };
  const end = (req: { url(): string }) => {
    if (inflight.delete(req)) last = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  try {
    await page.waitForLoadState('load');
    const deadline = Date.now() + timeout;
    // requests started before this call are seen when they finish, as new resource timing entries
    const finished = () => page.evaluate(() => performance.getEntriesByType('resource').filter((e) => !e.name.endsWith('/eventos')).length);
    let seen = await finished();
    for (;;) {
      const now = await finished();
      if (now !== seen) [seen, last] = [now, Date.now()];
      if (inflight.size === 0 && Date.now() - last >= quietMs) break;
      if (Date.now() > deadline) throw new Error(`la página no terminó de cargar en ${timeout} ms`);
      await page.waitForTimeout(50);
    }
  } finally {
    page.off('request', start);
    page.off('requestfinished', end);
    page.off('requestfailed', end);
  }
}

/**
 * One sample row of every admin tab's resource (and of the rows it refers to), stored through
 * /rest/v1 as the signed-in admin: each tab of the registry has a row to show without the seed.
 */
export async function storeAdminSamples(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const samples = sampleStore(async (table, row) => {
    const res = await page.request.post(`/rest/v1/${table}`, {
      headers: { apikey: 'public-anon-key', Authorization: `Bearer ${token}`, Prefer: 'return=representation' },
      data: row,
    });
    expect(res.status(), `${table}: ${await res.text()}`).toBe(201);
    return ((await res.json()) as { id: number }[])[0].id;
  }, undefined, Date.now() % 100_000_000);
  for (const config of adminTabs) await samples.store(config);
}
