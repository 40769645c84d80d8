import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { test, expect, signIn } from './fixtures';
import { adminTabs } from '../../resources';
import { pageRoutes, subpages } from '../../resources/page-routes';
import { pagePath } from '../../domain/route';

/**
 * Accessibility (issue 8): axe-core with the WCAG 2.0/2.1/2.2 A and AA rules on every route of
 * src/routes.tsx (the declared ones from resources/page-routes.ts), signed out, as a client, as
 * staff (the office's screens) and as the admin (each tab of /admin/notarias).
 * No violation of impact 'serious' or 'critical' may remain.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const CLIENT = '12345678Z';
const ADMIN = '00000000T';
const STAFF = '11111111H'; // Lucía, 'Oficial' of notaría 1
// the tabs the registry declares, in their order
const ADMIN_TABS = adminTabs.map((t) => t.labels.plural);

/** Waits until the page has settled: lazy page loaded, requests done, no spinner or skeleton left. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .tabla-cargando')).toHaveCount(0, { timeout: 15_000 });
  // antd animations (fade-in, motion) must finish or colours are measured half-transparent
  await page.waitForTimeout(400);
}

/** The colours axe measured (color-contrast), so a failure says what to change. */
function detail(data: unknown): string {
  const d = data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | null;
  return d?.fgColor ? `  [${d.fgColor} sobre ${d.bgColor}: ${d.contrastRatio}]` : '';
}

/** Runs axe on the page and fails listing every serious/critical violation with its targets. */
async function expectAccessible(page: Page, where: string) {
  await settle(page);
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const grave = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = grave
    .map((v) => `- ${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}${detail(n.any[0]?.data)}`).join('\n')}`)
    .join('\n');
  expect(report, `Violaciones de accesibilidad en ${where}`).toBe('');
}

/** One signed-in page shared by a describe block: the PIN sign-in happens once. */
async function signedInPage(browser: Browser, documento: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.PORTAL_URL, locale: 'es-ES', timezoneId: 'Europe/Madrid', viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  // the live event stream (GET /eventos) stays open, and 'networkidle' would never come: refused
  // here, the portal asks its lists again every few seconds instead, between which the page settles
  await context.route('**/servicios/eventos', (route) => route.abort());
  await signIn(page, documento);
  return page;
}

test.describe('signed out', () => {
  for (const [name, path] of [
    ['landing', '/'],
    ['login', '/login'],
    ['404', '/no-existe-esta-pagina'],
  ]) {
    test(`${name} (${path}) has no serious or critical violations`, async ({ page }) => {
      await page.goto(path);
      // the page itself, not a blank document, is what gets checked
      await expect(page.getByRole('heading').first()).toBeVisible();
      await expectAccessible(page, path);
    });
  }
});

test.describe('as a client', () => {
  // Not 'serial': the file runs in one worker anyway (one sign-in per block), and a failing
  // route must not skip the rest: Playwright restarts the worker and beforeAll signs in again.
  test.describe.configure({ timeout: 90_000 });
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(90_000);
    page = await signedInPage(browser, CLIENT);
  });
  test.afterAll(async () => {
    await page?.context().close();
  });

  // every declared page a client may open, and the pages beneath them
  const declared = Object.values(pageRoutes).filter((r) => r.opensTo.includes('client')).map((r) => r.path);
  for (const path of [...declared, pagePath(subpages.categoria, 1), pagePath(subpages.actoServicio, 3), subpages.nuevoExpediente, subpages.actoPoderGeneral, subpages.configurarCalendario]) {
    test(`${path} has no serious or critical violations`, async () => {
      await page.goto(path);
      await expect(page.locator('main#contenido')).toBeVisible();
      await expectAccessible(page, path);
    });
  }
});

test.describe('as staff', () => {
  // the office's screens issue 35 changed (the list's filters and counts); an empty list's text on
  // their grey panels once measured 3.3:1 ('vacio-texto')
  test.describe.configure({ timeout: 90_000 });
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(90_000);
    page = await signedInPage(browser, STAFF);
  });
  test.afterAll(async () => {
    await page?.context().close();
  });

  // the declared pages only the office opens
  for (const path of Object.values(pageRoutes).filter((r) => r.opensTo.includes('staff') && !r.opensTo.includes('client')).map((r) => r.path)) {
    test(`${path} has no serious or critical violations`, async () => {
      await page.goto(path);
      await expect(page.locator('main#contenido')).toBeVisible();
      await expectAccessible(page, path);
    });
  }
});

test.describe('as the admin', () => {
  // Not 'serial': the file runs in one worker anyway (one sign-in per block), and a failing
  // route must not skip the rest: Playwright restarts the worker and beforeAll signs in again.
  test.describe.configure({ timeout: 90_000 });
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(90_000);
    page = await signedInPage(browser, ADMIN);
    await page.goto('/admin/notarias');
  });
  test.afterAll(async () => {
    await page?.context().close();
  });

  for (const tab of ADMIN_TABS) {
    test(`/admin/notarias, tab ${tab}, has no serious or critical violations`, async () => {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab, selected: true })).toBeVisible();
      await expectAccessible(page, `/admin/notarias (${tab})`);
    });
  }
});
