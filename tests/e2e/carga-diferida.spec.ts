import type { Page } from '@playwright/test';
import { test, expect, screenshot, registerUser, signIn, openSelect, settled } from './fixtures';
import { dialog } from './datos-personales-helpers';

/**
 * What a page's first screen does not show loads when the user asks for it (a phone on a slow
 * connection downloads less before the page works): the client select, the forms and dialogs.
 * Each is absent until its button or box is reached, then opens and fits a phone.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

/** The script files the page requested, from now on (their paths). */
function scripts(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') paths.push(new URL(r.url()).pathname);
  });
  return paths;
}
const loaded = (paths: string[], chunk: string) => paths.some((p) => p.startsWith(`/assets/${chunk}-`));

async function fitsWidth(page: Page) {
  const overflow = await page.evaluate(() => {
    const boxes = [...document.querySelectorAll('.ant-modal')].map((m) => m.getBoundingClientRect().right - window.innerWidth);
    return Math.max(document.documentElement.scrollWidth - window.innerWidth, 0, ...boxes);
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a client: the select, the forms and the dialogs load on their first use and fit a phone', async ({ page }) => {
  test.setTimeout(120_000);
  const { documento } = await registerUser();
  const paths = scripts(page);
  await signIn(page, documento);
  await expect(page.getByRole('heading', { name: 'Datos Personales' })).toBeVisible();
  await settled(page);
  for (const chunk of ['SelectCliente', 'NuevaPersonaDialog', 'EditarFicha']) expect(loaded(paths, chunk), chunk).toBe(false);
  await screenshot(page, 'diferida-01-datos-personales');

  // the client box: antd's select arrives with the press and opens
  const cliente = page.getByRole('combobox', { name: 'Cliente' });
  await openSelect(cliente);
  expect(loaded(paths, 'SelectCliente')).toBe(true);
  await screenshot(page, 'diferida-02-select-cliente');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: documento }).first().click();
  await expect(page.getByText('Ficha de Persona Física')).toBeVisible();

  // Editar: the full form
  await page.getByRole('button', { name: /Editar$/ }).click();
  await expect(page.getByRole('button', { name: 'Guardar cambios' })).toBeVisible();
  expect(loaded(paths, 'EditarFicha')).toBe(true);
  await fitsWidth(page);
  await screenshot(page, 'diferida-03-editar-ficha');
  await page.getByRole('button', { name: 'Cancelar' }).first().click();

  // Nueva Persona: the dialog, then the form of the chosen type
  await page.getByRole('button', { name: 'Nueva Persona' }).click();
  const nueva = dialog(page, 'Nueva Persona');
  await expect(nueva.getByText('Seleccione el tipo de persona que desea crear:')).toBeVisible();
  await fitsWidth(page);
  await screenshot(page, 'diferida-04-nueva-persona');
  await nueva.getByRole('button', { name: /Persona Física/ }).click();
  await expect(nueva.getByRole('button', { name: 'Crear Persona Física' })).toBeVisible();
  await fitsWidth(page);
  await screenshot(page, 'diferida-05-nueva-persona-fisica');
  await nueva.locator('.ant-modal-close').click();
  await expect(nueva).toBeHidden();

  // /citas: the booking wizard
  await page.goto('/citas');
  await expect(page.getByRole('heading', { name: 'Citas' })).toBeVisible();
  await settled(page);
  expect(loaded(paths, 'PedirCita')).toBe(false);
  await page.getByRole('button', { name: 'Pedir cita' }).click();
  await expect(page.getByRole('dialog').getByText('Seleccione la notaría')).toBeVisible();
  expect(loaded(paths, 'PedirCita')).toBe(true);
  await fitsWidth(page);
  await screenshot(page, 'diferida-06-pedir-cita');
  await page.keyboard.press('Escape');

  // /expedientes with none yet: the help dialog
  await page.goto('/expedientes');
  const ayuda = page.getByRole('dialog').filter({ hasText: 'Aún no tiene expedientes' });
  await expect(ayuda).toBeVisible();
  await fitsWidth(page);
  await screenshot(page, 'diferida-07-sin-expedientes');
  await ayuda.getByRole('button', { name: 'Entendido' }).click();
  await expect(ayuda).toBeHidden();
});

test('the admin: a list opens without its form, which loads with Crear and fits a phone', async ({ page }) => {
  const paths = scripts(page);
  await signIn(page, '00000000T');
  await page.goto('/admin/notarias');
  await expect(page.getByRole('heading', { name: 'Administración de Notarías' })).toBeVisible();
  await expect(page.locator('.crud-tarjeta').first()).toBeVisible();
  await settled(page);
  expect(loaded(paths, 'ResourceFormModal')).toBe(false);
  await page.getByRole('button', { name: 'Crear notaría' }).click();
  const crear = dialog(page, 'Crear notaría');
  await expect(crear.getByLabel('Nombre', { exact: true })).toBeVisible();
  expect(loaded(paths, 'ResourceFormModal')).toBe(true);
  await fitsWidth(page);
  await screenshot(page, 'diferida-08-admin-crear-notaria');
});
