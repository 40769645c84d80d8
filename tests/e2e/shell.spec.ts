import AxeBuilder from '@axe-core/playwright';
import { test, expect, screenshot, clickMenuItem, registerUser, signIn } from './fixtures';

test('the public landing page explains the portal and leads to the login', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Portal de clientes de la notaría' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Qué puede hacer en el portal' })).toBeVisible();
  await screenshot(page, 'shell-landing');
  await page.getByRole('link', { name: 'Acceder al portal' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Acceso al Portal Notarial' })).toBeVisible();
});

test('the header greets with the Spanish date and the account menu opens Perfil', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'X1234567L');
  await expect(page.locator('header').getByText('Notaría', { exact: true })).toBeVisible();
  await expect(page.getByText('Bienvenido John Smith Taylor')).toBeVisible();
  // e.g. 'sábado, 21 de noviembre, 14:05 h'
  await expect(page.locator('header time')).toHaveText(
    /^(lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d{1,2} de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre), \d{2}:\d{2} h$/,
  );
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await nav.getByRole('link', { name: 'Servicios' }).click();
  await expect(page).toHaveURL(/\/servicios$/);
  await expect(nav.getByRole('link', { name: 'Servicios' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Citas' })).not.toHaveAttribute('aria-current', 'page');
  await screenshot(page, 'shell-desktop');

  await page.getByRole('button', { name: 'Mi cuenta' }).click();
  await expect(page.getByText('Mi cuenta', { exact: true })).toBeVisible();
  const salir = page.getByRole('menuitem', { name: 'Cerrar sesión' });
  await expect(salir).toHaveCSS('color', 'rgb(207, 19, 34)');
  await screenshot(page, 'shell-account-menu');
  await page.getByRole('menuitem', { name: 'Perfil' }).click();
  await expect(page).toHaveURL(/\/perfil$/);

  // the account menu works from the keyboard too
  await page.goto('/citas');
  await page.getByRole('button', { name: 'Mi cuenta' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Perfil' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/perfil$/);
});

test("'Cargando...' shows while the session is being checked", async ({ page }) => {
  const { documento } = await registerUser();
  await signIn(page, documento);
  await page.route('**/nt/demo/v1/servicios/persona/*', async (route) => {
    await new Promise((r) => setTimeout(r, 1_500));
    await route.continue();
  });
  await page.reload();
  await expect(page.getByText('Cargando...').first()).toBeVisible();
  await expect(page.getByText(`Bienvenido ${documento}`)).toBeVisible();
});

test('signing out in a second tab signs out the first one', async ({ context }) => {
  const { documento } = await registerUser();
  const first = await context.newPage();
  await signIn(first, documento);
  await first.goto('/citas');
  await expect(first.getByText(`Bienvenido ${documento}`)).toBeVisible();

  const second = await context.newPage();
  await second.goto('/dashboard');
  await expect(second.getByText(`Bienvenido ${documento}`)).toBeVisible();
  await second.getByRole('button', { name: 'Mi cuenta' }).click();
  await clickMenuItem(second.getByRole('menuitem', { name: 'Cerrar sesión' }));
  await expect(second).toHaveURL(/\/$/);

  await expect(first).toHaveURL(/\/login\?to=%2Fcitas$/);
  await expect(first.getByRole('heading', { name: 'Acceso al Portal Notarial' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the navigation is a drawer opened by the menu button', async ({ page }) => {
    const { documento } = await registerUser();
    await page.goto('/login');
    await screenshot(page, 'login-mobile');
    await signIn(page, documento);
    await expect(page.getByText(`Bienvenido ${documento}`)).toBeVisible();
    // the bar is hidden; the menu button opens the drawer
    await expect(page.getByRole('link', { name: 'Citas' })).toBeHidden();
    const menu = page.getByRole('button', { name: 'Abrir menú de navegación' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'shell-mobile');
    await menu.click();
    const drawer = page.locator('.ant-drawer-content');
    await expect(drawer.getByRole('link', { name: 'Datos Personales' })).toHaveAttribute('aria-current', 'page');
    await screenshot(page, 'shell-mobile-drawer');
    await drawer.getByRole('link', { name: 'Citas' }).click();
    await expect(page).toHaveURL(/\/citas$/);
    await expect(drawer).toBeHidden();
  });
});

test('the landing page, the login screen and the header pass an accessibility check (WCAG 2 AA)', async ({ page }) => {
  const check = async (include?: string) => {
    const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
    const { violations } = await (include ? builder.include(include) : builder).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  };
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Portal de clientes de la notaría' })).toBeVisible();
  await check();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Acceso al Portal Notarial' })).toBeVisible();
  await check();
  const { documento } = await registerUser();
  await signIn(page, documento);
  await expect(page.getByText(`Bienvenido ${documento}`)).toBeVisible();
  await check('header');
});

test('the clock shows the Spanish date and moves on every minute', async ({ page }) => {
  const { documento } = await registerUser();
  await signIn(page, documento);
  await page.clock.install({ time: new Date('2026-11-21T14:05:10+01:00') });
  await page.reload();
  const clock = page.locator('header time');
  await expect(clock).toHaveText('sábado, 21 de noviembre, 14:05 h');
  await page.clock.fastForward('01:00');
  await expect(clock).toHaveText('sábado, 21 de noviembre, 14:06 h');
  await page.clock.fastForward('01:00');
  await expect(clock).toHaveText('sábado, 21 de noviembre, 14:07 h');
});

test('an expired access token is refreshed; a refused refresh token ends the session', async ({ page }) => {
  const { documento } = await registerUser();
  await signIn(page, documento);
  // a quiet page, so no request of the previous one refreshes the session behind the test's back
  // (the live event stream stays open, and 'networkidle' would never come: refused here, polled instead)
  await page.route('**/servicios/eventos', (route) => route.abort());
  await page.goto('/copias');
  await expect(page.getByText(`Bienvenido ${documento}`)).toBeVisible();
  await page.waitForLoadState('networkidle');
  const expired = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.firma-caducada';
  await page.evaluate((t) => localStorage.setItem('auth_token', t), expired);
  await page.reload();
  await expect(page.getByText(`Bienvenido ${documento}`)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).not.toBe(expired);

  await page.evaluate((t) => {
    localStorage.setItem('auth_token', t);
    localStorage.setItem('refresh_token', 'revocado');
  }, expired);
  await page.goto('/citas');
  await expect(page).toHaveURL(/\/login\?to=%2Fcitas$/);
  expect(await page.evaluate(() => localStorage.getItem('id_persona'))).toBeNull();
});

test('when the services API cannot be reached the session is kept with a warning', async ({ page }) => {
  const { documento } = await registerUser();
  await signIn(page, documento);
  await page.route('**/nt/demo/v1/servicios/persona/*', (route) => route.abort('failed'));
  await page.reload();
  await expect(page.locator('.ant-notification-notice').filter({ hasText: 'Problema de conexión' })).toContainText(
    'Hay un problema CORS con el servidor. Funcionalidad limitada.',
  );
  await expect(page).toHaveURL(/\/datos-personales$/);
  await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();
});
