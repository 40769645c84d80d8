import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { test, expect, chooseOption, pinFromOutbox, randomNif, rememberEmail, screenshot, signIn } from './fixtures';
import { api, toast } from './expedientes-helpers';
import { exportacionSchema } from '../../domain/privacidad-exportacion';

/**
 * Issue 33's journey: Ana registers and sees the basic layer of data-protection information; uses
 * the portal; downloads her export (JSON against its schema, the PDF read as text); sees that staff
 * Lucía read her case; asks for erasure; the office accepts; her case and personas disappear from
 * the office's screens while her deed stays blocked; the retention job (every 2 s with a period of
 * 0 days in the journeys' server, tests/e2e/global-setup.ts) destroys her other persona and records it.
 */
const LUCIA = '11111111H';
rememberEmail(LUCIA, 'lucia.fernandez@notarialopezmartin.example');
const ADMIN = '00000000T';

test('Ana sees, exports and erases her data; the office accepts; blocked, then destroyed where the law allows', async ({ browser }) => {
  test.setTimeout(180_000);
  const ana = await (await browser.newContext({ acceptDownloads: true })).newPage();
  const lucia = await (await browser.newContext()).newPage();

  // registration: the basic layer is there before the e-mail is sent, with a link to the full page
  const nif = randomNif();
  const email = `e2e.${nif.toLowerCase()}@example.com`;
  rememberEmail(nif, email);
  await ana.goto('/login');
  await ana.getByLabel('Número de documento').fill(nif);
  await chooseOption(ana, 'Notaría', 'Notaría López Martín');
  await ana.getByRole('button', { name: 'Acceder', exact: true }).click();
  await expect(ana.getByRole('heading', { name: 'Completar Registro' })).toBeVisible();
  const capa = ana.getByRole('region', { name: 'Información básica sobre protección de datos' });
  await expect(capa).toContainText('Notaría López Martín');
  await expect(capa).toContainText('Finalidad');
  await expect(capa).toContainText('Legitimación');
  await expect(capa).toContainText('Destinatarios');
  await expect(capa).toContainText('Derechos');
  await expect(capa.getByRole('link', { name: 'Política de privacidad' })).toHaveAttribute('href', '/privacidad');
  await screenshot(ana, 'privacidad-01-capa-basica');
  await ana.getByLabel('Email').fill(email);
  const pedido = Date.now();
  await ana.getByRole('button', { name: 'Enviar' }).click();
  await ana.getByLabel('Código PIN').fill(await pinFromOutbox(pedido, email));
  await ana.getByRole('button', { name: 'REGISTRARSE' }).click();
  await expect(ana.getByRole('heading', { name: 'Registro Completado' })).toBeVisible();

  // the full page is public: controller and DPO per notaría, what the browser stores
  await ana.goto('/privacidad');
  await expect(ana.getByRole('heading', { name: 'Política de privacidad' })).toBeVisible();
  await expect(ana.getByText('Notaría López Martín', { exact: true })).toBeVisible();
  await expect(ana.getByRole('cell', { name: 'auth_token' })).toBeVisible();
  await expect(ana.getByText('no usa cookies')).toBeVisible();
  await screenshot(ana, 'privacidad-02-pagina');

  // she uses the portal: a case at the first notaría and another persona she manages
  await signIn(ana, nif, 'Notaría López Martín');
  const idAna = (await ana.evaluate(() => localStorage.getItem('id_persona')))!;
  const titulo = `Compraventa ${nif}`;
  const caso = await api(ana, '/expediente', { method: 'POST', json: { titulo, dueDate: '2030-06-30', personaId: idAna, notariaId: 1, links: [] } });
  expect(caso.status).toBe(201);
  const hija = await api(ana, '/persona', {
    method: 'POST',
    json: { tipoPersona: 'FISICA', identificador: { tipo: 'NIF', numero: randomNif() }, nombre: 'Marta', primerApellido: 'Prueba', fechaNacimiento: '2001-02-03', estadoCivil: 'SOLTERO' },
  });
  expect(hija.status, JSON.stringify(hija.body)).toBe(201);

  // identity images: their purpose is stated where they are collected
  await ana.goto('/datos-personales');
  await ana.getByRole('button', { name: 'Nueva Persona' }).click();
  await ana.getByRole('dialog', { name: 'Nueva Persona' }).getByRole('button', { name: /Persona Física/ }).click();
  await expect(ana.getByText('Finalidad: identificar a la persona para el otorgamiento de escrituras.', { exact: false })).toBeVisible();
  await ana.keyboard.press('Escape');

  // staff Lucía reads her case (with her ficha)
  await signIn(lucia, LUCIA);
  await lucia.goto(`/despacho/expedientes/${caso.body.id}`);
  await expect(lucia.getByRole('heading', { name: titulo })).toBeVisible();

  // her export, at once: JSON valid against its schema, and the PDF
  await ana.goto('/perfil');
  const seccion = ana.locator('#privacidad');
  await expect(seccion.getByText('Privacidad', { exact: true })).toBeVisible();
  const [json] = await Promise.all([ana.waitForEvent('download'), seccion.getByRole('button', { name: 'Descargar mis datos (JSON)' }).click()]);
  const datos = exportacionSchema.parse(JSON.parse(fs.readFileSync((await json.path())!, 'utf8')));
  expect(datos.personas.map((p) => p.id).sort()).toEqual([idAna, hija.body.id].sort());
  expect(datos.expedientes.map((e) => e.titulo)).toEqual([titulo]);
  expect(datos.usuarios.map((u) => u.email)).toEqual([email]);
  const [pdf] = await Promise.all([ana.waitForEvent('download'), seccion.getByRole('button', { name: 'Descargar mis datos (PDF)' }).click()]);
  const texto = execFileSync('pdftotext', ['-layout', (await pdf.path())!, '-'], { encoding: 'utf8' });
  expect(texto).toContain('Sus datos personales');
  expect(texto).toContain(titulo);

  // who has seen her data: Lucía, reading her case
  const accesos = seccion.getByRole('table').first();
  await expect(accesos.getByRole('row', { name: /Lucía Fernández Ruiz.*Consultó un expediente/ }).first()).toBeVisible();
  await screenshot(ana, 'privacidad-03-perfil');

  // erasure: a reason is required; then asked, with its deadline
  await seccion.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(seccion.getByText('Indique el motivo de su solicitud')).toBeVisible();
  await seccion.getByLabel('Motivo').fill('Ya no necesito los servicios de la notaría');
  await seccion.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(toast(ana, 'Solicitud enviada')).toBeVisible();
  await expect(seccion.getByRole('cell', { name: 'Pendiente' })).toBeVisible();
  // a second one while it is open: refused in Spanish
  await seccion.getByLabel('Motivo').fill('Otra vez');
  await seccion.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(seccion.getByText('Ya tiene una solicitud de este tipo pendiente de respuesta')).toBeVisible();

  // the office accepts it from its inbox
  await lucia.goto('/despacho');
  await lucia.getByRole('link', { name: 'Solicitudes de protección de datos' }).click();
  const fila = lucia.getByRole('row', { name: /Ya no necesito los servicios/ });
  await expect(fila).toBeVisible();
  await screenshot(lucia, 'privacidad-04-bandeja');
  await fila.getByRole('button', { name: 'Aceptar' }).click();
  const dialogo = lucia.getByRole('dialog');
  await dialogo.getByLabel('Respuesta para la persona').fill('Aceptamos su solicitud de supresión.');
  await dialogo.getByRole('button', { name: 'Enviar respuesta' }).click();
  await expect(toast(lucia, 'Respuesta enviada')).toBeVisible();

  // gone from the office's screens and search; her case answers as if it did not exist
  await lucia.goto('/despacho');
  await lucia.getByLabel('Buscar cliente por nombre o documento').fill(nif.toLowerCase());
  await expect(lucia.getByRole('row', { name: new RegExp(titulo) })).toHaveCount(0);
  expect((await api(lucia, `/despacho/expedientes/${caso.body.id}`)).status).toBe(404);
  expect((await api(lucia, `/persona/${idAna}`)).status).toBe(404);
  await screenshot(lucia, 'privacidad-05-despacho-sin-ana');

  // she reads the answer: the deed stays blocked, not destroyed
  await ana.reload();
  await expect(seccion.getByRole('cell', { name: 'Aceptada' })).toBeVisible();
  await expect(seccion.getByText(/protocolo notarial/).first()).toBeVisible();
  await screenshot(ana, 'privacidad-06-respuesta');

  // the retention job destroys her other persona (no deed), records it, and keeps her case blocked
  const admin = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signIn(admin, ADMIN);
  await expect
    .poll(async () => ((await api(admin, '/despacho/privacidad/destrucciones')).body as any[]).filter((d) => d.personaId === hija.body.id).map((d) => d.tipo), {
      timeout: 20_000,
    })
    .toEqual(['ficha']);
  // the admin's inbox holds the answered request; the record of processing (RGPD art. 30) is a page and a PDF
  await admin.goto('/admin/notarias');
  await admin.getByRole('link', { name: 'Solicitudes', exact: true }).click();
  await expect(admin.getByRole('row', { name: /Ya no necesito los servicios.*Aceptada/ })).toBeVisible();
  await admin.goto('/admin/notarias');
  await admin.getByRole('link', { name: 'Registro de tratamientos' }).click();
  await expect(admin.getByRole('heading', { name: 'Registro de actividades de tratamiento' })).toBeVisible();
  await expect(admin.getByText('Fichas de clientes y de las personas que gestionan')).toBeVisible();
  await screenshot(admin, 'privacidad-07-registro-actividades');
  const [registro] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: 'Descargar PDF' }).click()]);
  expect(execFileSync('pdftotext', [(await registro.path())!, '-'], { encoding: 'utf8' })).toContain('Base jurídica');

  const propia = exportacionSchema.parse((await api(ana, '/privacidad/exportacion')).body);
  expect(propia.personas.map((p) => p.id)).toEqual([idAna]);
  expect(propia.expedientes.map((e) => e.titulo)).toEqual([titulo]);
});
