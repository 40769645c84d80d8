import path from 'node:path';
import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, rememberEmail, screenshot, signIn, test } from './fixtures';
import { api, expedienteDeApi, nuevoUsuario, toast } from './expedientes-helpers';

/**
 * The office and its client side by side (two browsers): the client sends an act; the office
 * returns it with a comment, the client corrects and resends it; the office finishes the case and
 * uploads the deed; the client downloads it, asks for an authorised copy, the office delivers it
 * and the client downloads it from /copias; both write on the case's chat and each sees the
 * other's message within 5 s. Staff: the seeded Lucía Fernández (NIF 11111111H), notaría 1.
 */
const LUCIA = { doc: '11111111H', email: 'lucia.fernandez@notarialopezmartin.example' };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');

async function contexto(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext({ baseURL: process.env.PORTAL_URL, locale: 'es-ES', timezoneId: 'Europe/Madrid', viewport: { width: 1366, height: 900 }, acceptDownloads: true });
  return ctx.newPage();
}

/** A file of the test's own, for the upload dialogs. */
function archivo(nombre: string, bytes: Buffer) {
  const dir = path.join('test-results', 'e2e-archivos');
  fs.mkdirSync(dir, { recursive: true });
  const f = path.join(dir, nombre);
  fs.writeFileSync(f, bytes);
  return f;
}

test('the office and the client: act returned and resent, deed, authorised copy and chat', async ({ browser }) => {
  test.setTimeout(240_000);
  const cliente = await contexto(browser);
  const oficina = await contexto(browser);

  // the client: a case with an act, sent from the Actos tab
  const { idPersona } = await nuevoUsuario(cliente);
  const expedienteId = await expedienteDeApi(cliente, idPersona, 'Herencia de la casa de Toledo');
  const acto = await api(cliente, '/acto', { method: 'POST', json: { expedienteId, titulo: 'Aceptación de herencia', status: 'BORRADOR', definicionActoId: 3, nombre_acto: 'Poder General', datosFormulario: {} } });
  expect(acto.status, JSON.stringify(acto.body)).toBe(201);
  await cliente.goto(`/expediente/${expedienteId}`);
  const fila = cliente.getByRole('row').filter({ hasText: 'Aceptación de herencia' });
  await fila.locator('.ant-select-selector').click();
  await cliente.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Enviado' }).click();
  await expect(toast(cliente, 'Acto actualizado')).toBeVisible();
  await screenshot(cliente, 'oficina-01-cliente-envia-acto');

  // the office signs in
  rememberEmail(LUCIA.doc, LUCIA.email);
  await signIn(oficina, LUCIA.doc);
  await oficinaAbreExpediente(oficina, expedienteId);
  await screenshot(oficina, 'oficina-02-despacho-ve-el-caso');

  // (the office's returns and estados are the despacho branch's; through its API until its view is merged)
  const devuelto = await api(oficina, `/acto/${acto.body.id}/devolver`, { method: 'PUT', json: { comentario: 'Falta el NIF del heredero' } });
  expect(devuelto.status, JSON.stringify(devuelto.body)).toBe(200);
  await cliente.reload();
  await expect(cliente.getByRole('row').filter({ hasText: 'Aceptación de herencia' })).toContainText('Borrador');
  await screenshot(cliente, 'oficina-03-cliente-acto-devuelto');
  await fila.locator('.ant-select-selector').click();
  await cliente.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Enviado' }).click();
  await expect(toast(cliente, 'Acto actualizado')).toBeVisible();
  for (const estado of ['EN_TRAMITE', 'FINALIZADO']) {
    const r = await api(oficina, `/expediente/${expedienteId}/estado`, { method: 'PUT', json: { estado } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }

  // the office uploads the deed on the case's Escrituras tab
  await oficinaAbreExpediente(oficina, expedienteId);
  await oficina.getByRole('tab', { name: 'Escrituras' }).click();
  await oficina.locator('input[type=file]').first().setInputFiles(archivo('Escritura de aceptación de herencia.pdf', PDF));
  await expect(toast(oficina, 'Documento subido')).toBeVisible();
  await expect(oficina.getByText('Escritura de aceptación de herencia.pdf')).toBeVisible();
  await screenshot(oficina, 'oficina-04-escritura-subida');

  // the client: the deed under 'Escrituras finalizadas', downloaded from the case
  await cliente.goto('/dashboard');
  const finalizadas = cliente.locator('.ant-card').filter({ hasText: 'Escrituras finalizadas' });
  await expect(finalizadas.getByText('Herencia de la casa de Toledo')).toBeVisible();
  await screenshot(cliente, 'oficina-05-cliente-escrituras-finalizadas');
  await cliente.goto(`/expediente/${expedienteId}`);
  await cliente.getByRole('tab', { name: 'Escrituras' }).click();
  const [descarga] = await Promise.all([cliente.waitForEvent('download'), cliente.getByRole('button', { name: 'Descargar Escritura de aceptación de herencia.pdf' }).click()]);
  expect(descarga.suggestedFilename()).toBe('Escritura de aceptación de herencia.pdf');
  expect(fs.readFileSync(await descarga.path())).toEqual(PDF);
  await screenshot(cliente, 'oficina-06-cliente-descarga-escritura');

  // an authorised copy, asked for from the dashboard
  await cliente.goto('/dashboard');
  await finalizadas.getByRole('button', { name: 'Solicitar copia de Herencia de la casa de Toledo' }).click();
  await expect(cliente).toHaveURL(/\/expediente\/detalleexp$/);
  await cliente.getByLabel('Copia autorizada').check();
  await cliente.getByLabel('Motivo').fill('Para inscribir la casa en el Registro de la Propiedad');
  await screenshot(cliente, 'oficina-07-cliente-solicita-copia');
  await cliente.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(toast(cliente, 'Solicitud de copia enviada')).toBeVisible();
  await expect(cliente).toHaveURL(/\/copias$/);
  await expect(cliente.locator('.ant-list-item').filter({ hasText: 'Herencia de la casa de Toledo' })).toContainText('Solicitada');
  await screenshot(cliente, 'oficina-08-copias-solicitada');

  // the office delivers it with the copy's PDF
  await oficinaAbreExpediente(oficina, expedienteId);
  await oficina.getByRole('tab', { name: 'Escrituras' }).click();
  const solicitud = oficina.locator('.ant-list-item').filter({ hasText: 'Copia autorizada' });
  await expect(solicitud).toContainText('Solicitada');
  await solicitud.getByRole('button', { name: 'En preparación' }).click();
  await expect(solicitud).toContainText('En preparación');
  await solicitud.locator('input[type=file]').setInputFiles(archivo('Copia autorizada.pdf', PDF));
  await expect(toast(oficina, 'Copia entregada')).toBeVisible();
  await expect(solicitud).toContainText('Disponible');
  await screenshot(oficina, 'oficina-09-copia-entregada');

  // the client downloads it from /copias
  await cliente.goto('/copias');
  const copia = cliente.locator('.ant-list-item').filter({ hasText: 'Herencia de la casa de Toledo' });
  await expect(copia).toContainText('Disponible');
  const [descargaCopia] = await Promise.all([cliente.waitForEvent('download'), copia.getByRole('button', { name: /Descargar copia/ }).click()]);
  expect(fs.readFileSync(await descargaCopia.path())).toEqual(PDF);
  await screenshot(cliente, 'oficina-10-copias-disponible');

  // the chat: each side sees the other's message within 5 s, without reloading
  await cliente.goto(`/expediente/${expedienteId}`);
  await cliente.getByRole('tab', { name: 'Chat' }).click();
  await oficinaAbreExpediente(oficina, expedienteId);
  await oficina.getByRole('tab', { name: 'Chat' }).click();
  await cliente.getByLabel('Mensaje').fill('¿Cuándo puedo recoger la copia en papel?');
  await cliente.getByRole('button', { name: 'Enviar' }).click();
  await expect(oficina.getByText('¿Cuándo puedo recoger la copia en papel?')).toBeVisible({ timeout: 5_000 });
  await oficina.getByLabel('Mensaje').fill('Desde mañana, de 9:00 a 14:00.');
  await oficina.getByRole('button', { name: 'Enviar' }).click();
  await expect(cliente.getByText('Desde mañana, de 9:00 a 14:00.')).toBeVisible({ timeout: 5_000 });
  await screenshot(cliente, 'oficina-11-chat-cliente');
  await screenshot(oficina, 'oficina-12-chat-oficina');

  await cliente.context().close();
  await oficina.context().close();
});

/** The office opens the case (its staff view when merged; the API answers the staff for now). */
async function oficinaAbreExpediente(oficina: Page, expedienteId: string) {
  await oficina.goto(`/despacho/expediente/${expedienteId}`);
  await expect(oficina.getByText('Herencia de la casa de Toledo').first()).toBeVisible();
}
