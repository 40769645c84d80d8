import type { Page } from '@playwright/test';
import { test, expect, screenshot, chooseOption, clickMenuItem, pinFromOutbox, randomNif, registerUser, rememberEmail, signIn } from './fixtures';


const toast = (page: Page, title: string) => page.locator('.ant-notification-notice').filter({ hasText: title }).first();

test('a first-time user registers, signs in with the e-mailed PIN, stays signed in and signs out', async ({ page }) => {
  const nif = randomNif();
  const email = `e2e.${nif.toLowerCase()}@example.com`;
  rememberEmail(nif, email);

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Acceso al Portal Notarial' })).toBeVisible();
  await expect(page.getByLabel('Tipo de documento')).toHaveValue('NIF');
  await expect(page.getByLabel('Notaría', { exact: true }).locator('option:checked')).toHaveText('Seleccione una notaría');
  const acceder = page.getByRole('button', { name: 'Acceder', exact: true });
  await expect(acceder).toBeDisabled();
  await screenshot(page, 'login-1-initial');

  await page.getByLabel('Número de documento').fill(nif);
  await expect(acceder).toBeDisabled(); // no notaría yet
  await chooseOption(page, 'Notaría', 'Notaría Sánchez Ruiz');
  await acceder.click();

  // not registered yet: the registration step
  await expect(toast(page, 'Usuario no registrado')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Completar Registro' })).toBeVisible();
  await expect(page.getByText('Usuario no registrado. Introduce tu email para completar el registro.')).toBeVisible();
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('El email es obligatorio')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Por favor, introduce un email válido' })).toBeVisible();
  await page.getByLabel('Email').fill('sin-arroba');
  await expect(page.getByText('Email inválido')).toBeVisible();
  await screenshot(page, 'login-3-registration');

  await page.getByLabel('Email').fill(email);
  const registroPedido = Date.now();
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('heading', { name: 'Código de Registro' })).toBeVisible();
  await expect(page.locator('.login-card').getByText(`${email.slice(0, 2)}***@example.com`)).toBeVisible();
  await page.getByRole('button', { name: 'REGISTRARSE' }).click();
  await expect(page.getByText('El código PIN es obligatorio')).toBeVisible();
  await screenshot(page, 'login-4-registration-pincode');
  await page.getByLabel('Código PIN').fill(await pinFromOutbox(registroPedido, email));
  await page.getByRole('button', { name: 'REGISTRARSE' }).click();
  await expect(toast(page, 'Registro completado')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Registro Completado' })).toBeVisible();
  await screenshot(page, 'login-5-registration-success');

  // 'Acceder' returns to the first step with the document kept; now a sign-in PIN is sent
  await page.getByRole('button', { name: 'Acceder', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Acceso al Portal Notarial' })).toBeVisible();
  await expect(page.getByLabel('Número de documento')).toHaveValue(nif);
  const accesoPedido = Date.now();
  await page.getByRole('button', { name: 'Acceder', exact: true }).click();
  await expect(toast(page, 'Código enviado')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Introducir Código de Acceso' })).toBeVisible();
  await screenshot(page, 'login-2-pincode');
  const pin = await pinFromOutbox(accesoPedido, email);

  // a wrong PIN is refused with its toast
  await page.getByLabel('Código PIN').fill(String((Number(pin) + 1) % 1_000_000).padStart(6, '0'));
  await page.getByRole('button', { name: 'Acceder', exact: true }).click();
  await expect(toast(page, 'Error de acceso')).toContainText('Código PIN incorrecto');
  await screenshot(page, 'login-6-wrong-pin');
  await expect(page).toHaveURL(/\/login/);

  await page.getByLabel('Código PIN').fill(pin);
  await page.getByRole('button', { name: 'Acceder', exact: true }).click();
  await expect(page).toHaveURL(/\/datos-personales$/);
  await expect(toast(page, 'Acceso correcto')).toContainText('Bienvenido al portal de la notaría');
  // a new person has no name yet: the greeting shows the document number
  await expect(page.getByText(`Bienvenido ${nif}`)).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  for (const entry of ['Inicio', 'Datos Personales', 'Servicios', 'Expedientes', 'Copias', 'Citas']) {
    await expect(nav.getByRole('link', { name: entry, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'Notarías' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Datos Personales' })).toHaveAttribute('aria-current', 'page');
  await screenshot(page, 'login-7-signed-in');

  await page.reload();
  await expect(page.getByText(`Bienvenido ${nif}`)).toBeVisible();
  await expect(page).toHaveURL(/\/datos-personales$/);

  await page.getByRole('button', { name: 'Mi cuenta' }).click();
  await clickMenuItem(page.getByRole('menuitem', { name: 'Cerrar sesión' }));
  await expect(toast(page, 'Sesión cerrada')).toContainText('Has cerrado sesión correctamente');
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => [localStorage.getItem('auth_token'), localStorage.getItem('refresh_token'), localStorage.getItem('id_persona')])).toEqual([null, null, null]);

  // signed out, a private page asks for the login again
  await page.goto('/datos-personales');
  await expect(page).toHaveURL(/\/login\?to=%2Fdatos-personales/);
});

test('the admin sees Notarías; an assistant does not and is sent from /admin/notarias to /citas', async ({ browser }) => {
  const admin = await browser.newPage();
  await signIn(admin, '00000000T');
  await expect(admin.getByText('Bienvenido Marta Ortega Vidal')).toBeVisible();
  const adminNav = admin.getByRole('navigation', { name: 'Navegación principal' });
  await adminNav.getByRole('link', { name: 'Notarías' }).click();
  await expect(admin).toHaveURL(/\/admin\/notarias(\?|$)/);
  await expect(adminNav.getByRole('link', { name: 'Notarías' })).toHaveAttribute('aria-current', 'page');
  await expect(admin.getByRole('heading', { name: 'Administración de Notarías' })).toBeVisible();
  await screenshot(admin, 'login-admin-notarias');
  await admin.close();

  const assistant = await browser.newPage();
  await signIn(assistant, '12345678Z', 'Notaría López Martín');
  await expect(assistant.getByText('Bienvenido Ana García López')).toBeVisible();
  await expect(assistant.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Notarías' })).toHaveCount(0);
  await assistant.goto('/admin/notarias');
  await expect(assistant).toHaveURL(/\/citas$/);
  await assistant.close();
});

test('the document number is checked as the user types', async ({ page }) => {
  const { documento } = await registerUser();
  await page.goto('/login');
  const numero = page.getByLabel('Número de documento');
  const acceder = page.getByRole('button', { name: 'Acceder', exact: true });
  await chooseOption(page, 'Notaría', 'Notaría Puig Ferrer');

  await numero.fill('B12345674');
  await expect(page.getByText('El registro inicial es solo para personas físicas.')).toBeVisible();
  await expect(acceder).toBeDisabled();

  await numero.fill('12345678A');
  await expect(page.getByText('El NIF introducido no es válido')).toBeVisible();
  await expect(acceder).toBeDisabled();

  await chooseOption(page, 'Tipo de documento', 'NIE');
  await expect(page.getByText('El NIE introducido no es válido')).toBeVisible();
  await numero.fill('X1234567L');
  await expect(page.getByText('El NIE introducido no es válido')).toHaveCount(0);
  await expect(acceder).toBeEnabled();

  await chooseOption(page, 'Tipo de documento', 'Pasaporte');
  await numero.fill('PAB123456');
  await expect(page.getByText('Asegúrese de introducir bien el número de pasaporte')).toBeVisible();
  await expect(acceder).toBeEnabled();
  await screenshot(page, 'login-passport-hint');

  // 'Volver' from a later step clears every field
  await chooseOption(page, 'Tipo de documento', 'NIF');
  await numero.fill(documento);
  await acceder.click();
  await expect(page.getByRole('heading', { name: 'Introducir Código de Acceso' })).toBeVisible();
  await page.getByRole('button', { name: 'Acceder', exact: true }).click();
  await expect(page.getByText('El código PIN es obligatorio')).toBeVisible();
  await page.getByRole('button', { name: 'Volver' }).click();
  await expect(page.getByRole('heading', { name: 'Acceso al Portal Notarial' })).toBeVisible();
  await expect(numero).toHaveValue('');
  await expect(page.getByLabel('Notaría', { exact: true })).toHaveValue('');
});

test('a private page asked for while signed out opens after the login; /login when signed in goes on', async ({ page }) => {
  await page.goto('/citas');
  await expect(page).toHaveURL(/\/login\?to=%2Fcitas$/);
  await signIn(page, 'X1234567L');
  await expect(page).toHaveURL(/\/citas$/);
  await expect(page.getByText('Bienvenido John Smith Taylor')).toBeVisible();

  await page.goto('/login');
  await expect(page).toHaveURL(/\/datos-personales$/);
  await page.goto('/login?to=%2Fservicios');
  await expect(page).toHaveURL(/\/servicios$/);
});

test('the whole login works with the keyboard only', async ({ page }) => {
  const { documento, email } = await registerUser();
  await page.goto('/login');
  const numero = page.getByLabel('Número de documento');
  await expect(numero).toBeFocused();
  await page.keyboard.type(documento);
  await page.keyboard.press('Tab'); // to the notaría
  await expect(page.getByLabel('Notaría', { exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown'); // a native select: the arrow picks the first notaría
  await expect(page.getByLabel('Notaría', { exact: true })).not.toHaveValue('');
  const since = Date.now();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Acceder', exact: true })).toBeFocused();
  await screenshot(page, 'login-keyboard-focus');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Introducir Código de Acceso' })).toBeVisible();
  await expect(page.getByLabel('Código PIN')).toBeFocused();
  await page.keyboard.type(await pinFromOutbox(since, email));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/datos-personales$/);
});

test("a failure loading the notarías says 'No se pudieron cargar las notarías'", async ({ page }) => {
  await page.route('**/rest/v1/notarias*', (route) => route.fulfill({ status: 500, json: { message: 'caído' } }));
  await page.goto('/login');
  await expect(toast(page, 'Error')).toContainText('No se pudieron cargar las notarías');
  await expect(page.getByRole('button', { name: 'Acceder', exact: true })).toBeDisabled();
});

test("when the toasts' code cannot be loaded, the page stays usable instead of going blank", async ({ page }) => {
  await page.route('**/assets/Avisos-*', (route) => route.abort('connectionrefused'));
  await page.route('**/rest/v1/notarias*', (route) => route.fulfill({ status: 500, json: { message: 'caído' } }));
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Acceder', exact: true })).toBeDisabled();
  await page.waitForTimeout(1_500);
  await expect(page.getByRole('button', { name: 'Acceder', exact: true })).toBeVisible();
});
