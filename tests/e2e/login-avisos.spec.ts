import { test, expect, screenshot, chooseOption, pinFromOutbox, registerUser, signIn } from './fixtures';

/** What the login tells a person who comes back to it: an expired session, a PIN already sent. */

for (const [width, height] of [
  [1366, 900],
  [390, 844],
]) {
  test.describe(`at ${width}×${height}`, () => {
    test.use({ viewport: { width, height } });

    test('a session that expired sends to the login, which says so', async ({ page }) => {
      const { documento } = await registerUser();
      await signIn(page, documento);
      await expect(page.getByText(`Bienvenido ${documento}`)).toBeVisible();
      // the tokens are no longer accepted (expired, revoked): the portal cannot refresh them
      await page.evaluate(() => {
        localStorage.setItem('auth_token', 'caducado.caducado.caducado');
        localStorage.setItem('refresh_token', 'caducado');
      });
      await page.goto('/expedientes');
      await expect(page).toHaveURL(/\/login/);
      await expect(page.getByText('Su sesión ha caducado. Vuelva a acceder para continuar.')).toBeVisible();
      await screenshot(page, `login-sesion-caducada-${width}`);
      // said once: signing in again works and a later visit to the login is a plain one
      await signIn(page, documento);
      await expect(page).toHaveURL(/\/expedientes/);
    });

    test("'Volver' after a PIN was sent: the PIN step is one click away while that PIN is valid", async ({ page }) => {
      const { documento, email } = await registerUser();
      await page.goto('/login');
      await chooseOption(page, 'Tipo de documento', 'NIF');
      await page.getByLabel('Número de documento').fill(documento);
      await chooseOption(page, 'Notaría');
      const since = Date.now();
      await page.getByRole('button', { name: 'Acceder', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Introducir Código de Acceso' })).toBeVisible();
      const pin = await pinFromOutbox(since, email);
      await page.getByRole('button', { name: 'Volver' }).click();
      await expect(page.getByRole('heading', { name: 'Acceso al Portal Notarial' })).toBeVisible();

      await expect(page.getByText(`Ya le enviamos un código para ${documento}.`)).toBeVisible();
      await screenshot(page, `login-pin-enviado-${width}`);
      await page.getByRole('button', { name: 'Introducir el código' }).click();
      await expect(page.getByRole('heading', { name: 'Introducir Código de Acceso' })).toBeVisible();
      await page.getByLabel('Código PIN').fill(pin);
      await page.getByRole('button', { name: 'Acceder', exact: true }).click();
      await expect(page).toHaveURL(/\/datos-personales/);
      await expect(page.getByText(`Bienvenido ${documento}`)).toBeVisible();
    });
  });
}
