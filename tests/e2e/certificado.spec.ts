import path from 'node:path';
import { test, expect, randomNif, screenshot } from './fixtures';
import { emitirConCaDeArchivos } from '../support/certificados';

/**
 * Certificate sign-in in Chromium (issue 30): Playwright presents a client certificate
 * (clientCertificates) to the server's mutual-TLS listener. The certificate is issued by the test
 * CA the server generated under its DATA_DIR (no CERT_CA_FILE set), as `npm start` does.
 */
test('a person signs in with a digital certificate from /login and is registered with its document', async ({ browser }) => {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'certificados-pruebas');
  const nif = randomNif();
  const email = `e2e.cert.${nif.toLowerCase()}@example.com`;
  const cert = await emitirConCaDeArchivos(path.join(dir, 'ac-pruebas.pem'), path.join(dir, 'ac-pruebas-clave.pem'), {
    serialNumber: `IDCES-${nif}`,
    nombre: 'PERSONA DE PRUEBA',
    email,
  });
  const context = await browser.newContext({
    baseURL: process.env.PORTAL_URL,
    // the development listener's TLS certificate is self-signed
    ignoreHTTPSErrors: true,
    clientCertificates: [{ origin: `https://localhost:${process.env.E2E_CERT_LOGIN_PORT}`, cert: Buffer.from(cert.certPem), key: Buffer.from(cert.keyPem) }],
  });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Acceso al Portal Notarial' })).toBeVisible();
  await page.getByRole('link', { name: 'Acceder con certificado digital' }).click();
  await page.waitForURL((url) => url.pathname === '/datos-personales', { timeout: 30_000 });
  await screenshot(page, 'certificado-1-dentro');
  // the session is a certificate session of the certificate's document
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const res = await page.request.get('/nt/demo/v1/servicios/auth/verify', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ persona: { tipoDocumento: 'NIF', numeroDocumento: nif, email }, garantia: { metodos: ['certificado'], nivel: 2 } });
  await context.close();
});

test('an expired certificate is refused in the browser with its Spanish reason, and nobody is signed in', async ({ browser }) => {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'certificados-pruebas');
  const nif = randomNif();
  const cert = await emitirConCaDeArchivos(path.join(dir, 'ac-pruebas.pem'), path.join(dir, 'ac-pruebas-clave.pem'), {
    serialNumber: `IDCES-${nif}`,
    email: `e2e.cert.${nif.toLowerCase()}@example.com`,
    notBefore: new Date(Date.now() - 400 * 86_400_000),
    notAfter: new Date(Date.now() - 86_400_000),
  });
  const context = await browser.newContext({
    baseURL: process.env.PORTAL_URL,
    ignoreHTTPSErrors: true,
    clientCertificates: [{ origin: `https://localhost:${process.env.E2E_CERT_LOGIN_PORT}`, cert: Buffer.from(cert.certPem), key: Buffer.from(cert.keyPem) }],
  });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Acceder con certificado digital' }).click();
  await expect(page.getByRole('heading', { name: 'No se pudo acceder con su certificado' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('El certificado no es válido: caducó el');
  await screenshot(page, 'certificado-2-caducado');
  await page.getByRole('link', { name: 'Volver al acceso' }).click();
  await expect(page.getByRole('heading', { name: 'Acceso al Portal Notarial' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  await context.close();
});

test("a link carrying someone else's sign-in code does not sign the visitor in", async ({ page }) => {
  // what an attacker would send: their own code, with an estado this tab never made
  await page.goto('/login?certificado=codigo-de-otra-persona&estado=estado-de-otra-pestana-0123');
  await expect(page.getByRole('alert').filter({ hasText: 'no se inició en esta pestaña' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Acceso al Portal Notarial' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
});
