import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import { PGlite } from '@electric-sql/pglite';
import { build } from 'vite';
import { test, expect, screenshot, signIn } from './fixtures';
import { E2E_JWT_SECRET } from './global-setup';
import { buildServer, serverArgs, serverEnv } from '../../scripts/server-command.mjs';
import { freePort } from '../../scripts/free-port.mjs';
import { catalogueSql } from '../../domain/resource-policies';
import idiomas from '../fixtures/resource-idiomas';

/**
 * The catalogue of docs/adding-a-resource.md (idiomas, tests/fixtures/) in the browser, registered
 * at test time as tests/integration/resource-fixture.test.ts does: the SPA is built once more, into
 * test-results/, with resources/fixtures.ts replaced by tests/fixtures/registered.ts (a build only
 * this journey uses: dist/ and `npm start` never hold a fixture), and served by a server of its own
 * (the server bundle, as global-setup starts it) whose database also ran tests/fixtures/idiomas.sql. The admin follows its link from /admin/notarias, creates a language,
 * meets the unique-code message under Código, deletes it, finds it under 'Ver eliminados' and
 * restores it: the generated views, messages and deletion, from the declaration alone.
 */

const OUT = path.resolve('test-results/dist-fixtures');
const SOURCES = ['src', 'domain', 'providers', 'resources', 'tests/fixtures', 'index.html', 'formulario.html', 'vite.config.ts', 'package-lock.json'];
const newest = (p: string): number => {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  return st.isDirectory() ? Math.max(0, ...fs.readdirSync(p).map((f) => newest(path.join(p, f)))) : st.mtimeMs;
};

/** The SPA with the fixture registered; built again only when a source is newer than it. */
async function buildWithFixtures() {
  const built = fs.existsSync(path.join(OUT, 'index.html')) ? fs.statSync(path.join(OUT, 'index.html')).mtimeMs : 0;
  if (built && built >= Math.max(...SOURCES.map(newest))) return;
  await build({
    configFile: path.resolve('vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: OUT, emptyOutDir: true },
    plugins: [
      {
        name: 'resource-fixtures',
        enforce: 'pre',
        resolveId(source, importer) {
          if (source === './fixtures' && importer?.endsWith(`${path.sep}resources${path.sep}index.ts`)) return path.resolve('tests/fixtures/registered.ts');
          return null;
        },
      },
    ],
  });
}

const ADMIN = '00000000T';
let dataDir: string;
let child: ChildProcess | undefined;
let portalUrl: string | undefined;

/** The server bundle on DATA_DIR serving the fixture build; resolves once it answers. */
async function startPortal(port: number): Promise<ChildProcess> {
  const log = fs.createWriteStream(path.resolve('test-results/e2e-fixture-server.log'), { flags: 'a' });
  const proc = spawn(process.execPath, serverArgs(), {
    env: serverEnv({ ...process.env, PORT: String(port), DATA_DIR: dataDir, DIST_DIR: OUT, JWT_SECRET: E2E_JWT_SECRET, NODE_ENV: 'test', SEGUNDO_FACTOR_OFICINA: 'opcional', PIN_INTERVAL_SECONDS: '0', PIN_DAILY_LIMIT: '100000', PIN_IP_HOURLY_LIMIT: '100000' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.pipe(log);
  proc.stderr!.pipe(log);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error('El servidor terminó; vea test-results/e2e-fixture-server.log');
    if (await fetch(`http://localhost:${port}/nt/demo/v1/servicios/health`).then((r) => r.ok, () => false)) return proc;
    if (Date.now() > deadline) throw new Error('El servidor no arrancó en 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
}
const stop = async (proc: ChildProcess | undefined) => {
  if (!proc || proc.exitCode !== null) return;
  proc.kill('SIGTERM');
  await new Promise((r) => proc.once('exit', r));
};

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  await buildWithFixtures();
  buildServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notaria-e2e-fixture-'));
  const port = (await freePort()) as number;
  // once to create and migrate the database, then the fixture's migration, then for the journey
  await stop(await startPortal(port));
  const db = await PGlite.create(dataDir);
  await db.exec(fs.readFileSync('tests/fixtures/idiomas.sql', 'utf8'));
  // its grants and RLS from its declaration, as the runner states them with idiomas in the registry
  await db.exec(catalogueSql(idiomas));
  await db.close();
  child = await startPortal(port);
  // this file's journeys (baseURL, the outbox with the PIN) go to this server
  portalUrl = process.env.PORTAL_URL;
  process.env.PORTAL_URL = `http://localhost:${port}`;
});

test.afterAll(async () => {
  process.env.PORTAL_URL = portalUrl;
  await stop(child);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const toast = (page: Page, text: string) => page.locator('.ant-notification-notice').filter({ hasText: text }).first();
async function search(page: Page, text: string) {
  await page.getByRole('searchbox').fill(text);
  await page.getByRole('button', { name: 'Buscar' }).click();
}

test('idiomas, declared once: its page linked from the admin area, a duplicate code under Código, deleted, listed under Ver eliminados and restored', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, ADMIN);
  await page.goto('/admin/notarias');
  await page.getByRole('navigation', { name: 'Otros catálogos' }).getByRole('link', { name: 'Idiomas' }).click();
  await expect(page).toHaveURL(/\/admin\/recursos\/idiomas(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Idiomas', level: 2 })).toBeVisible();

  // the table is new in this server's database: any code is free
  const codigo = 'eu';
  const nombre = `Idioma ${randomUUID().slice(0, 6)}`;
  await page.getByRole('button', { name: 'Crear idioma' }).click();
  let form = dialog(page, 'Crear idioma');
  await form.getByLabel('Nombre').fill(nombre);
  await form.getByLabel('Código').fill(codigo.toUpperCase());
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page, 'Idioma guardado')).toBeVisible();
  await expect(form).toBeHidden();
  await search(page, nombre);
  await expect(row(page, nombre)).toContainText(codigo);

  // another language with the same code: the message is under Código, not under Nombre
  await page.getByRole('button', { name: 'Crear idioma' }).click();
  form = dialog(page, 'Crear idioma');
  await form.getByLabel('Nombre').fill(`${nombre} bis`);
  await form.getByLabel('Código').fill(codigo);
  await form.getByRole('button', { name: 'Guardar' }).click();
  const field = (label: string) => form.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) });
  await expect(field('Código').locator('.ant-form-item-explain-error')).toHaveText('Ya existe un idioma con este código.');
  await expect(field('Nombre').locator('.ant-form-item-explain-error')).toHaveCount(0);
  await screenshot(page, 'recurso-fixture-codigo-repetido');
  await form.getByRole('button', { name: 'Cancelar' }).click();
  await expect(form).toBeHidden();

  // Eliminar: gone from the list, listed under 'Ver eliminados', back with 'Restaurar'
  await row(page, nombre).getByRole('button', { name: 'Eliminar' }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Eliminar' }).click();
  await expect(toast(page, 'Idioma eliminado')).toBeVisible();
  await expect(row(page, nombre)).toHaveCount(0);
  await page.getByRole('switch', { name: 'Ver eliminados' }).click();
  await search(page, nombre);
  await expect(row(page, nombre)).toBeVisible();
  await screenshot(page, 'recurso-fixture-eliminados');
  await row(page, nombre).getByRole('button', { name: 'Restaurar' }).click();
  await expect(toast(page, 'Idioma restaurado')).toBeVisible();
  await expect(row(page, nombre)).toHaveCount(0);
  await page.getByRole('switch', { name: 'Ver eliminados' }).click();
  await search(page, nombre);
  await expect(row(page, nombre)).toBeVisible();
  await screenshot(page, 'recurso-fixture-restaurado');
});
