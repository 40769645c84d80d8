import { test, expect, pinFromOutbox, screenshot } from './fixtures';
import type { Page } from '@playwright/test';

/**
 * The API's readable reference (issue 34): generated from the declared endpoints, it renders in
 * the browser, and a developer signs in from it alone: the auth-proxy function's unifiedLogin and
 * loginWithPincode with 'Try it out', the access token put in 'Authorize', then a call that needs
 * the session (GET /auth/verify) answers who they are.
 */
const REFERENCIA = '/nt/demo/v1/servicios/referencia';

/** Opens the operation whose summary is `summary`, with 'Try it out' on. */
async function abrir(page: Page, summary: string) {
  const op = page.locator('.opblock').filter({ has: page.locator('.opblock-summary-description', { hasText: summary }) });
  await op.locator('.opblock-summary').click();
  const probar = op.getByRole('button', { name: 'Try it out' });
  if (await probar.isVisible()) await probar.click();
  return op;
}

/** Executes the open operation (with `body` as its JSON body) and answers the response's status and body text. */
async function ejecutar(op: ReturnType<Page['locator']>, body?: unknown) {
  if (body !== undefined) await op.locator('textarea.body-param__text').fill(JSON.stringify(body));
  await op.getByRole('button', { name: 'Execute' }).click();
  const respuesta = op.locator('.live-responses-table .response');
  await expect(respuesta.locator('.response-col_status')).toHaveText(/\d{3}/);
  return { status: Number((await respuesta.locator('.response-col_status').innerText()).trim()), body: await respuesta.locator('.response-col_description pre').first().innerText() };
}

test('the API reference renders every group, and a developer signs in and calls the API from it alone', async ({ page }) => {
  await page.goto(REFERENCIA);
  await expect(page.getByRole('heading', { name: /Portal de la Notaría: API de servicios/ })).toBeVisible();
  for (const grupo of ['Acceso', 'Expedientes y actos', 'Despacho (personal de la notaría)', 'Escrituras', 'Verificación']) {
    await expect(page.locator('.opblock-tag', { hasText: grupo }).first()).toBeVisible();
  }
  await expect(page.getByText('Abrir un expediente')).toBeVisible();

  const acceso = await abrir(page, 'Acceder o registrarse con un PIN (función auth-proxy)');
  const desde = Date.now();
  const pedido = await ejecutar(acceso, { action: 'unifiedLogin', username: '12345678Z' });
  expect(pedido.status).toBe(200);
  expect(pedido.body).toContain('Código PIN enviado correctamente');
  const pin = await pinFromOutbox(desde, 'ana.garcia@example.com');
  const canje = await ejecutar(acceso, { action: 'loginWithPincode', username: '12345678Z', pincode: pin, externalIdNotaria: 'NOT001' });
  expect(canje.status).toBe(200);
  const token = (JSON.parse(canje.body) as { access_token: string }).access_token;
  expect(token).toMatch(/^ey/);

  await page.getByRole('button', { name: /Authorize/ }).first().click();
  await page.getByRole('textbox', { name: 'auth-bearer-value' }).fill(token);
  await page.getByRole('button', { name: 'Apply credentials' }).click();
  await page.getByRole('button', { name: 'Close' }).click();

  const verificar = await abrir(page, 'Quién es la sesión del token y cómo se probó');
  const quien = await ejecutar(verificar);
  expect(quien.status).toBe(200);
  expect(quien.body).toContain('12345678Z');
  await screenshot(page, 'referencia-api');
});
