/** Helpers of the journeys on case files and acts. */
import type { Page } from '@playwright/test';
import { expect, opened, registerUser, signIn } from './fixtures';

export const SERVICIOS = '/nt/demo/v1/servicios';
export const toast = (page: Page, text: string | RegExp) => page.locator('.ant-notification-notice').filter({ hasText: text }).first();

/** The services API with the signed-in user's token (set-up and checks, not the journey itself). */
export async function api(page: Page, path: string, init: { method?: string; json?: unknown } = {}) {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const res = await fetch(`${process.env.PORTAL_URL}${SERVICIOS}${path}`, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

export async function nuevoUsuario(page: Page) {
  const { documento } = await registerUser();
  await signIn(page, documento);
  const idPersona = (await page.evaluate(() => localStorage.getItem('id_persona')))!;
  return { documento, idPersona };
}

export async function expedienteDeApi(page: Page, personaId: string, titulo: string) {
  const r = await api(page, '/expediente', { method: 'POST', json: { titulo, dueDate: '2030-06-30', personaId, notariaId: 1, links: [] } });
  expect(r.status).toBe(201);
  return r.body.id as string;
}

export async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

/** New act → category → act → template step → title (confirmed with Enter); answers the form's frame. */
export async function nuevoActo(page: Page, categoria: string, acto: string, titulo: string, plantilla?: string) {
  await page.getByRole('button', { name: 'Nuevo acto' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Nuevo acto' });
  await opened(dialogo);
  await dialogo.getByRole('listitem').filter({ hasText: categoria }).click();
  await dialogo.getByRole('listitem').filter({ hasText: acto }).click();
  await expect(dialogo.getByRole('radio', { name: 'Sin plantilla' })).toBeVisible();
  if (plantilla) await dialogo.getByRole('radio', { name: plantilla }).check();
  await dialogo.getByRole('button', { name: 'Continuar' }).click();
  const input = page.getByRole('dialog', { name: 'Título del acto' }).getByLabel('Título');
  // the title is ready to type in, and stays so once the closing dialog is gone
  await expect(dialogo).toBeHidden();
  await expect(input).toBeFocused();
  await input.fill(titulo);
  await input.press('Enter');
  const formulario = page.getByRole('dialog', { name: titulo });
  await expect(formulario).toBeVisible();
  // a click during the zoom-in may land where the close button was a frame earlier (the act
  // journey once closed nothing): wait until the dialog stands still, as a person would
  await expect(formulario).not.toHaveClass(/ant-zoom-(appear|enter)/);
  return page.frameLocator(`iframe[title="Formulario: ${titulo}"]`);
}

