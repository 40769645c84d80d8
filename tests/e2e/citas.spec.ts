import type { Locator, Page } from '@playwright/test';
import { test, expect, screenshot, registerUser, signIn } from './fixtures';

/**
 * Appointments in the browser, against the real server: the 'Pedir cita' wizard (mouse and
 * keyboard only), the table, the dashboard, edit and cancel, and a slot taken meanwhile.
 * Every journey signs in as a freshly registered client and books a random weekday a few months
 * ahead, so parallel journeys never compete for the same staff member's slot by accident.
 */

/** A Monday to Thursday (Javier Ortega works afternoons then), 40 to 300 days ahead, as yyyy-mm-dd. */
function futureWeekday(): string {
  const d = new Date();
  d.setDate(d.getDate() + 40 + Math.floor(Math.random() * 260));
  while (d.getDay() < 1 || d.getDay() > 4) d.setDate(d.getDate() + 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
const es = (iso: string) => iso.split('-').reverse().join('/');

/** Shows the month of `iso` in the wizard's calendar and chooses that day. */
async function chooseDate(dialog: Locator, iso: string) {
  const day = dialog.locator(`[data-date="${iso}"]`);
  for (let i = 0; i < 12 && !(await day.isVisible()); i++) await dialog.getByRole('button', { name: 'Mes siguiente' }).click();
  await day.click();
}

/** Presses Tab until `target` has the focus (it must be reachable by keyboard), then `key`. */
async function tabTo(page: Page, target: Locator, key = 'Enter') {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) {
      if (key) await page.keyboard.press(key);
      return;
    }
  }
  throw new Error('El elemento no se alcanza con el teclado');
}

async function openWizard(page: Page) {
  await page.getByRole('button', { name: 'Pedir cita' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pedir cita' });
  await expect(dialog.getByRole('heading', { name: 'Seleccione la notaría' })).toBeVisible();
  return dialog;
}

/** Notaría, notario, asunto and cliente, with the mouse; ends on the date-and-time step. */
async function chooseUpToDate(page: Page, dialog: Locator, o: { notaria: string; notario: string; asunto: string; cliente: string }) {
  await dialog.getByRole('button', { name: new RegExp(o.notaria) }).click();
  await expect(dialog.getByRole('heading', { name: 'Seleccione con quién desea la cita' })).toBeVisible();
  await dialog.getByRole('button', { name: new RegExp(o.notario) }).click();
  await expect(dialog.getByRole('heading', { name: 'Seleccione el asunto' })).toBeVisible();
  await dialog.getByRole('button', { name: o.asunto, exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Seleccione el cliente' })).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Cliente' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: o.cliente }).click();
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(dialog.getByRole('heading', { name: 'Seleccione fecha y hora' })).toBeVisible();
}

test('book an in-person appointment with the mouse and an online one with the keyboard; see, edit and cancel them', async ({ page }) => {
  test.setTimeout(120_000);
  const { documento } = await registerUser();
  await signIn(page, documento);
  await page.goto('/citas');
  await expect(page.getByRole('heading', { name: 'Citas', exact: true })).toBeVisible();
  await expect(page.getByText('No tienes citas programadas')).toBeVisible();
  await screenshot(page, 'citas-vacia');

  // 1. in person, with the mouse
  const presencial = futureWeekday();
  let dialog = await openWizard(page);
  await screenshot(page, 'citas-wizard-notaria');
  await chooseUpToDate(page, dialog, { notaria: 'Notaría López Martín', notario: 'Javier Ortega Díaz', asunto: 'Firma', cliente: documento });
  await expect(dialog.getByRole('tab', { name: 'Presencial' })).toHaveAttribute('aria-selected', 'true');
  // past days cannot be chosen
  const yesterday = new Date(Date.now() - 86_400_000);
  const yesterdayIso = `${yesterday.getFullYear()}-${String(yesterday.getMonth() + 1).padStart(2, '0')}-${String(yesterday.getDate()).padStart(2, '0')}`;
  const past = dialog.locator(`[data-date="${yesterdayIso}"]`);
  if (await past.count()) await expect(past).toBeDisabled();
  await chooseDate(dialog, presencial);
  // Javier: 09:00-14:00 and 15:00-19:00 Monday to Thursday, so the whole weekday list
  const horas = dialog.getByRole('group', { name: `Horas disponibles el ${es(presencial)}` });
  await expect(horas.getByRole('button')).toHaveText(['09:00', '10:00', '11:00', '12:00', '15:00', '16:00', '17:00', '18:00']);
  await screenshot(page, 'citas-wizard-fecha-hora');
  await horas.getByRole('button', { name: '16:00' }).click();
  await expect(dialog.getByRole('heading', { name: 'Confirme su cita' })).toBeVisible();
  for (const text of ['Notaría López Martín', 'Javier Ortega Díaz', 'Firma', documento, es(presencial), '16:00', 'Presencial']) {
    await expect(dialog.getByText(text, { exact: true })).toBeVisible();
  }
  await screenshot(page, 'citas-wizard-resumen');
  // issue 35: a double click books once, with no 'already taken' message and the wizard closed
  await dialog.getByRole('button', { name: 'Confirmar cita' }).dblclick();
  await expect(page.getByText('Cita programada').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Esa hora acaba de ser reservada por otra persona', { exact: false })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: '16:00' })).toHaveCount(1);

  // 2. online, with the keyboard alone
  const online = futureWeekday();
  await page.getByRole('button', { name: 'Pedir cita' }).focus();
  await page.keyboard.press('Enter');
  dialog = page.getByRole('dialog', { name: 'Pedir cita' });
  await expect(dialog.getByRole('heading', { name: 'Seleccione la notaría' })).toBeFocused();
  await tabTo(page, dialog.getByRole('button', { name: /Notaría Puig Ferrer/ }));
  await tabTo(page, dialog.getByRole('button', { name: /Marta Vidal Soler/ }));
  await tabTo(page, dialog.getByRole('button', { name: 'Consulta', exact: true }));
  await tabTo(page, dialog.getByRole('combobox', { name: 'Cliente' }), 'ArrowDown');
  await page.keyboard.press('Enter');
  await tabTo(page, dialog.getByRole('button', { name: 'Continuar' }));
  await tabTo(page, dialog.getByRole('tab', { name: 'Presencial' }), 'ArrowRight');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('tab', { name: 'Online' })).toHaveAttribute('aria-selected', 'true');
  // the arrow keys walk the calendar from today to the chosen day
  await tabTo(page, dialog.locator('.calendario-dia[tabindex="0"]'), '');
  const from = new Date(`${await page.evaluate(() => (document.activeElement as HTMLElement).dataset.date)}T12:00:00`);
  const days = Math.round((new Date(`${online}T12:00:00`).getTime() - from.getTime()) / 86_400_000);
  for (let i = 0; i < Math.floor(days / 7); i++) await page.keyboard.press('ArrowDown');
  for (let i = 0; i < days % 7; i++) await page.keyboard.press('ArrowRight');
  await expect(dialog.locator(`[data-date="${online}"]`)).toBeFocused();
  await page.keyboard.press('Enter');
  // Marta works mornings: 09:00 to 12:00
  const manana = dialog.getByRole('group', { name: `Horas disponibles el ${es(online)}` });
  await expect(manana.getByRole('button')).toHaveText(['09:00', '10:00', '11:00', '12:00']);
  await tabTo(page, manana.getByRole('button', { name: '10:00' }));
  await expect(dialog.getByText('Online', { exact: true })).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Confirmar cita' }));
  await expect(page.getByText('Cita programada').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  // 3. both in the table, soonest first, with their badges
  const rows = page.locator('.tabla tr.tabla-fila');
  await expect(rows).toHaveCount(2);
  const fila = (fecha: string) => rows.filter({ hasText: es(fecha) });
  await expect(fila(presencial)).toContainText('Notaría López Martín');
  await expect(fila(presencial)).toContainText('Javier Ortega Díaz');
  await expect(fila(presencial)).toContainText('Firma');
  await expect(fila(presencial)).toContainText('16:00');
  await expect(fila(presencial).locator('.ant-tag')).toHaveText('Presencial');
  await expect(fila(online)).toContainText('Notaría Puig Ferrer');
  await expect(fila(online)).toContainText('Marta Vidal Soler');
  await expect(fila(online).locator('.ant-tag')).toHaveText('Online');
  await screenshot(page, 'citas-tabla');

  // 4. and on the dashboard
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Inicio' }).click();
  const proximas = page.locator('.ant-card').filter({ hasText: 'Próximas citas' });
  await expect(proximas.getByText(`${es(presencial)} · 16:00`)).toBeVisible();
  await expect(proximas.getByText(`${es(online)} · 10:00`)).toBeVisible();
  await screenshot(page, 'citas-dashboard');
  await proximas.getByRole('link', { name: 'Ver citas' }).click();
  await expect(page).toHaveURL(/\/citas$/);

  // 5. edit: move the in-person one to 17:00
  await fila(presencial).getByRole('button', { name: /Editar cita/ }).click();
  const editar = page.getByRole('dialog', { name: 'Editar cita' });
  await editar.getByRole('group', { name: /Horas disponibles/ }).getByRole('button', { name: '17:00' }).click();
  await editar.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Cita actualizada')).toBeVisible();
  await expect(fila(presencial)).toContainText('17:00');

  // 6. cancel the online one, after confirming
  await fila(online).getByRole('button', { name: /Cancelar cita/ }).click();
  await expect(page.getByText('¿Estás seguro que deseas cancelar esta cita?')).toBeVisible();
  await screenshot(page, 'citas-cancelar');
  await page.getByRole('button', { name: 'Sí, cancelar' }).click();
  await expect(page.getByText('Cita cancelada')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(fila(online)).toHaveCount(0);
  await page.reload();
  await expect(rows).toHaveCount(1);
});

test('the wizard: nothing happens while a choice is missing, back clears the latest choice, closing starts again', async ({ page }) => {
  const { documento } = await registerUser();
  await signIn(page, documento);
  await page.goto('/citas');
  const dialog = await openWizard(page);
  await dialog.getByRole('button', { name: /Notaría López Martín/ }).click();
  await expect(dialog.getByRole('button', { name: /Carmen López Martín/ })).toBeVisible();
  // back: the notaría is cleared and another one shows its own staff
  await dialog.getByRole('button', { name: 'Atrás' }).click();
  await expect(dialog.getByRole('heading', { name: 'Seleccione la notaría' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Atrás' })).toHaveCount(0);
  await dialog.getByRole('button', { name: /Notaría Sánchez Ruiz/ }).click();
  // the deactivated staff member is not offered
  await expect(dialog.getByRole('button', { name: /Elena Sánchez Ruiz/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Lucía Navarro/ })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: /Carmen López Martín/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: /Elena Sánchez Ruiz/ }).click();
  await dialog.getByRole('button', { name: 'Otros', exact: true }).click();
  // no client chosen: 'Continuar' does nothing
  await expect(dialog.getByRole('button', { name: 'Continuar' })).toBeDisabled();
  await expect(dialog.getByRole('heading', { name: 'Seleccione el cliente' })).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Cliente' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: documento }).click();
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  // a Saturday: Elena only works Monday to Friday
  const saturday = new Date();
  saturday.setDate(saturday.getDate() + 14 + ((6 - saturday.getDay() + 7) % 7));
  const iso = `${saturday.getFullYear()}-${String(saturday.getMonth() + 1).padStart(2, '0')}-${String(saturday.getDate()).padStart(2, '0')}`;
  await chooseDate(dialog, iso);
  await expect(dialog.getByText('No hay horas disponibles para este día')).toBeVisible();
  // back from the date step clears the client: 'Continuar' is disabled again
  await dialog.getByRole('button', { name: 'Atrás' }).click();
  await expect(dialog.getByRole('button', { name: 'Continuar' })).toBeDisabled();

  // closing and opening again starts from the first step
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await page.waitForTimeout(400);
  await page.getByRole('button', { name: 'Pedir cita' }).click();
  await expect(dialog.getByRole('heading', { name: 'Seleccione la notaría' })).toBeVisible();
  await expect(dialog.getByText('Paso 1 de 6')).toBeVisible();
});

test('a slot taken by someone else meanwhile: a clear message and the remaining slots', async ({ browser }) => {
  test.setTimeout(120_000);
  const date = futureWeekday();
  const [a, b] = await Promise.all([registerUser(), registerUser()]);
  const pageA = await (await browser.newContext()).newPage();
  const pageB = await (await browser.newContext()).newPage();
  await signIn(pageA, a.documento);
  await signIn(pageB, b.documento);

  const reachTimes = async (page: Page, documento: string) => {
    await page.goto('/citas');
    const dialog = await openWizard(page);
    await chooseUpToDate(page, dialog, { notaria: 'Notaría López Martín', notario: 'Carmen López Martín', asunto: 'Consulta', cliente: documento });
    await chooseDate(dialog, date);
    return dialog;
  };
  const dialogA = await reachTimes(pageA, a.documento);
  const dialogB = await reachTimes(pageB, b.documento);
  await expect(dialogA.getByRole('button', { name: '11:00' })).toBeVisible();

  // B books 11:00 first
  await dialogB.getByRole('button', { name: '11:00' }).click();
  await dialogB.getByRole('button', { name: 'Confirmar cita' }).click();
  await expect(pageB.getByText('Cita programada')).toBeVisible();

  // A still sees 11:00 offered, tries it and loses
  await dialogA.getByRole('button', { name: '11:00' }).click();
  await dialogA.getByRole('button', { name: 'Confirmar cita' }).click();
  const mensaje = 'Esa hora acaba de ser reservada por otra persona. Elija otra de las horas disponibles.';
  await expect(dialogA.getByText(mensaje)).toBeVisible();
  await expect(dialogA.getByRole('heading', { name: 'Seleccione fecha y hora' })).toBeVisible();
  const horas = dialogA.getByRole('group', { name: /Horas disponibles/ });
  await expect(horas.getByRole('button')).toHaveText(['09:00', '10:00', '12:00']);
  await screenshot(pageA, 'citas-hora-ocupada');
  await horas.getByRole('button', { name: '12:00' }).click();
  await dialogA.getByRole('button', { name: 'Confirmar cita' }).click();
  await expect(pageA.getByText('Cita programada')).toBeVisible();
  await expect(pageA.locator('.tabla tr.tabla-fila')).toHaveCount(1);
  await expect(pageA.locator('.tabla tbody')).toContainText('12:00');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the wizard fits the screen and books with taps', async ({ page }) => {
    const { documento } = await registerUser();
    await signIn(page, documento);
    await page.goto('/citas');
    const dialog = await openWizard(page);
    await chooseUpToDate(page, dialog, { notaria: 'Notaría Sánchez Ruiz', notario: 'Elena Sánchez Ruiz', asunto: 'Firma', cliente: documento });
    await dialog.getByRole('tab', { name: 'Online' }).click();
    const date = futureWeekday();
    await chooseDate(dialog, date);
    await expect(dialog.getByRole('button', { name: '09:00' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'citas-wizard-movil');
    await dialog.getByRole('button', { name: '09:00' }).tap();
    await dialog.getByRole('button', { name: 'Confirmar cita' }).tap();
    await expect(page.getByText('Cita programada')).toBeVisible();
    await expect(page.locator('.tabla tbody .ant-tag')).toHaveText('Online');
    await screenshot(page, 'citas-tabla-movil');
  });
});

test('the wizard closed and opened again at once starts over, not where the previous one was left', async ({ page }) => {
  const { documento } = await registerUser();
  await signIn(page, documento);
  await page.goto('/citas');
  let dialog = await openWizard(page);
  await dialog.getByRole('button', { name: /Notaría López Martín/ }).click();
  await expect(dialog.getByRole('heading', { name: 'Seleccione con quién desea la cita' })).toBeVisible();
  // closed, and 'Pedir cita' pressed again with the keyboard while the dialog is still fading out
  // (a second booking right after the first): its choices must not come back
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Pedir cita' }).focus();
  await page.keyboard.press('Enter');
  dialog = page.getByRole('dialog', { name: 'Pedir cita' });
  await expect(dialog.getByRole('heading', { name: 'Seleccione la notaría' })).toBeVisible();
  await expect(dialog.getByText('Paso 1 de 6')).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Seleccione con quién desea la cita' })).toHaveCount(0);
});
