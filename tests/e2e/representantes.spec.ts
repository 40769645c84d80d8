import type { Page } from '@playwright/test';
import { test, expect, screenshot, randomNif } from './fixtures';
import { choose, dialog, freshUser, selectClient, servicios, toast } from './datos-personales-helpers';
import { carlos } from '../support/carlos';

/**
 * Representatives keep what the user did not touch: adding an existing person with only the
 * required fields, a failed creation, an edit reopened without reloading, and Escape in a list.
 */


/** Fills only the required fields of the representative form. */
async function requeridos(page: Page, numero: string) {
  const form = dialog(page, 'Crear representante');
  await form.getByLabel('Nombre', { exact: true }).fill('Carlos');
  await form.getByLabel('Primer apellido').fill('Ruiz');
  await form.getByLabel('Número de identificador').fill(numero);
  await form.getByLabel('Fecha de nacimiento').fill('03/02/1970');
  await choose(page, form, 'Profesión', 'Abogado/a');
  return form;
}

for (const size of [{ width: 1366, height: 900 }, { width: 390, height: 844 }]) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test("adding an existing person as representative keeps their record; a failed one writes nothing", async ({ page }) => {
      const user = await freshUser(page);
      const numero = randomNif();
      const creado = await servicios(user.token, '/persona', { method: 'POST', json: carlos(numero) });
      expect(creado.status).toBe(201);
      const carlosId = String(creado.body.id);

      await selectClient(page, user.documento);
      await page.getByRole('button', { name: 'Crear representante' }).click();
      const form = await requeridos(page, numero);
      await form.getByRole('button', { name: 'Crear representante' }).click();
      await expect(toast(page, 'Representante creado exitosamente')).toBeVisible();
      await expect(page.getByText('Carlos Ruiz Sanz')).toBeVisible();
      expect((await servicios(user.token, `/persona/${carlosId}`)).body).toMatchObject(carlos(numero));

      // Carlos as his own representative: refused, and his record is untouched
      await selectClient(page, 'Carlos Ruiz Sanz');
      await page.getByRole('button', { name: 'Crear representante' }).click();
      const otra = await requeridos(page, numero);
      await otra.getByLabel('Nombre', { exact: true }).fill('Otro');
      await otra.getByRole('button', { name: 'Crear representante' }).click();
      await expect(toast(page, 'Una persona no puede otorgarse un privilegio a sí misma')).toBeVisible();
      await screenshot(page, `representantes-1-propio-${size.width}`);
      expect((await servicios(user.token, `/persona/${carlosId}`)).body).toMatchObject(carlos(numero));
    });

    test('an edited representative shows the saved data when opened again', async ({ page }) => {
      const user = await freshUser(page);
      await selectClient(page, user.documento);
      await page.getByRole('button', { name: 'Crear representante' }).click();
      const form = await requeridos(page, randomNif());
      await form.getByLabel('Teléfono').fill('600 000 001');
      await form.getByRole('button', { name: 'Crear representante' }).click();
      await expect(toast(page, 'Representante creado exitosamente')).toBeVisible();

      await page.getByRole('button', { name: 'Editar representante Carlos Ruiz' }).click();
      const editar = dialog(page, 'Editar representante');
      await expect(editar.getByLabel('Teléfono')).toHaveValue('600 000 001');
      await editar.getByLabel('Teléfono').fill('600 000 002');
      await editar.getByRole('button', { name: 'Guardar cambios' }).click();
      await expect(toast(page, 'Representante actualizado exitosamente')).toBeVisible();
      await expect(editar).toBeHidden();

      await page.getByRole('button', { name: 'Editar representante Carlos Ruiz' }).click();
      await expect(editar.getByLabel('Teléfono')).toHaveValue('600 000 002');
      await screenshot(page, `representantes-2-reabierto-${size.width}`);
    });

    test('Escape in the País list closes the list only; closing a changed dialog asks first', async ({ page }) => {
      const user = await freshUser(page);
      await page.getByRole('button', { name: 'Nueva Persona' }).click();
      const nueva = dialog(page, 'Nueva Persona');
      await nueva.getByRole('button', { name: /Persona Física/ }).click();
      await nueva.getByLabel('Nombre', { exact: true }).fill('Elena');
      const pais = nueva.getByRole('combobox', { name: 'País' });
      await pais.click();
      await expect(pais).toHaveAttribute('aria-expanded', 'true');
      await page.keyboard.press('Escape');
      await expect(pais).toHaveAttribute('aria-expanded', 'false');
      await expect(nueva).toBeVisible();
      await expect(nueva.getByLabel('Nombre', { exact: true })).toHaveValue('Elena');

      // Escape again: the dialog asks before losing what was typed
      await page.keyboard.press('Escape');
      const confirmar = page.getByRole('dialog').filter({ hasText: '¿Descartar los cambios?' });
      await expect(confirmar).toBeVisible();
      await screenshot(page, `representantes-3-descartar-${size.width}`);
      await confirmar.getByRole('button', { name: 'Seguir editando' }).click();
      await expect(confirmar).toBeHidden();
      await expect(nueva.getByLabel('Nombre', { exact: true })).toHaveValue('Elena');
      // the × asks the same
      await nueva.locator('.ant-modal-close').click();
      await page.getByRole('dialog').filter({ hasText: '¿Descartar los cambios?' }).getByRole('button', { name: 'Descartar cambios' }).click();
      await expect(nueva).toBeHidden();

      // the same in 'Crear representante'; a dialog left unchanged closes at once
      await selectClient(page, user.documento);
      await page.getByRole('button', { name: 'Crear representante' }).click();
      const rep = dialog(page, 'Crear representante');
      await rep.getByLabel('Nombre', { exact: true }).click();
      await page.keyboard.press('Escape');
      await expect(rep).toBeHidden();
      await page.getByRole('button', { name: 'Crear representante' }).click();
      await rep.getByLabel('Nombre', { exact: true }).fill('Elena');
      await rep.getByRole('combobox', { name: 'País' }).click();
      await page.keyboard.press('Escape');
      await expect(rep.getByLabel('Nombre', { exact: true })).toHaveValue('Elena');
      await rep.getByRole('button', { name: 'Cancelar' }).click();
      await expect(page.getByRole('dialog').filter({ hasText: '¿Descartar los cambios?' })).toBeVisible();
    });
  });
}
