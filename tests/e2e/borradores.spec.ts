import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, rememberEmail, screenshot, signIn, test } from './fixtures';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { SERVICIOS, api, expedienteDeApi, nuevoUsuario, toast } from './expedientes-helpers';

/**
 * The draft of a deed in two browsers (issue 32): the office (the seeded Lucía Fernández, notaría 1)
 * generates the draft of the client's 'Poder General' from the seeded template; the PDF reads with
 * the client's name, document and apoderado (rendered to an image with poppler's pdftoppm for the
 * screenshots); the client answers 'Observaciones', which the office sees live; the act changes,
 * the office generates version 2, the client answers 'Conforme'; the office compares the versions.
 */
const LUCIA = { doc: '11111111H', email: 'lucia.fernandez@notarialopezmartin.example' };

async function contexto(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext({ baseURL: process.env.PORTAL_URL, locale: 'es-ES', timezoneId: 'Europe/Madrid', viewport: { width: 1366, height: 900 }, acceptDownloads: true });
  return ctx.newPage();
}

const datos = (documento: string, forma: string) => ({
  otorgantes: [{ nif: documento, nombre: 'Ana', primer_apellido: 'Borrador', segundo_apellido: 'Prueba', fecha_nacimiento: '1985-04-12', estado_civil: 'SOLTERO', domicilio: 'Calle Mayor, 3, 28013 Madrid' }],
  apoderados: [{ nif: 'X1234567L', nombre: 'John', primer_apellido: 'Smith', relacion: 'GESTOR' }],
  proposito: { alcance: 'GENERAL', forma_actuacion: forma },
});

/** Downloads the version from the client's page; its text, and its first page as a screenshot. */
async function descargar(page: Page, version: number, nombre: string) {
  const bajada = page.waitForEvent('download');
  await page.getByRole('button', { name: `Descargar la versión ${version} de Poder general` }).click();
  const dir = path.join('test-results', 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  const pdf = path.join('test-results', `${nombre}.pdf`);
  await (await bajada).saveAs(pdf);
  execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', '-singlefile', pdf, path.join(dir, nombre)]);
  return execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

test('the office drafts the deed, the client answers Observaciones then Conforme, the office compares versions', async ({ browser }) => {
  test.setTimeout(180_000);
  const cliente = await contexto(browser);
  const oficina = await contexto(browser);

  const { idPersona, documento } = await nuevoUsuario(cliente);
  const expedienteId = await expedienteDeApi(cliente, idPersona, 'Poder para John');
  const acto = await api(cliente, '/acto', { method: 'POST', json: { expedienteId, titulo: 'Poder general', status: 'BORRADOR', definicionActoId: 3, datosFormulario: datos(documento, 'SOLIDARIA') } });
  expect(acto.status, JSON.stringify(acto.body)).toBe(201);

  rememberEmail(LUCIA.doc, LUCIA.email);
  await signIn(oficina, LUCIA.doc);
  await oficina.goto(`/despacho/expedientes/${expedienteId}`);
  await oficina.getByRole('tab', { name: 'Borradores' }).click();
  await oficina.getByRole('button', { name: 'Generar borrador: Poder general' }).click();
  await expect(toast(oficina, 'Borrador generado')).toBeVisible();
  await expect(oficina.getByText('Poder general: versión 1')).toBeVisible();
  await screenshot(oficina, 'borrador-01-oficina-genera');

  // the client finds it in the case, reads it and downloads it
  await cliente.goto(`/expediente/${expedienteId}`);
  await cliente.getByRole('tab', { name: 'Escrituras' }).click();
  const seccion = cliente.getByRole('region', { name: 'Borrador de escritura' });
  await expect(seccion.getByText('Poder general: versión 1')).toBeVisible();
  const texto = await descargar(cliente, 1, 'borrador-02-pdf-version-1');
  expect(texto).toContain('ANA BORRADOR PRUEBA, mayor de edad');
  expect(texto).toContain(`con DNI/NIF número ${documento}`);
  expect(texto).toContain('JOHN SMITH, con NIE número X1234567L');
  expect(texto).toContain('actuando de forma solidaria');
  await seccion.getByRole('button', { name: 'Ver la versión 1 de Poder general' }).click();
  const visor = cliente.getByRole('dialog', { name: 'Poder general: versión 1' });
  await expect(visor.getByTitle('Borrador de escritura')).toBeVisible();
  await cliente.waitForTimeout(1500); // the browser's PDF viewer draws the page
  await screenshot(cliente, 'borrador-02b-cliente-lee-en-el-navegador');
  await visor.locator('.ant-modal-close').click();
  await expect(visor).toBeHidden();

  // Observaciones, seen live by the office
  await seccion.getByRole('button', { name: 'Observaciones' }).click();
  const dialogo = cliente.getByRole('dialog', { name: 'Observaciones al borrador' });
  await dialogo.getByRole('button', { name: 'Enviar observaciones' }).click();
  await expect(dialogo.getByText('Escriba sus observaciones')).toBeVisible();
  await dialogo.getByLabel('¿Qué debe cambiar la notaría?').fill('Los apoderados deben actuar juntos');
  await dialogo.getByRole('button', { name: 'Enviar observaciones' }).click();
  await expect(toast(cliente, 'Observaciones enviadas a la notaría')).toBeVisible();
  await expect(oficina.getByText('Los apoderados deben actuar juntos')).toBeVisible({ timeout: 10_000 });
  await screenshot(oficina, 'borrador-03-oficina-ve-observaciones');

  // the act changes; the office regenerates; the client agrees
  const cambio = await api(cliente, `/acto/${acto.body.id}`, { method: 'PUT', json: { datosFormulario: datos(documento, 'MANCOMUNADA') } });
  expect(cambio.status, JSON.stringify(cambio.body)).toBe(200);
  await oficina.getByRole('button', { name: 'Generar borrador: Poder general' }).click();
  await expect(oficina.getByText('Poder general: versión 2')).toBeVisible();
  await expect(seccion.getByText('Poder general: versión 2')).toBeVisible({ timeout: 10_000 });
  expect(await descargar(cliente, 2, 'borrador-04-pdf-version-2')).toContain('actuando de forma mancomunada');
  await seccion.getByRole('button', { name: 'Conforme' }).click();
  await expect(toast(cliente, 'Ha dado su conformidad al borrador')).toBeVisible();
  await expect(oficina.getByText(/^Conforme \(/)).toBeVisible({ timeout: 10_000 });
  await screenshot(cliente, 'borrador-05-cliente-conforme');

  // what changed between the two versions
  await oficina.getByRole('button', { name: 'Comparar la versión 2 de Poder general' }).click();
  const cambios = oficina.getByRole('dialog', { name: 'Cambios en la versión 2 de Poder general' });
  await expect(cambios.locator('del')).toHaveText(['solidaria']);
  await expect(cambios.locator('ins')).toHaveText(['mancomunada']);
  await screenshot(oficina, 'borrador-06-oficina-compara');
});

/** A deed of two pages, as the office would upload it once signed. */
async function escrituraPdf() {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  for (let i = 1; i <= 2; i++) pdf.addPage([595.28, 841.89]).drawText(`ESCRITURA DE PODER GENERAL. Folio ${i}.`, { x: 80, y: 760, size: 12, font });
  return Buffer.from(await pdf.save());
}

test('the office issues an authorised electronic copy; the client downloads it; a third browser verifies its CSV and gets the same bytes; pdfsig accepts it', async ({ browser }) => {
  test.setTimeout(180_000);
  const cliente = await contexto(browser);
  const oficina = await contexto(browser);
  const tercero = await contexto(browser);

  const { idPersona } = await nuevoUsuario(cliente);
  const expedienteId = await expedienteDeApi(cliente, idPersona, 'Poder con copia electrónica');
  rememberEmail(LUCIA.doc, LUCIA.email);
  await signIn(oficina, LUCIA.doc);
  // the signed deed uploaded by the office (the upload screen has its own journey)
  const token = await oficina.evaluate(() => localStorage.getItem('auth_token'));
  const form = new FormData();
  form.set('archivo', new Blob([await escrituraPdf()], { type: 'application/pdf' }), 'Escritura de poder.pdf');
  form.set('tipo', 'ESCRITURA');
  const subida = await fetch(`${process.env.PORTAL_URL}${SERVICIOS}/expediente/${expedienteId}/documentos`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  expect(subida.status).toBe(201);

  await oficina.goto(`/despacho/expedientes/${expedienteId}`);
  await oficina.getByRole('tab', { name: 'Copias' }).click();
  const seccion = oficina.getByRole('region', { name: 'Copias electrónicas' });
  await seccion.getByLabel('Escritura').click();
  await oficina.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Escritura de poder.pdf' }).click();
  await seccion.getByRole('button', { name: 'Emitir copia electrónica' }).click();
  await expect(toast(oficina, 'Copia electrónica emitida')).toBeVisible({ timeout: 15_000 });
  const csv = ((await seccion.locator('code').first().textContent()) ?? '').trim();
  expect(csv).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/);
  await screenshot(oficina, 'copia-01-oficina-emite');

  // the client downloads it from the case
  await cliente.goto(`/expediente/${expedienteId}`);
  await cliente.getByRole('tab', { name: 'Escrituras' }).click();
  const bajada = cliente.waitForEvent('download');
  await cliente.getByRole('button', { name: 'Descargar Copia autorizada electrónica - Escritura de poder.pdf' }).click();
  const delCliente = path.join('test-results', 'copia-cliente.pdf');
  await (await bajada).saveAs(delCliente);

  // a third browser, without a session, verifies the CSV from the landing
  await tercero.goto('/');
  await tercero.getByRole('link', { name: 'Verificar una copia' }).click();
  await tercero.getByLabel('Código seguro de verificación').fill('nada');
  await tercero.getByRole('button', { name: 'Verificar' }).click();
  await expect(tercero.getByRole('alert')).toHaveText('El código seguro de verificación tiene 20 letras y números (XXXX-XXXX-XXXX-XXXX-XXXX)');
  await tercero.getByLabel('Código seguro de verificación').fill('0000-0000-0000-0000-0000');
  await tercero.getByRole('button', { name: 'Verificar' }).click();
  await expect(tercero.getByRole('alert')).toHaveText('No existe ninguna copia con ese código seguro de verificación');
  await tercero.getByLabel('Código seguro de verificación').fill(csv.toLowerCase());
  await tercero.getByRole('button', { name: 'Verificar' }).click();
  await expect(tercero).toHaveURL(new RegExp(`/verificar/${csv}$`));
  const ficha = tercero.getByRole('region', { name: 'Resultado de la verificación' });
  await expect(ficha.getByRole('heading', { name: 'Copia auténtica' })).toBeVisible();
  await expect(ficha).toContainText('Notaría López Martín');
  await expect(ficha).toContainText('Copia autorizada electrónica');
  await screenshot(tercero, 'copia-02-verificar');
  const publica = tercero.waitForEvent('download');
  await ficha.getByRole('link', { name: 'Descargar la copia autorizada' }).click();
  const delTercero = path.join('test-results', 'copia-tercero.pdf');
  await (await publica).saveAs(delTercero);

  expect(fs.readFileSync(delTercero).equals(fs.readFileSync(delCliente))).toBe(true);
  const firma = execFileSync('pdfsig', [delTercero], { encoding: 'utf8' });
  expect(firma).toContain('Signature Validation: Signature is Valid.');
  execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', '-singlefile', delTercero, path.join('test-results', 'screenshots', 'copia-03-pdf')]);
});
