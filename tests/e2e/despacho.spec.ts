import { test, expect, rememberEmail, screenshot, signIn } from './fixtures';
import { api, expedienteDeApi, nuevoUsuario, toast } from './expedientes-helpers';

/**
 * The office's side, two browsers side by side: a client sends an act of a new case; Lucía
 * Fernández (staff of the first notaría, NIF 11111111H in the seed) finds the case in /despacho by
 * the client's document, returns the act with a comment and moves the case to En trámite; the
 * client reads the comment in their case, and the e-mails arrive.
 */
const LUCIA = '11111111H';
rememberEmail(LUCIA, 'lucia.fernandez@notarialopezmartin.example');

test('staff return a sent act with a comment and move the case; the client reads the comment', async ({ browser }) => {
  const cliente = await (await browser.newContext()).newPage();
  const personal = await (await browser.newContext()).newPage();

  // the client: a case with a sent act
  const { documento, idPersona } = await nuevoUsuario(cliente);
  await expect(cliente.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Despacho' })).toHaveCount(0);
  const titulo = `Compraventa ${documento}`;
  const expediente = await expedienteDeApi(cliente, idPersona, titulo);
  const acto = await api(cliente, '/acto', {
    method: 'POST',
    json: { expedienteId: expediente, titulo: 'Poder para vender', status: 'ENVIADO', definicionActoId: 3, datosFormulario: {} },
  });
  expect(acto.status).toBe(201);

  // staff: Despacho in the navigation, the case found by the client's document
  await signIn(personal, LUCIA);
  await personal.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Despacho' }).click();
  await expect(personal.getByRole('heading', { name: 'Despacho' })).toBeVisible();
  await personal.getByLabel('Buscar cliente por nombre o documento').fill(documento.toLowerCase());
  const fila = personal.getByRole('row', { name: new RegExp(`Abrir expediente ${titulo}`) });
  await expect(fila).toBeVisible();
  await expect(personal.getByRole('row')).toHaveCount(2); // the header and the one case
  await screenshot(personal, 'despacho-01-lista');
  await fila.click();

  await expect(personal.getByRole('heading', { name: titulo })).toBeVisible();
  await expect(personal.getByText('Pendiente', { exact: true })).toBeVisible();
  await screenshot(personal, 'despacho-02-expediente');

  // return the act with a comment
  await personal.getByRole('button', { name: 'Devolver Poder para vender al cliente' }).click();
  const dialogo = personal.getByRole('dialog', { name: /Devolver «Poder para vender»/ });
  await dialogo.getByRole('button', { name: 'Devolver al cliente' }).click();
  await expect(dialogo.getByText('Escriba un comentario para el cliente')).toBeVisible();
  await dialogo.getByLabel('Comentario para el cliente').fill('Falta el NIF del apoderado');
  await screenshot(personal, 'despacho-03-devolver');
  await dialogo.getByRole('button', { name: 'Devolver al cliente' }).click();
  await expect(toast(personal, 'Acto devuelto al cliente')).toBeVisible();
  await expect(personal.getByText('Devuelto: Falta el NIF del apoderado')).toBeVisible();

  // move the case forward
  await personal.getByRole('button', { name: 'Pasar a En trámite' }).click();
  await expect(personal.getByText('En trámite', { exact: true }).first()).toBeVisible();
  await expect(personal.getByRole('button', { name: 'Finalizar' })).toBeVisible();
  await screenshot(personal, 'despacho-04-en-tramite');

  // the client reads the comment in their case
  await cliente.goto(`/expediente/${expediente}`);
  await expect(cliente.getByText('Devuelto por la notaría', { exact: false })).toBeVisible();
  await expect(cliente.getByText('Falta el NIF del apoderado')).toBeVisible();
  await screenshot(cliente, 'despacho-05-cliente-comentario');
});
