import { test, expect, screenshot, registerUser, signIn } from './fixtures';

test('the name is editable after Editar, the e-mail is read only, and the header greets with the saved name', async ({ page }) => {
  const { documento, email } = await registerUser();
  await signIn(page, documento);
  await expect(page.getByText(`Bienvenido ${documento}`)).toBeVisible();
  await page.goto('/perfil');
  await expect(page.getByRole('heading', { name: 'Perfil', exact: true })).toBeVisible();

  // read view: no name input yet; the e-mail cannot be changed
  await expect(page.getByTestId('perfil-nombre')).toHaveText('Sin nombre');
  await expect(page.getByRole('textbox', { name: 'Nombre', exact: true })).toHaveCount(0);
  const correo = page.getByRole('textbox', { name: 'Email' });
  await expect(correo).toHaveValue(email);
  await expect(correo).not.toBeEditable();
  await screenshot(page, 'perfil-lectura');

  await page.getByRole('button', { name: 'Editar' }).click();
  const nombre = page.getByRole('textbox', { name: 'Nombre', exact: true });
  await expect(nombre).toBeFocused();
  await expect(correo).not.toBeEditable();

  // a name is required
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('El nombre es obligatorio')).toBeVisible();
  await expect(page.getByText('El primer apellido es obligatorio')).toBeVisible();

  await nombre.fill('Lucía');
  await page.getByRole('textbox', { name: 'Primer apellido' }).fill('Prieto');
  await page.getByRole('textbox', { name: 'Segundo apellido' }).fill('Gómez');
  await screenshot(page, 'perfil-edicion');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Datos actualizados')).toBeVisible();

  // saved to the persona: the header and the page show it, also after reloading
  await expect(page.getByText('Bienvenido Lucía Prieto Gómez')).toBeVisible();
  await expect(page.getByTestId('perfil-nombre')).toHaveText('Lucía Prieto Gómez');
  await screenshot(page, 'perfil-guardado');
  await page.reload();
  await expect(page.getByText('Bienvenido Lucía Prieto Gómez')).toBeVisible();
  await expect(page.getByTestId('perfil-nombre')).toHaveText('Lucía Prieto Gómez');

  // Cancelar leaves it as it was
  await page.getByRole('button', { name: 'Editar' }).click();
  await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Otro');
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByTestId('perfil-nombre')).toHaveText('Lucía Prieto Gómez');
});
