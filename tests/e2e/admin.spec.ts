import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { test, expect, screenshot, outbox, signIn, storeAdminSamples } from './fixtures';
import { adminTabs } from '../../resources';

/**
 * /admin/notarias in Chromium, signed in as the demo admin (00000000T): every tab lists,
 * creates, edits and deletes through the generated views, with their Spanish messages.
 * As an assistant (12345678Z) the page is out of reach.
 */

const ADMIN = '00000000T';
const ASSISTANT = '12345678Z';
// the tabs the registry declares (resources/*.ts with adminTab), in their order
const TABS = adminTabs.map((t) => t.labels.plural);

/** A name nobody else uses in this run. */
const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 6)}`;

async function openTab(page: Page, tab: string) {
  if (!page.url().includes('/admin/notarias')) await page.goto('/admin/notarias');
  await page.getByRole('tab', { name: tab }).click();
  await expect(page.getByRole('tab', { name: tab, selected: true })).toBeVisible();
}

const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const toast = (page: Page, text: string) => page.locator('.ant-notification-notice').filter({ hasText: text }).first();

/** Chooses `option` in the antd select labelled `label` inside `scope`. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  const select = scope.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) }).locator('.ant-select');
  await expect(select).not.toHaveClass(/ant-select-disabled/); // an edit form is disabled until its row has loaded
  await select.locator('.ant-select-selector').click();
  // long option lists are virtual: searchable selects find the option by typing
  if (await select.evaluate((el) => el.classList.contains('ant-select-show-search'))) await page.keyboard.type(option);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
  // the next field is filled only once the select has settled: on a slow machine a fill made while
  // its list was still closing went into the select's search box
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await expect(select.locator('.ant-select-selection-item')).toContainText(option);
}

async function save(modal: Locator) {
  await modal.getByRole('button', { name: 'Guardar' }).click();
}

/** Every message appears under its field after an empty submit, and nothing is saved. */
async function expectMessages(modal: Locator, messages: string[]) {
  for (const message of messages) await expect(modal.getByText(message, { exact: true }).first()).toBeVisible();
}

async function deleteRow(page: Page, text: string) {
  await row(page, text).getByRole('button', { name: 'Eliminar' }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Eliminar' }).click();
}

async function search(page: Page, text: string) {
  await page.getByRole('searchbox').fill(text);
  await page.getByRole('button', { name: 'Buscar' }).click();
}

test.describe('as an admin', () => {
  // long journeys on a shared, slow machine
  test.describe.configure({ timeout: 120_000 });
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, ADMIN);
  });

  test('the Notarías entry leads to the declared tabs; each tab is a generated list (screenshots)', async ({ page }) => {
    await storeAdminSamples(page);
    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Notarías' }).click();
    await expect(page).toHaveURL(/\/admin\/notarias/);
    await expect(page.getByRole('heading', { name: 'Administración de Notarías' })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(TABS);
    for (const [i, tab] of TABS.entries()) {
      await openTab(page, tab);
      await expect(page.locator('.tabla tr.tabla-fila').first()).toBeVisible();
      await screenshot(page, `admin-tab-${i + 1}-${tab.toLowerCase().replace(/\s+/g, '-').normalize('NFD').replace(/[\u0300-\u036f]/g, '')}`);
    }
    // keyboard: the open tab is the one Tab reaches; the arrows, Home and End move, Enter opens
    const tabs = page.getByRole('tab');
    await tabs.last().focus();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.first()).toBeFocused();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await expect(tabs.nth(TABS.length - 2)).toBeFocused();
    await expect(tabs.nth(TABS.length - 2)).toHaveAttribute('aria-selected', 'false');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tab', { name: TABS[TABS.length - 2], selected: true })).toBeFocused();
    await expect(page.getByRole('tabpanel', { name: TABS[TABS.length - 2] }).locator('.tabla tr.tabla-fila').first()).toBeVisible();
    await expect(page.getByRole('tab', { selected: true })).toHaveAttribute('tabindex', '0');
    await expect(page.getByRole('tab', { selected: false }).first()).toHaveAttribute('tabindex', '-1');
  });

  test('Notarías: messages, create, search kept in the URL, edit, delete', async ({ page }) => {
    await openTab(page, 'Notarías');
    await page.getByRole('button', { name: 'Crear notaría' }).click();
    const create = dialog(page, 'Crear notaría');
    await save(create);
    await expectMessages(create, ['El nombre es obligatorio', 'La dirección es obligatoria', 'El identificador externo es obligatorio', 'El número interno es obligatorio']);
    await create.getByLabel('Email').fill('sin-arroba');
    await create.getByLabel('Teléfono').fill('12345');
    await create.getByLabel('Sistema de videoconferencia').fill('meet.example');
    await save(create);
    await expectMessages(create, ['Formato de email inválido', 'El teléfono debe tener al menos 6 dígitos', 'La URL del sistema de videoconferencia no es válida']);
    await screenshot(page, 'admin-notarias-mensajes');

    const nombre = unique('Notaría E2E');
    const codigo = `E2E${randomUUID().slice(0, 5).toUpperCase()}`;
    await create.getByLabel('Nombre').fill(nombre);
    await create.getByLabel('Dirección').fill('Calle Alcalá 1, 28014 Madrid');
    await create.getByLabel('Email').fill('e2e@notaria.example');
    await create.getByLabel('Teléfono').fill('910 000 000');
    await create.getByLabel('Sistema de videoconferencia').fill('https://meet.example.com/e2e');
    await create.getByLabel('Identificador externo').fill(codigo);
    await create.getByLabel('Número interno').fill(String(1000 + Math.floor(Math.random() * 1e6)));
    await save(create);
    await expect(toast(page, 'Notaría guardada')).toBeVisible();
    await expect(create).toBeHidden();

    await search(page, codigo);
    await expect(page).toHaveURL(/filters/);
    await expect(page.locator('.tabla tr.tabla-fila')).toHaveCount(1);
    await expect(row(page, nombre)).toBeVisible();
    // the URL keeps the list state: reloading shows the same filtered list
    await page.reload();
    await expect(page.getByRole('searchbox')).toHaveValue(codigo);
    await expect(page.locator('.tabla tr.tabla-fila')).toHaveCount(1);

    await row(page, nombre).getByRole('button', { name: 'Editar' }).click();
    const edit = dialog(page, 'Editar notaría');
    await expect(edit.getByLabel('Nombre')).toHaveValue(nombre);
    await edit.getByLabel('Nombre').fill(`${nombre} (editada)`);
    await save(edit);
    await expect(toast(page, 'Notaría guardada')).toBeVisible();
    await expect(row(page, `${nombre} (editada)`)).toBeVisible();

    await deleteRow(page, nombre);
    await expect(toast(page, 'Notaría eliminada')).toBeVisible();
    await expect(row(page, nombre)).toHaveCount(0);
  });

  test("Notarías: an office with appointments is not deleted: 'No se pudo eliminar la notaría'", async ({ page }) => {
    const nombre = unique('Notaría Con Citas');
    // an office with a staff member and a booked appointment, made with the admin's own token
    const made = await page.evaluate(async (nombre) => {
      const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('auth_token')}`, Prefer: 'return=representation' };
      const post = async (table: string, body: unknown) => {
        const res = await fetch(`/rest/v1/${table}`, { method: 'POST', headers, body: JSON.stringify(body) });
        return { status: res.status, rows: (await res.json()) as { id: number }[] };
      };
      const idint = 500000 + Math.floor(Math.random() * 400000);
      const notaria = await post('notarias', { nombre, direccion: 'Calle Prueba 1', externalidnotaria: `C${idint}`, idint });
      const staff = await post('personal', { name: 'Notario de prueba', email: 'notario.prueba@n.example', position: 'Notario', notaria_id: notaria.rows[0].id });
      const cita = await post('citas', { client_id: crypto.randomUUID(), notaria_id: notaria.rows[0].id, staff_id: staff.rows[0].id, date: '2031-06-02', time: '10:00' });
      return cita.status;
    }, nombre);
    expect(made).toBe(201);

    await openTab(page, 'Notarías');
    await search(page, nombre);
    // by keyboard: Enter opens the confirmation, the focus stays on the row's button, Escape closes it
    await row(page, nombre).getByRole('button', { name: 'Eliminar' }).focus();
    await page.keyboard.press('Enter');
    const confirmacion = page.locator('.ant-popconfirm:visible');
    await expect(confirmacion).toContainText('¿Eliminar notaría?');
    await expect(row(page, nombre).getByRole('button', { name: 'Eliminar' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(confirmacion).toHaveCount(0);
    await deleteRow(page, nombre);
    await expect(toast(page, 'No se pudo eliminar la notaría')).toBeVisible();
    await expect(toast(page, 'No se pudo eliminar la notaría')).toContainText('La notaría tiene citas o datos asociados.');
    await expect(row(page, nombre)).toBeVisible();
    await screenshot(page, 'admin-notaria-no-eliminada');
  });

  test('Notarías: the list sorts on the server by a column and pages, the URL keeping page and size', async ({ page }) => {
    await openTab(page, 'Notarías');
    const ids = () => page.locator('.tabla tr.tabla-fila td:nth-child(5)').allTextContents();
    const header = page.getByRole('columnheader', { name: 'Identificador' });
    await header.click();
    await expect(page).toHaveURL(/sorters\[0\]\[field\]=externalidnotaria&sorters\[0\]\[order\]=asc/);
    await expect.poll(async () => { const v = await ids(); return v.length > 1 && v.join() === [...v].sort().join(); }).toBe(true);
    await header.click();
    await expect(page).toHaveURL(/sorters\[0\]\[order\]=desc/);
    await expect.poll(async () => { const v = await ids(); return v.length > 1 && v.join() === [...v].sort().reverse().join(); }).toBe(true);

    // a shared link opens the same page of the same list
    await page.goto('/admin/notarias?tab=notarias&pageSize=1&currentPage=2&sorters[0][field]=nombre&sorters[0][order]=asc');
    await expect(page.locator('.tabla tr.tabla-fila')).toHaveCount(1);
    await expect(page.locator('.paginas-actual')).toHaveText('2');
    await page.getByRole('button', { name: 'Página 1', exact: true }).click();
    await expect(page).toHaveURL(/currentPage=1/);
    await expect(page.locator('.paginas-actual')).toHaveText('1');
  });

  test('Personal: messages, create, edit, Desactivar / Activar, invitation, delete', async ({ page }) => {
    await openTab(page, 'Personal');
    await page.getByRole('button', { name: 'Crear miembro del personal' }).click();
    const create = dialog(page, 'Crear miembro del personal');
    await save(create);
    // issue 35: an empty e-mail says it is required
    await expectMessages(create, ['El nombre es obligatorio', 'El email es obligatorio', 'El cargo es obligatorio', 'La notaría es obligatoria']);

    const nombre = unique('Empleado E2E');
    await create.getByLabel('Nombre').fill(nombre);
    await create.getByLabel('Email').fill('empleado.e2e@notaria.example');
    await create.getByLabel('Cargo').fill('Oficial de notaría');
    await choose(page, create, 'Notaría', 'Notaría Puig Ferrer');
    // issue 35: 'Guardar' pressed twice saves once, with no 'ya hay un miembro con este email'
    await create.getByRole('button', { name: 'Guardar' }).dblclick();
    await expect(toast(page, 'Miembro del personal guardado')).toBeVisible();
    await expect(toast(page, 'No se pudo guardar el miembro del personal')).toHaveCount(0);
    await search(page, nombre);
    await expect(row(page, nombre)).toContainText('Notaría Puig Ferrer');
    await expect(row(page, nombre)).toContainText('Lovable');
    await expect(row(page, nombre)).toContainText('Activo');

    // a lovable calendar needs no invitation
    await row(page, nombre).getByRole('button', { name: 'Enviar invitación de calendario' }).click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Enviar' }).click();
    await expect(toast(page, 'No es necesario')).toBeVisible();

    await row(page, nombre).getByRole('button', { name: 'Editar' }).click();
    const edit = dialog(page, 'Editar miembro del personal');
    await choose(page, edit, 'Tipo de calendario', 'Google Calendar');
    await save(edit);
    await expect(row(page, nombre)).toContainText('Google Calendar');

    const since = Date.now();
    await row(page, nombre).getByRole('button', { name: 'Enviar invitación de calendario' }).click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Enviar' }).click();
    await expect(toast(page, 'Invitación enviada')).toBeVisible();
    const mail = (await outbox()).find((m) => m.to === 'empleado.e2e@notaria.example' && Date.parse(m.sentAt) >= since - 2000);
    expect(mail?.subject).toBe('Invitación de calendario - Notaría Puig Ferrer');
    await screenshot(page, 'admin-personal-invitacion');

    await row(page, nombre).getByRole('button', { name: 'Desactivar' }).click();
    await expect(row(page, nombre)).toContainText('Inactivo');
    await row(page, nombre).getByRole('button', { name: 'Activar' }).click();
    await expect(row(page, nombre)).toContainText('Activo');
    await expect(row(page, nombre).getByRole('button', { name: 'Desactivar' })).toBeVisible();

    await deleteRow(page, nombre);
    await expect(toast(page, 'Miembro del personal eliminado')).toBeVisible();
    await expect(row(page, nombre)).toHaveCount(0);
  });

  test('Disponibilidad: required staff, Lunes a Viernes 09:00-14:00 by default, edit, single date, delete', async ({ page }) => {
    await openTab(page, 'Disponibilidad');
    await page.getByRole('button', { name: 'Crear regla de disponibilidad' }).click();
    const create = dialog(page, 'Crear regla de disponibilidad');
    await expect(create.getByLabel('Hora de inicio')).toHaveValue('09:00');
    await expect(create.getByLabel('Hora de fin')).toHaveValue('14:00');
    await save(create);
    await expectMessages(create, ['Debe seleccionar un miembro del personal']);

    // Pablo: no appointment journey books him, so the rule (live while this test runs, on the
    // shared server) cannot change the slots another journey expects
    await choose(page, create, 'Personal', 'Pablo Moreno Gil');
    await create.getByText('Lunes a Viernes').click();
    await create.getByLabel('Hora de inicio').fill('16:00');
    await create.getByLabel('Hora de inicio').press('Enter');
    await create.getByLabel('Hora de fin').fill('15:00');
    await create.getByLabel('Hora de fin').press('Enter');
    await save(create);
    await expectMessages(create, ['La hora de fin debe ser posterior a la de inicio']);
    await create.getByLabel('Hora de fin').fill('18:30');
    await create.getByLabel('Hora de fin').press('Enter');
    await save(create);
    await expect(toast(page, 'Disponibilidad guardada')).toBeVisible();
    const nueva = row(page, 'Pablo Moreno Gil').filter({ hasText: '16:00' });
    await expect(nueva).toContainText('Lunes a Viernes');
    await expect(nueva).toContainText('18:30');
    await expect(nueva).toContainText('Recurrente');

    await nueva.getByRole('button', { name: 'Editar' }).click();
    const edit = dialog(page, 'Editar regla de disponibilidad');
    await edit.getByLabel('Recurrente (todas las semanas)').click();
    await edit.getByLabel('Fecha').fill('16/08/2027');
    await edit.getByLabel('Fecha').press('Enter');
    await edit.getByLabel('Disponible').click();
    await save(edit);
    await expect(toast(page, 'Disponibilidad guardada')).toBeVisible();
    const unica = row(page, '16/08/2027');
    await expect(unica).toContainText('Fecha única');
    await expect(unica).toContainText('No disponible');
    await expect(unica).toContainText('Lunes');

    await deleteRow(page, '16/08/2027');
    await expect(toast(page, 'Disponibilidad eliminada')).toBeVisible();
    await expect(row(page, '16/08/2027')).toHaveCount(0);
  });

  test('Tipos de Asunto: required name, duplicate refused ignoring case, edit, delete', async ({ page }) => {
    await openTab(page, 'Tipos de Asunto');
    await page.getByRole('button', { name: 'Crear tipo de asunto' }).click();
    const create = dialog(page, 'Crear tipo de asunto');
    await save(create);
    await expectMessages(create, ['El nombre es obligatorio']);

    await create.getByLabel('Nombre').fill('fIRMA');
    await save(create);
    await expect(toast(page, 'No se pudo guardar el tipo de asunto')).toBeVisible();
    await expectMessages(create, ['Ya existe un tipo de asunto con este nombre.']);
    await screenshot(page, 'admin-tipo-asunto-duplicado');

    const nombre = unique('Asunto E2E');
    await create.getByLabel('Nombre').fill(nombre);
    await save(create);
    await expect(toast(page, 'Tipo de asunto guardado')).toBeVisible();
    await expect(create).toBeHidden();
    await search(page, nombre);
    await row(page, nombre).getByRole('button', { name: 'Editar' }).click();
    const edit = dialog(page, 'Editar tipo de asunto');
    await edit.getByLabel('Nombre').fill(`${nombre} bis`);
    await save(edit);
    await search(page, `${nombre} bis`);
    await expect(row(page, `${nombre} bis`)).toBeVisible();
    await deleteRow(page, nombre);
    await expect(toast(page, 'Tipo de asunto eliminado')).toBeVisible();
    await expect(row(page, nombre)).toHaveCount(0);
  });

  test('Categorías de Servicios: required fields, image as data URL, edit, soft delete', async ({ page }) => {
    await openTab(page, 'Categorías de Servicios');
    await page.getByRole('button', { name: 'Crear categoría' }).click();
    const create = dialog(page, 'Crear categoría');
    await save(create);
    await expect(create.getByText('Por favor completa todos los campos obligatorios')).toHaveCount(2);

    const nombre = unique('Categoría E2E');
    await create.getByLabel('Nombre').fill(nombre);
    await create.getByLabel('Descripción').fill('Una categoría creada por la prueba');
    await create.locator('input[type=file]').setInputFiles({
      name: 'icono.png',
      mimeType: 'image/png',
      buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64'),
    });
    await expect(create.getByRole('img', { name: /Vista previa/ })).toHaveAttribute('src', /^data:image\/png;base64,/);
    await save(create);
    await expect(toast(page, 'Categoría guardada')).toBeVisible();
    await search(page, nombre);
    await expect(row(page, nombre).locator('img')).toHaveAttribute('src', /^data:image\/png/);

    await row(page, nombre).getByRole('button', { name: 'Editar' }).click();
    const edit = dialog(page, 'Editar categoría');
    await edit.getByRole('button', { name: 'Quitar imagen' }).click();
    await edit.getByLabel('Descripción').fill('Descripción cambiada');
    await save(edit);
    await expect(row(page, nombre)).toContainText('Descripción cambiada');
    await expect(row(page, nombre).locator('img')).toHaveCount(0);

    await deleteRow(page, nombre);
    await expect(toast(page, 'Categoría eliminada')).toBeVisible();
    await expect(row(page, nombre)).toHaveCount(0);
    // soft delete: still stored, but not in the public catalogue
    const res = await page.request.get(`/rest/v1/categorias_servicios?select=id&nombre=eq.${encodeURIComponent(nombre)}`);
    expect(await res.json()).toEqual([]);
  });

  test('Actos Notariales: required documents (at least one, the last row stays), create, edit, soft delete', async ({ page }) => {
    await openTab(page, 'Actos Notariales');
    await page.getByRole('button', { name: 'Crear acto notarial' }).click();
    const create = dialog(page, 'Crear acto notarial');
    await expect(create.getByRole('button', { name: 'Quitar fila 1' })).toBeDisabled();
    await save(create);
    await expect(create.getByText('Por favor completa todos los campos obligatorios')).toHaveCount(3);
    await expectMessages(create, ['Por favor, agrega al menos un documento requerido']);

    const nombre = unique('Acto E2E');
    await create.getByLabel('Nombre').fill(nombre);
    await choose(page, create, 'Categoría', 'Actas');
    await create.getByLabel('Descripción').fill('Un acto creado por la prueba');
    await create.getByLabel('Documentos requeridos 1').fill('   ');
    await save(create);
    await expectMessages(create, ['Por favor, agrega al menos un documento requerido']);
    await create.getByLabel('Documentos requeridos 1').fill('DNI del requirente');
    await create.getByRole('button', { name: 'Agregar documento' }).click();
    await create.getByLabel('Documentos requeridos 2').fill('Poder de representación');
    await expect(create.getByRole('button', { name: 'Quitar fila 1' })).toBeEnabled();
    await save(create);
    await expect(toast(page, 'Acto guardado')).toBeVisible();
    await search(page, nombre);
    await expect(row(page, nombre)).toContainText('Actas');

    await row(page, nombre).getByRole('button', { name: 'Editar' }).click();
    const edit = dialog(page, 'Editar acto notarial');
    await expect(edit.getByLabel('Documentos requeridos 2')).toHaveValue('Poder de representación');
    await edit.getByRole('button', { name: 'Quitar fila 2' }).click();
    await expect(edit.getByRole('button', { name: 'Quitar fila 1' })).toBeDisabled();
    await save(edit);
    await expect(toast(page, 'Acto guardado')).toBeVisible();
    await expect(row(page, nombre).getByRole('cell').nth(3)).toHaveText('1'); // one document left

    await deleteRow(page, nombre);
    await expect(toast(page, 'Acto eliminado')).toBeVisible();
    await expect(row(page, nombre)).toHaveCount(0);
  });

  test('Plantillas de Documentos: required fields, all acts, 150-character preview, derived names, edit, delete', async ({ page }) => {
    await openTab(page, 'Plantillas de Documentos');
    await page.getByRole('button', { name: 'Crear plantilla' }).click();
    const create = dialog(page, 'Crear plantilla');
    await save(create);
    await expect(create.getByText('Por favor completa todos los campos requeridos')).toHaveCount(3);

    const nombre = unique('Plantilla E2E');
    const texto = `NÚMERO {{numero_protocolo}}. ${'Texto de la plantilla que es bastante largo. '.repeat(6)}`;
    await create.getByLabel('Nombre', { exact: true }).fill(nombre);
    await choose(page, create, 'Notaría', 'Notaría Sánchez Ruiz');
    await create.getByLabel('Plantilla').fill(texto);
    await save(create);
    await expect(toast(page, 'Plantilla guardada')).toBeVisible();
    await search(page, nombre);
    const fila = row(page, nombre);
    await expect(fila).toContainText('Todos los actos');
    await expect(fila).toContainText(`${texto.slice(0, 150)}...`);

    await fila.getByRole('button', { name: 'Editar' }).click();
    const edit = dialog(page, 'Editar plantilla');
    await choose(page, edit, 'Acto', 'Poder General');
    // the placeholders the act's form offers, with an example; any other is refused by name
    await edit.getByText('Marcadores disponibles para este acto').click();
    await expect(edit.getByText('{{apoderados}}', { exact: true })).toBeVisible();
    await expect(edit.getByText('{{#apoderados}}{{primer_apellido}}{{/apoderados}}', { exact: true })).toBeVisible();
    await edit.getByLabel('Plantilla', { exact: true }).fill(`${texto} {{nombre_inexistente}}`);
    await save(edit);
    await expect(toast(page, 'La plantilla usa un marcador desconocido: {{nombre_inexistente}}')).toBeVisible();
    await edit.getByLabel('Plantilla', { exact: true }).fill(`${texto} A favor de {{apoderados}}.`);
    await save(edit);
    await expect(toast(page, 'Plantilla guardada')).toBeVisible();
    await expect(fila).toContainText('Poder General');
    await expect(fila).toContainText('Poderes');

    await deleteRow(page, nombre);
    await expect(toast(page, 'Plantilla eliminada')).toBeVisible();
    await expect(row(page, nombre)).toHaveCount(0);
  });
});

test('on a phone the tabs scroll and the list is stacked cards; the form fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN);
  await page.goto('/admin/notarias?tab=actos_servicios');
  await expect(page.getByRole('tab', { name: 'Actos Notariales', selected: true })).toBeVisible();
  await expect(page.locator('.crud-tarjeta').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshot(page, 'admin-movil-lista');
  await page.getByRole('button', { name: 'Crear acto notarial' }).click();
  const create = dialog(page, 'Crear acto notarial');
  const box = await create.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
  await screenshot(page, 'admin-movil-formulario');
  // keyboard: typing in a field, then Escape closes the form
  await create.getByLabel('Nombre').fill('Borrador');
  await create.getByLabel('Nombre').press('Escape');
  await expect(create).toBeHidden();
});

test.describe('as an assistant', () => {
  test('/admin/notarias redirects to /citas and there is no Notarías entry', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, ASSISTANT);
    await expect(page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Citas' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Notarías' })).toHaveCount(0);
    await page.goto('/admin/notarias');
    await expect(page).toHaveURL(/\/citas$/);
    await page.goto('/admin/recursos/festivos');
    await expect(page).toHaveURL(/\/citas$/);
  });
});
