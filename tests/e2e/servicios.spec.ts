import type { Page } from '@playwright/test';
import { test, expect, screenshot, registerUser, signIn } from './fixtures';

/** The services catalogue: categories → acts → one act, its messages and the built-in fallback. */

const SEED_CATEGORIAS = ['Actas', 'Familia', 'Inmobiliario', 'Mercantil', 'Pólizas', 'Poderes', 'Sucesiones y Donaciones'];

const toast = (page: Page, text: string) => page.locator('.ant-notification-notice').filter({ hasText: text }).first();

test.beforeEach(async ({ page }) => {
  const { documento } = await registerUser();
  await signIn(page, documento);
});

test('browses the categories to an act and on to booking an appointment', async ({ page }) => {
  await page.goto('/servicios');
  await expect(page.getByRole('heading', { name: 'Servicios Notariales' })).toBeVisible();
  const categorias = page.getByRole('list', { name: 'Categorías de servicios' }).getByRole('link');
  // the seed's seven, ordered by name (other journeys may add categories of their own meanwhile)
  for (const nombre of SEED_CATEGORIAS) await expect(categorias.filter({ hasText: nombre })).toHaveCount(1);
  await expect(categorias.first()).toContainText('Actas');

  // the description shows on hover only
  const poderes = categorias.filter({ hasText: 'Poderes' });
  const descripcion = poderes.locator('.srv-descripcion');
  await expect(descripcion).toBeHidden();
  await poderes.hover();
  await expect(descripcion).toBeVisible();
  await expect(descripcion).toContainText('Autorice a otra persona');
  await screenshot(page, 'servicios-categorias');

  await poderes.click();
  await expect(page).toHaveURL(/\/servicios\/categoria\/1$/);
  await expect(page.getByRole('heading', { name: 'Poderes' })).toBeVisible();
  const poderGeneral = page.getByRole('link', { name: /Poder General/ });
  // 'Permite que uno o varios apoderados administren su patrimonio y le representen ...' cut at 60 characters
  await expect(poderGeneral.locator('.srv-resumen')).toHaveText('Permite que uno o varios apoderados administren su patrimoni...');
  await screenshot(page, 'servicios-categoria-poderes');

  await poderGeneral.click();
  await expect(page).toHaveURL(/\/servicios\/acto\/3$/);
  await expect(page.getByRole('heading', { name: 'Poder General' })).toBeVisible();
  await expect(page.getByText('Permite que uno o varios apoderados administren su patrimonio y le representen en la generalidad de sus asuntos.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'DNI o NIE del poderdante en vigor' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'DNI o NIE de cada apoderado' })).toBeVisible();
  await screenshot(page, 'servicios-acto-poder-general');

  await page.getByRole('link', { name: 'Volver a Poderes' }).click();
  await expect(page).toHaveURL(/\/servicios\/categoria\/1$/);
  await page.goBack();
  await page.getByRole('button', { name: 'Solicitar cita para este servicio' }).click();
  await expect(page).toHaveURL(/\/citas$/);
  // the wizard is open with the act as the subject: after notaría and notario, on to the client
  const wizard = page.getByRole('dialog', { name: 'Pedir cita' });
  await expect(wizard.getByRole('heading', { name: 'Seleccione la notaría' })).toBeVisible();
  await expect(wizard.getByText('Asunto: Poder General')).toBeVisible();
  await wizard.getByRole('button', { name: /Notaría López Martín/ }).click();
  await wizard.getByRole('button', { name: /Javier Ortega Díaz/ }).click();
  await expect(wizard.getByRole('heading', { name: 'Seleccione el cliente' })).toBeVisible();
  await expect(wizard.getByText('Asunto: Poder General')).toBeVisible();
  await screenshot(page, 'servicios-solicitar-cita');
  // back reaches the subjects, the act's first
  await wizard.getByRole('button', { name: 'Atrás' }).click();
  await expect(wizard.getByRole('heading', { name: 'Seleccione el asunto' })).toBeVisible();
  await expect(wizard.locator('.cita-opcion').first()).toHaveText('Poder General');
});

test('a category named by its lowercase name, and the not-found and empty messages', async ({ page }) => {
  await page.goto('/servicios/categoria/sucesiones%20y%20donaciones');
  await expect(page.getByRole('heading', { name: 'Sucesiones y Donaciones' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Testamento Abierto/ })).toBeVisible();

  await page.goto('/servicios/categoria/999');
  await expect(page.getByText('Categoría no encontrada')).toBeVisible();
  await page.getByRole('link', { name: 'Volver a categorías' }).click();
  await expect(page).toHaveURL(/\/servicios$/);

  await page.goto('/servicios/acto/999');
  await expect(page.getByText('Acto no encontrado')).toBeVisible();

  // a category without active acts
  await page.route('**/rest/v1/actos_servicios?**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
  await page.goto('/servicios/categoria/7');
  await expect(page.getByText('No hay actos disponibles en esta categoría')).toBeVisible();
  await screenshot(page, 'servicios-categoria-vacia');

  await page.route('**/rest/v1/categorias_servicios?**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
  await page.goto('/servicios');
  await expect(page.getByText('No hay categorías disponibles')).toBeVisible();
});

test('when the categories cannot be loaded it says so and shows the seven built-in ones', async ({ page }) => {
  // a server error (a network failure would be retried by supabase-js for several seconds)
  await page.route('**/rest/v1/categorias_servicios?**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"caído"}' }));
  await page.goto('/servicios');
  await expect(toast(page, 'No se pudieron cargar las categorías.')).toBeVisible();
  const categorias = page.getByRole('list', { name: 'Categorías de servicios' }).getByRole('link');
  await expect(categorias).toHaveText(['Poderes', 'Inmobiliario', 'Familia', 'Mercantil', 'Pólizas', 'Sucesiones y Donaciones', 'Actas'].map((n) => new RegExp(`^${n}`)));
  await screenshot(page, 'servicios-categorias-predeterminadas');
});

test('/acto-poder-general shows the form of act 3 with its conditional fields and date mask', async ({ page }) => {
  await page.goto('/acto-poder-general');
  await expect(page.getByRole('heading', { name: 'Poder General' })).toBeVisible();
  const form = page.frameLocator('iframe[title="Formulario: Poder General"]');
  await expect(form.getByRole('heading', { name: 'Otorgantes' })).toBeVisible();
  await expect(form.getByRole('heading', { name: 'Apoderados' })).toBeVisible();
  await expect(form.getByRole('heading', { name: 'Propósito' })).toBeVisible();

  const otorgante = form.getByRole('group', { name: 'Otorgante 1' });
  await expect(otorgante.getByLabel('Régimen económico')).toHaveCount(0);
  await otorgante.getByLabel('Estado civil').selectOption('CASADO');
  await expect(otorgante.getByLabel('Régimen económico')).toBeVisible();

  const fecha = otorgante.getByLabel('Fecha de nacimiento');
  await fecha.pressSequentially('17o0519801234');
  await expect(fecha).toHaveValue('17-05-1980');

  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(otorgante.getByText('NIF/NIE es obligatorio')).toBeVisible();
  await expect(otorgante.getByText('Régimen económico es obligatorio')).toBeVisible();
  await expect(form.getByText('Alcance del poder es obligatorio')).toBeVisible();
  await screenshot(page, 'acto-poder-general');
});
