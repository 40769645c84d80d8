import { test, expect, screenshot, signIn } from './fixtures';

/**
 * The proof of docs/adding-a-resource.md: 'festivos' exists only as resources/festivos.ts plus
 * its migration, yet gets a working list, create, edit and delete in the browser, and the
 * database refuses its changes to non-admins (RLS).
 */

const row = (page: import('@playwright/test').Page, text: string) => page.getByRole('row').filter({ hasText: text });
const toast = (page: import('@playwright/test').Page, text: string) => page.locator('.ant-notification-notice').filter({ hasText: text }).first();

test('an admin lists, creates, edits and deletes festivos generated from the configuration', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, '00000000T');
  await page.goto('/admin/recursos/festivos');
  await expect(page.getByRole('heading', { name: 'Festivos' })).toBeVisible();

  await page.getByRole('button', { name: 'Crear festivo' }).click();
  const create = page.getByRole('dialog', { name: 'Crear festivo' });
  await create.getByRole('button', { name: 'Guardar' }).click();
  for (const message of ['La notaría es obligatoria', 'La fecha es obligatoria', 'El nombre es obligatorio']) {
    await expect(create.getByText(message, { exact: true })).toBeVisible();
  }

  const year = 2030 + Math.floor(Math.random() * 60);
  const nombre = `Fiesta E2E ${year}`;
  await create.locator('.ant-form-item').filter({ hasText: 'Notaría' }).locator('.ant-select-selector').click();
  await page.keyboard.type('Sánchez');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Notaría Sánchez Ruiz' }).click();
  await create.getByLabel('Fecha').fill(`19/03/${year}`);
  await create.getByLabel('Fecha').press('Enter');
  await create.getByLabel('Nombre').fill(nombre);
  await create.getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page, 'Festivo guardado')).toBeVisible();
  await expect(create).toBeHidden();

  await page.getByRole('searchbox').fill(nombre);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(row(page, nombre)).toContainText(`19/03/${year}`);
  await expect(row(page, nombre)).toContainText('Notaría Sánchez Ruiz');
  await screenshot(page, 'admin-festivos');

  await row(page, nombre).getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar festivo' });
  await expect(edit.getByLabel('Fecha')).toHaveValue(`19/03/${year}`);
  await edit.getByLabel('Nombre').fill(`${nombre} (San José)`);
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(row(page, `${nombre} (San José)`)).toBeVisible();

  await row(page, nombre).getByRole('button', { name: 'Eliminar' }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Eliminar' }).click();
  await expect(toast(page, 'Festivo eliminado')).toBeVisible();
  await expect(row(page, nombre)).toHaveCount(0);
});

test('the database refuses festivos changes from a signed-in assistant (RLS), who is also kept out of the page', async ({ page }) => {
  await signIn(page, '12345678Z');
  await page.goto('/admin/recursos/festivos');
  await expect(page).toHaveURL(/\/citas$/);
  // the same call the generated form would make, with the assistant's own token
  const answer = await page.evaluate(async () => {
    const token = localStorage.getItem('auth_token');
    const res = await fetch('/rest/v1/festivos', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, Prefer: 'return=representation' },
      body: JSON.stringify({ notaria_id: 1, fecha: '2099-01-02', nombre: 'Intruso' }),
    });
    const list = await fetch('/rest/v1/festivos?select=id&nombre=eq.Intruso', { headers: { Authorization: `Bearer ${token}` } });
    return { status: res.status, body: (await res.json()) as { code?: string }, stored: (await list.json()) as unknown[] };
  });
  expect(answer.status).toBe(403);
  expect(answer.body.code).toBe('42501');
  expect(answer.stored).toEqual([]);
});
