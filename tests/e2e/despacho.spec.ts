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
  // two people signed in and the whole exchange: 45-66 s beside another worker, over the default 60 s
  test.slow();
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
  // two characters are too few to look up: a hint, the list as it was, no failed request
  const buscar = personal.getByLabel('Buscar cliente por nombre o documento');
  await buscar.fill(documento.slice(0, 2).toLowerCase());
  await expect(personal.getByRole('status').filter({ hasText: 'Escriba al menos 3 letras o cifras seguidas del nombre o del documento del cliente' })).toBeVisible();
  await personal.waitForTimeout(800); // past the 300 ms pause after typing, when the filter would go out
  await expect(toast(personal, 'No se pudieron cargar los expedientes del despacho')).toHaveCount(0);
  await expect(personal.getByRole('row').nth(1)).toBeVisible();
  await screenshot(personal, 'despacho-01a-busqueda-corta');
  await buscar.fill(documento.toLowerCase());
  const fila = personal.getByRole('row', { name: new RegExp(`Abrir expediente ${titulo}`) });
  await expect(fila).toBeVisible();
  await expect(personal.getByRole('row')).toHaveCount(2); // the header and the one case
  await screenshot(personal, 'despacho-01-lista');
  await fila.click();

  await expect(personal.getByRole('heading', { name: titulo })).toBeVisible();
  await expect(personal.getByText('Pendiente', { exact: true })).toBeVisible();
  await screenshot(personal, 'despacho-02-expediente');

  // the act's form as the client filled it, read-only
  await personal.getByRole('button', { name: 'Ver formulario de Poder para vender' }).click();
  const formulario = personal.frameLocator('iframe[title="Formulario: Poder para vender"]');
  await expect(formulario.getByRole('status')).toContainText('sus datos no se pueden modificar');
  await expect(formulario.locator('fieldset.af-lectura')).toHaveAttribute('disabled', '');
  // issue 35: the read-only form offers no button that would change it (search by NIF, add a row)
  await expect(formulario.getByRole('button', { name: /Buscar|Añadir|Quitar/ })).toHaveCount(0);
  await expect(formulario.getByRole('status')).toContainText('devuélvalo con un comentario');
  await screenshot(personal, 'despacho-02b-formulario-lectura');
  await personal.getByRole('dialog', { name: 'Poder para vender' }).getByRole('button', { name: 'Cerrar' }).click();

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

  // the client sends it again; with the case in process only the office may take it back to draft
  const filaCliente = cliente.getByRole('row').filter({ hasText: 'Poder para vender' });
  const elegir = async (estado: string) => {
    await filaCliente.locator('.ant-select-selector').click();
    await cliente.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: estado }).click();
  };
  await elegir('Enviado');
  await expect(toast(cliente, 'Acto actualizado')).toBeVisible();
  await expect(toast(cliente, 'Estado: Enviado')).toBeVisible();
  // issue 35: 'Borrador' is offered no more once the office has taken the case; its title says why
  await filaCliente.locator('.ant-select-selector').click();
  const borrador = cliente.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Borrador' });
  await expect(borrador).toHaveClass(/ant-select-item-option-disabled/);
  await expect(borrador).toHaveAttribute('title', 'El expediente está en trámite: solo la notaría puede devolver un acto enviado a borrador');
  await cliente.keyboard.press('Escape');
  await expect(filaCliente).toContainText('Enviado');
  await screenshot(cliente, 'despacho-06-cliente-reenvia');
});

test("the office's appointments: staff see a client's online appointment with the video link and cancel it", async ({ browser }) => {
  const cliente = await (await browser.newContext()).newPage();
  const personal = await (await browser.newContext()).newPage();
  const { documento } = await nuevoUsuario(cliente);
  // a weekday of 2031 nobody else uses, with Lucía herself (staff 8 of notaría 1)
  const dia = new Date(Date.UTC(2031, 0, 6 + 7 * Math.floor(Math.random() * 40) + Math.floor(Math.random() * 5)));
  const fecha = dia.toISOString().slice(0, 10);
  const idPersona = await cliente.evaluate(() => localStorage.getItem('id_persona'));
  const reservada = await cliente.evaluate(
    async ({ fecha, idPersona }) => {
      const token = localStorage.getItem('auth_token');
      const res = await fetch('/rest/v1/citas', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, Prefer: 'return=representation' },
        body: JSON.stringify({ client_id: idPersona, notaria_id: 1, staff_id: 8, subject: 'Firma', date: fecha, time: '18:00', type: 'online' }),
      });
      return res.status;
    },
    { fecha, idPersona },
  );
  expect(reservada).toBe(201);
  // the client's /citas shows the video link of the online appointment
  await cliente.goto('/citas');
  await expect(cliente.getByRole('link', { name: 'Enlace de videoconferencia' }).first()).toHaveAttribute('href', 'https://meet.notarialopezmartin.example/sala');

  await signIn(personal, LUCIA);
  await personal.goto('/despacho/citas');
  await personal.getByRole('textbox', { name: 'Fecha' }).click();
  await personal.getByRole('textbox', { name: 'Fecha' }).fill(`${fecha.slice(8, 10)}/${fecha.slice(5, 7)}/${fecha.slice(0, 4)}`);
  await personal.keyboard.press('Enter');
  // a client who has not yet given a name is shown by their document
  const cita = personal.getByLabel(`Cita de ${documento} a las 18:00`);
  await expect(cita.first()).toBeVisible();
  await expect(cita.first().getByRole('link', { name: 'Enlace de videoconferencia' })).toBeVisible();
  await screenshot(personal, 'despacho-07-citas');
  await cita.first().getByRole('button', { name: /Cancelar cita de/ }).click();
  await personal.getByRole('button', { name: 'Sí, cancelar' }).click();
  await expect(toast(personal, 'Cita cancelada')).toBeVisible();
  await expect(cita).toHaveCount(0);
});
