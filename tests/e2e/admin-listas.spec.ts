import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { test, expect, screenshot, signIn, storeAdminSamples } from './fixtures';
import { adminTabs } from '../../resources';

/**
 * The admin's generated lists as an admin meets them: no error after a delete, dates and times
 * as dd/mm/aaaa and 24-hour whatever the browser's language, every column and action within
 * the width at 1366 px, deleted categories and acts listed and restored, and on a phone stacked
 * cards that never scroll sideways.
 */

const ADMIN = '00000000T';
const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 6)}`;
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const toast = (page: Page, text: string) => page.locator('.ant-notification-notice').filter({ hasText: text }).first();

async function openTab(page: Page, tab: string) {
  if (!page.url().includes('/admin/notarias')) await page.goto('/admin/notarias');
  await page.getByRole('tab', { name: tab }).click();
  await expect(page.getByRole('tab', { name: tab, selected: true })).toBeVisible();
}

async function choose(page: Page, scope: Locator, label: string, option: string) {
  const select = scope.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) }).locator('.ant-select');
  await expect(select).not.toHaveClass(/ant-select-disabled/);
  await select.locator('.ant-select-selector').click();
  if (await select.evaluate((el) => el.classList.contains('ant-select-show-search'))) await page.keyboard.type(option);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await expect(select.locator('.ant-select-selection-item')).toContainText(option);
}

async function search(page: Page, text: string) {
  await page.getByRole('searchbox').fill(text);
  await page.getByRole('button', { name: 'Buscar' }).click();
}

/** How far the page or the list scrolls sideways (0 = everything within the width). */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const doc = document.documentElement.scrollWidth - window.innerWidth;
    const tables = [...document.querySelectorAll('.tabla-marco, .ant-table-content, .ant-table-body')].map((el) => el.scrollWidth - el.clientWidth);
    return Math.max(doc, 0, ...tables);
  });
}

test.describe('at 1366×900', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ viewport: { width: 1366, height: 900 } });
  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN);
  });

  test('a template with an act, edited, then deleted: one toast, no error', async ({ page }) => {
    await openTab(page, 'Plantillas de Documentos');
    await page.getByRole('button', { name: 'Crear plantilla' }).click();
    const create = dialog(page, 'Crear plantilla');
    const nombre = unique('Plantilla borrada');
    await create.getByLabel('Nombre', { exact: true }).fill(nombre);
    await choose(page, create, 'Notaría', 'Notaría Sánchez Ruiz');
    await choose(page, create, 'Acto', 'Poder General');
    await create.getByLabel('Plantilla').fill('Texto de la plantilla');
    await create.getByRole('button', { name: 'Guardar' }).click();
    await expect(toast(page, 'Plantilla guardada')).toBeVisible();
    await search(page, nombre);
    await row(page, nombre).getByRole('button', { name: 'Editar' }).click();
    const edit = dialog(page, 'Editar plantilla');
    await edit.getByLabel('Plantilla').fill('Texto cambiado');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await expect(toast(page, 'Plantilla guardada')).toBeVisible();
    await row(page, nombre).getByRole('button', { name: 'Eliminar' }).click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Eliminar' }).click();
    await expect(toast(page, 'Plantilla eliminada')).toBeVisible();
    await expect(row(page, nombre)).toHaveCount(0);
    // the list and the closed edit form have read again by now; nothing else was said
    await page.waitForTimeout(1_500);
    await expect(page.locator('.ant-notification-notice')).toHaveText([/Plantilla eliminada/]);
    await expect(page.getByText(/código|Cannot read|undefined/)).toHaveCount(0);
  });

  test('Personal and Plantillas show every column and action within the width', async ({ page }) => {
    for (const tab of ['Personal', 'Plantillas de Documentos', 'Notarías', 'Disponibilidad', 'Actos Notariales']) {
      await openTab(page, tab);
      await expect(page.locator('.tabla tr.tabla-fila').first()).toBeVisible();
      expect(await sidewaysOverflow(page), tab).toBeLessThanOrEqual(0);
      const header = page.getByRole('columnheader', { name: 'Acciones' });
      await expect(header).toBeInViewport({ ratio: 1 });
      await screenshot(page, `admin-1366-${tab.split(' ')[0].toLowerCase()}`);
    }
    await openTab(page, 'Personal');
    await expect(page.getByRole('button', { name: 'Enviar invitación de calendario' }).first()).toBeInViewport({ ratio: 1 });
    await openTab(page, 'Plantillas de Documentos');
    for (const name of ['Notaría', 'Versión', 'Estado', 'Acciones']) await expect(page.getByRole('columnheader', { name })).toBeInViewport({ ratio: 1 });
  });

  test('the search box ignores accents and case: lopez martin finds López Martín', async ({ page }) => {
    await openTab(page, 'Personal');
    await search(page, 'lopez martin');
    await expect(row(page, 'Carmen López Martín')).toBeVisible();
    await expect(page.getByText('1 en total')).toBeVisible();
    await expect(page.getByRole('searchbox')).toHaveValue('lopez martin');
    await openTab(page, 'Notarías');
    await search(page, 'NOTARIA SANCHEZ');
    await expect(row(page, 'Notaría Sánchez Ruiz')).toBeVisible();
    await expect(page.getByText('1 en total')).toBeVisible();
    await screenshot(page, 'admin-busqueda-sin-acentos');
  });

  test('deleted categories and acts are listed with Ver eliminados and come back with Restaurar', async ({ page }) => {
    for (const [tab, singular, restored] of [
      ['Categorías de Servicios', 'categoría', 'Categoría restaurada'],
      ['Actos Notariales', 'acto notarial', 'Acto restaurado'],
    ] as const) {
      await openTab(page, tab);
      await page.getByRole('button', { name: `Crear ${singular}` }).click();
      const create = dialog(page, `Crear ${singular}`);
      const nombre = unique('Restaurable');
      await create.getByLabel('Nombre').fill(nombre);
      await create.getByLabel('Descripción').fill('Se elimina y se restaura');
      if (tab === 'Actos Notariales') {
        await choose(page, create, 'Categoría', 'Actas');
        await create.getByLabel('Documentos requeridos 1').fill('DNI');
      }
      await create.getByRole('button', { name: 'Guardar' }).click();
      await expect(create).toBeHidden();
      await search(page, nombre);
      await row(page, nombre).getByRole('button', { name: 'Eliminar' }).click();
      await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Eliminar' }).click();
      await expect(row(page, nombre)).toHaveCount(0);

      await page.getByRole('switch', { name: 'Ver eliminados' }).click();
      await search(page, nombre);
      await expect(row(page, nombre)).toBeVisible();
      await expect(page.getByRole('button', { name: `Crear ${singular}` })).toHaveCount(0);
      await screenshot(page, `admin-eliminados-${singular.split(' ')[0]}`);
      await row(page, nombre).getByRole('button', { name: 'Restaurar' }).click();
      await expect(toast(page, restored)).toBeVisible();
      await expect(row(page, nombre)).toHaveCount(0);

      await page.getByRole('switch', { name: 'Ver eliminados' }).click();
      await search(page, nombre);
      await expect(row(page, nombre)).toBeVisible();
      // deleted again: the public catalogue other journeys count stays as it was
      await row(page, nombre).getByRole('button', { name: 'Eliminar' }).click();
      await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Eliminar' }).click();
      await expect(row(page, nombre)).toHaveCount(0);
    }
  });
});

test.describe('in a browser set to English', () => {
  test.use({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });

  test('a single-date availability rule reads dd/mm/aaaa and its times 24-hour', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, ADMIN);
    await openTab(page, 'Disponibilidad');
    await page.getByRole('button', { name: 'Crear regla de disponibilidad' }).click();
    const create = dialog(page, 'Crear regla de disponibilidad');
    await choose(page, create, 'Personal', 'Pablo Moreno Gil');
    await create.getByLabel('Recurrente (todas las semanas)').click();
    const fecha = create.getByLabel('Fecha', { exact: true });
    await expect(fecha).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    await fecha.click();
    await fecha.fill('17/08/2027');
    await fecha.press('Enter');
    await expect(fecha).toHaveValue('17/08/2027');
    // a browser time field would read 09:00 AM here; the portal's reads 09:00
    const inicio = create.getByLabel('Hora de inicio');
    await expect(inicio).toHaveValue('09:00');
    await expect(inicio).not.toHaveAttribute('type', 'time');
    await inicio.click();
    await inicio.fill('16:30');
    await inicio.press('Enter');
    await expect(inicio).toHaveValue('16:30');
    await create.getByLabel('Hora de fin').click();
    await create.getByLabel('Hora de fin').fill('18:00');
    await create.getByLabel('Hora de fin').press('Enter');
    await screenshot(page, 'admin-disponibilidad-fecha-24h');
    await create.getByRole('button', { name: 'Guardar' }).click();
    await expect(toast(page, 'Disponibilidad guardada')).toBeVisible();
    const nueva = row(page, '17/08/2027');
    await expect(nueva).toContainText('16:30');
    await expect(nueva).toContainText('18:00');
    await expect(nueva).toContainText('Fecha única');
    await nueva.getByRole('button', { name: 'Eliminar' }).click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Eliminar' }).click();
    await expect(nueva).toHaveCount(0);
  });
});

/** Fields a card must show on a phone beyond its title, for the tabs that have them. */
const KEY_FIELDS: Record<string, string[]> = {
  personal: ['Notaría', 'Estado'],
  disponibilidad: ['Días', 'Inicio', 'Fin'],
  categorias_servicios: ['Descripción'],
  actos_servicios: ['Categoría'],
  plantillas_escrituras: ['Notaría', 'Versión', 'Estado'],
};

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every admin list is stacked cards with its key fields and actions, nothing sideways', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, ADMIN);
    // every tab the registry declares has a row to show, whatever the seed holds
    await storeAdminSamples(page);
    // on a phone the tab bar scrolls: each tab is opened by its address, as a link would
    for (const config of adminTabs) {
      const tab = config.labels.plural;
      await page.goto(`/admin/notarias?tab=${config.name}`);
      await expect(page.getByRole('tab', { name: tab, selected: true })).toBeAttached();
      const card = page.locator('.crud-tarjeta').first();
      await expect(card).toBeVisible();
      for (const field of KEY_FIELDS[config.name] ?? []) await expect(card.getByText(field, { exact: true })).toBeInViewport();
      await expect(card.getByRole('button', { name: 'Editar' })).toBeInViewport({ ratio: 1 });
      if (config.deletion.mode !== 'none') await expect(card.getByRole('button', { name: 'Eliminar' })).toBeInViewport({ ratio: 1 });
      expect(await sidewaysOverflow(page), tab).toBeLessThanOrEqual(0);
      await screenshot(page, `admin-movil-${tab.split(' ')[0].toLowerCase()}`);
    }
  });
});
