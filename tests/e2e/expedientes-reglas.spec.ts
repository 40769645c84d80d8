import { test, expect, screenshot } from './fixtures';
import { api, choose, expedienteDeApi, nuevoActo, nuevoUsuario, toast } from './expedientes-helpers';

/**
 * Nothing created twice or lost without a word: Enter in the due date does not create the case,
 * closing a new act's form before saving says so; and an act's data keeps its form's rules: the
 * number of copies and 'Vigente hasta' are refused when wrong, and a sent act is read-only.
 */
for (const size of [{ width: 1366, height: 900 }, { width: 390, height: 844 }]) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('Enter in the due date confirms the date only; one press of the button creates one case', async ({ page }) => {
      const { idPersona } = await nuevoUsuario(page);
      await page.goto('/expediente/nuevo');
      await choose(page, 'Notaría', 'Notaría López Martín');
      // the user's own record, the only client: chosen with the keyboard
      await page.getByLabel('Cliente', { exact: true }).click();
      await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveCount(1);
      await page.keyboard.press('Enter');
      await expect(page.getByText('Debe seleccionar un cliente')).toHaveCount(0);
      await page.getByLabel('Título').fill('Herencia de la abuela');
      await page.getByLabel('Fecha de vencimiento').fill('31/12/2030');
      await page.getByLabel('Fecha de vencimiento').press('Enter');
      await expect(page).toHaveURL(/\/expediente\/nuevo$/);
      await page.waitForTimeout(1_000);
      expect((await api(page, `/expediente/owner/${idPersona}`)).body).toHaveLength(0);
      await screenshot(page, `expediente-nuevo-enter-${size.width}`);

      await page.getByRole('button', { name: 'Crear expediente' }).dblclick();
      await expect(page).toHaveURL(/\/expediente\/[0-9a-f-]{36}$/);
      await page.waitForTimeout(1_000);
      expect((await api(page, `/expediente/owner/${idPersona}`)).body).toHaveLength(1);
    });

    test("closing a new act's form before saving says the act was not created", async ({ page }) => {
      const { idPersona } = await nuevoUsuario(page);
      const id = await expedienteDeApi(page, idPersona, 'Poderes');
      await page.goto(`/expediente/${id}`);
      await page.getByRole('tab', { name: 'Actos' }).click();
      await nuevoActo(page, 'Poderes', 'Poder General', 'Poder sin guardar');
      await page.getByRole('dialog', { name: 'Poder sin guardar' }).getByRole('button', { name: 'Cerrar' }).click();
      await expect(toast(page, 'El acto «Poder sin guardar» no se ha creado')).toBeVisible();
      await screenshot(page, `acto-no-creado-${size.width}`);
      expect((await api(page, `/acto/expediente/${id}`)).body).toEqual([]);
    });

    test('the form refuses −5 copies and a past "Vigente hasta"; a sent act opens read-only', async ({ page }) => {
      const { idPersona } = await nuevoUsuario(page);
      const id = await expedienteDeApi(page, idPersona, 'Poderes');
      await page.goto(`/expediente/${id}`);
      await page.getByRole('tab', { name: 'Actos' }).click();
      const form = await nuevoActo(page, 'Poderes', 'Poder General', 'Poder con copias');
      await form.getByLabel('Número de copias autorizadas').fill('-5');
      await form.getByLabel('Vigente hasta').fill('01012020');
      await form.getByRole('button', { name: 'Guardar' }).click();
      await expect(form.getByText('Número de copias autorizadas debe ser como mínimo 1')).toBeVisible();
      await expect(form.getByText(/Vigente hasta no puede ser anterior al/)).toBeVisible();
      await screenshot(page, `acto-limites-${size.width}`);

      // the server refuses the same, whatever sends it
      const acto = await api(page, '/acto', { method: 'POST', json: { expedienteId: id, titulo: 'Directo', definicionActoId: 3, datosFormulario: { proposito: { numero_copias: -5 } } } });
      expect(acto.status).toBe(400);

      const enviado = await api(page, '/acto', { method: 'POST', json: { expedienteId: id, titulo: 'Enviado', definicionActoId: 3, datosFormulario: { proposito: { numero_copias: 2 } } } });
      await api(page, `/acto/${enviado.body.id}`, { method: 'PUT', json: { status: 'ENVIADO' } });
      await page.reload();
      await page.getByRole('tab', { name: 'Actos' }).click();
      await page.getByRole('button', { name: 'Abrir formulario de Enviado' }).click();
      const lectura = page.frameLocator('iframe[title="Formulario: Enviado"]');
      await expect(lectura.getByText('Este acto está enviado: sus datos no se pueden modificar.')).toBeVisible();
      await expect(lectura.getByLabel('Número de copias autorizadas')).toBeDisabled();
      await expect(lectura.getByRole('button', { name: 'Guardar' })).toHaveCount(0);
      await screenshot(page, `acto-enviado-solo-lectura-${size.width}`);
    });
  });
}
