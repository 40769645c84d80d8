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
  const { idPersona, documento } = await nuevoUsuario(cliente);
  const expedienteId = await expedienteDeApi(cliente, idPersona, 'Herencia de la casa de Toledo');
  const acto = await api(cliente, '/acto', { method: 'POST', json: { expedienteId, titulo: 'Aceptación de herencia', status: 'BORRADOR', definicionActoId: 3, nombre_acto: 'Poder General', datosFormulario: {} } });
  expect(acto.status, JSON.stringify(acto.body)).toBe(201);
  await cliente.goto(`/expediente/${expedienteId}`);
  const fila = cliente.getByRole('row').filter({ hasText: 'Aceptación de herencia' });
  await fila.locator('.ant-select-selector').click();
  await cliente.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Enviado' }).click();
  await expect(toast(cliente, 'Acto actualizado')).toBeVisible();
  await screenshot(cliente, 'oficina-01-cliente-envia-acto');

  // the office signs in and finds the case in /despacho
  rememberEmail(LUCIA.doc, LUCIA.email);
  await signIn(oficina, LUCIA.doc);
  await oficina.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Despacho' }).click();
  await oficina.getByLabel('Buscar cliente por nombre o documento').fill(documento.toLowerCase());
  const filaDespacho = oficina.getByRole('row', { name: /Abrir expediente Herencia de la casa de Toledo/ });
  await expect(filaDespacho).toBeVisible();
  await screenshot(oficina, 'oficina-02-despacho-lista');
  await filaDespacho.click();
  await expect(oficina.getByRole('heading', { name: 'Herencia de la casa de Toledo' })).toBeVisible();

  // it returns the act with a comment
  await oficina.getByRole('button', { name: 'Devolver Aceptación de herencia al cliente' }).click();
  const dialogo = oficina.getByRole('dialog', { name: /Devolver «Aceptación de herencia»/ });
  await dialogo.getByLabel('Comentario para el cliente').fill('Falta el NIF del heredero');
  await dialogo.getByRole('button', { name: 'Devolver al cliente' }).click();
  await expect(toast(oficina, 'Acto devuelto al cliente')).toBeVisible();
  await screenshot(oficina, 'oficina-03-acto-devuelto');

  // the client reads the comment, corrects and sends the act again
  await cliente.reload();
  await expect(cliente.getByText('Falta el NIF del heredero')).toBeVisible();
  await expect(fila).toContainText('Borrador');
  await screenshot(cliente, 'oficina-04-cliente-lee-comentario');
  await fila.locator('.ant-select-selector').click();
  await cliente.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Enviado' }).click();
  await expect(toast(cliente, 'Acto actualizado')).toBeVisible();

  // the office moves the case to En trámite and then Finalizado
  await oficina.reload();
  await oficina.getByRole('button', { name: 'Pasar a En trámite' }).click();
  await expect(oficina.getByRole('button', { name: 'Finalizar' })).toBeVisible();
  await oficina.getByRole('button', { name: 'Finalizar' }).click();
  // issue 35: closing is asked first, naming the act the client sent and the office has not closed
  const cierre = oficina.getByRole('dialog').filter({ hasText: '¿Finalizar el expediente?' });
  await expect(cierre.getByRole('list', { name: 'Actos sin cerrar' })).toContainText('«Aceptación de herencia»: enviado por el cliente, pendiente de revisar');
  await screenshot(oficina, 'oficina-05a-confirmar-finalizar');
  await cierre.getByRole('button', { name: 'Finalizar' }).click();
  await expect(oficina.getByText('Finalizado', { exact: true }).first()).toBeVisible();
  await screenshot(oficina, 'oficina-05-finalizado');

  // the office uploads the deed in the case's Documentos tab
  await oficina.getByRole('tab', { name: 'Documentos' }).click();
  await oficina.locator('input[type=file]').first().setInputFiles(archivo('Escritura de aceptación de herencia.pdf', PDF));
  await expect(toast(oficina, 'Documento subido')).toBeVisible();
  await expect(oficina.locator('.ant-list-item').filter({ hasText: 'Escritura de aceptación de herencia.pdf' })).toBeVisible();
  await screenshot(oficina, 'oficina-06-escritura-subida');

  // the client: the deed under 'Escrituras finalizadas', downloaded from the case
  await cliente.goto('/dashboard');
  const finalizadas = cliente.locator('.ant-card').filter({ hasText: 'Escrituras finalizadas' });
  await expect(finalizadas.getByText('Herencia de la casa de Toledo')).toBeVisible();
  await screenshot(cliente, 'oficina-07-cliente-escrituras-finalizadas');
  await cliente.goto(`/expediente/${expedienteId}`);
  // issue 35: a finished case offers the client nothing to change, and says it is finalizado
  await expect(cliente.getByText('El expediente está finalizado: no admite cambios hasta que la notaría lo reabra')).toBeVisible();
  await expect(cliente.getByRole('button', { name: 'Nuevo acto' })).toBeDisabled();
  await expect(cliente.getByRole('row').filter({ hasText: 'Aceptación de herencia' }).getByRole('combobox')).toBeDisabled();
  await screenshot(cliente, 'oficina-06a-cliente-finalizado');
  await cliente.getByRole('tab', { name: 'Escrituras' }).click();
  const [descarga] = await Promise.all([cliente.waitForEvent('download'), cliente.getByRole('button', { name: 'Descargar Escritura de aceptación de herencia.pdf' }).click()]);
  expect(descarga.suggestedFilename()).toBe('Escritura de aceptación de herencia.pdf');
  expect(fs.readFileSync(await descarga.path())).toEqual(PDF);
  await screenshot(cliente, 'oficina-08-cliente-descarga-escritura');

  // an authorised copy, asked for from the dashboard
  await cliente.goto('/dashboard');
  await finalizadas.getByRole('button', { name: 'Solicitar copia de Herencia de la casa de Toledo' }).click();
  await expect(cliente).toHaveURL(/\/expediente\/detalleexp$/);
  await cliente.getByLabel('Copia autorizada').check();
  await cliente.getByLabel('Motivo').fill('Para inscribir la casa en el Registro de la Propiedad');
  await screenshot(cliente, 'oficina-09-cliente-solicita-copia');
  await cliente.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(toast(cliente, 'Solicitud de copia enviada')).toBeVisible();
  await expect(cliente).toHaveURL(/\/copias$/);
  await expect(cliente.locator('.ant-list-item').filter({ hasText: 'Herencia de la casa de Toledo' })).toContainText('Solicitada');
  await screenshot(cliente, 'oficina-10-copias-solicitada');

  // the office sees the request waiting in /despacho and delivers it with the copy's PDF
  await oficina.goto('/despacho');
  const porAtender = oficina.locator('.desp-copias li').filter({ hasText: 'Herencia de la casa de Toledo' });
  await expect(porAtender).toContainText('Copia autorizada');
  await expect(porAtender).toContainText('Solicitada');
  await screenshot(oficina, 'oficina-10b-despacho-copias-por-atender');
  await porAtender.getByRole('button', { name: /Abrir expediente/ }).click();
  await oficina.getByRole('tab', { name: 'Copias' }).click();
  const solicitud = oficina.locator('.ant-list-item').filter({ hasText: 'Copia autorizada' });
  await expect(solicitud).toContainText('Solicitada');
  await solicitud.getByRole('button', { name: 'En preparación' }).click();
  await expect(solicitud).toContainText('En preparación');
  await solicitud.locator('input[type=file]').setInputFiles(archivo('Copia autorizada.pdf', PDF));
  await expect(toast(oficina, 'Copia entregada')).toBeVisible();
  await expect(solicitud).toContainText('Disponible');
  await screenshot(oficina, 'oficina-11-copia-entregada');

  // the client downloads it from /copias
  await cliente.goto('/copias');
  const copia = cliente.locator('.ant-list-item').filter({ hasText: 'Herencia de la casa de Toledo' });
  await expect(copia).toContainText('Disponible');
  const [descargaCopia] = await Promise.all([cliente.waitForEvent('download'), copia.getByRole('button', { name: /Descargar copia/ }).click()]);
  expect(fs.readFileSync(await descargaCopia.path())).toEqual(PDF);
  await screenshot(cliente, 'oficina-12-copias-disponible');

  // the chat: each side sees the other's message within 5 s, without reloading
  await cliente.goto(`/expediente/${expedienteId}`);
  await cliente.getByRole('tab', { name: 'Chat' }).click();
  await oficina.getByRole('tab', { name: 'Conversación' }).click();
  await cliente.getByRole('textbox', { name: 'Mensaje', exact: true }).fill('¿Cuándo puedo recoger la copia en papel?');
  await cliente.getByRole('button', { name: 'Enviar' }).click();
  await expect(oficina.getByText('¿Cuándo puedo recoger la copia en papel?')).toBeVisible({ timeout: 5_000 });
  await oficina.getByRole('textbox', { name: 'Mensaje', exact: true }).fill('Desde mañana, de 9:00 a 14:00.');
  await oficina.getByRole('button', { name: 'Enviar' }).click();
  await expect(cliente.getByText('Desde mañana, de 9:00 a 14:00.')).toBeVisible({ timeout: 5_000 });
  await screenshot(cliente, 'oficina-13-chat-cliente');
  await screenshot(oficina, 'oficina-14-chat-oficina');

  await cliente.context().close();
  await oficina.context().close();
});
