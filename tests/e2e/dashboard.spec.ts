import { test, expect, screenshot, registerUser, signIn } from './fixtures';

const SERVICES = '/nt/demo/v1/servicios';

test('a new client: welcome by name, service search, popular services, and the Nuevo expediente button', async ({ page }) => {
  const { documento } = await registerUser();
  await signIn(page, documento);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `Te damos la bienvenida, ${documento}` })).toBeVisible();
  await expect(page.locator('.ant-card').filter({ hasText: 'Próximas citas' })).toContainText('No tienes citas programadas');
  await expect(page.locator('.ant-card').filter({ hasText: 'Escrituras finalizadas' })).toContainText('No tiene escrituras finalizadas');

  // popular services go to their category by its name in lower case; 'Ver todos' to /servicios
  const populares = page.locator('.ant-card').filter({ hasText: 'Servicios populares' });
  await expect(populares.getByRole('link', { name: 'Poderes' })).toHaveAttribute('href', '/servicios/categoria/poderes');
  await expect(populares.getByRole('link', { name: 'Ver todos' })).toHaveAttribute('href', '/servicios');
  await screenshot(page, 'dashboard-nuevo-cliente');
  await populares.getByRole('link', { name: 'Poderes' }).click();
  await expect(page.getByRole('heading', { name: 'Poderes', exact: true })).toBeVisible();
  await page.goto('/dashboard');

  // search without accents finds the act and opens it
  await page.getByRole('combobox', { name: 'Buscar servicio' }).fill('poder gen');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Poder General' }).click();
  await expect(page).toHaveURL(/\/servicios\/acto\/3$/);

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Nuevo expediente' }).click();
  await expect(page).toHaveURL(/\/expediente\/nuevo$/);
});

test('a client with cases: the 5 most recent, finished deeds with Solicitar copia, and the copias page', async ({ page }) => {
  const { documento } = await registerUser();
  await signIn(page, documento);
  const { token, idPersona } = await page.evaluate(() => ({ token: localStorage.getItem('auth_token'), idPersona: localStorage.getItem('id_persona') }));
  for (let i = 1; i <= 6; i++) {
    const res = await fetch(`${process.env.PORTAL_URL}${SERVICES}/expediente`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ titulo: `Compraventa ${i}`, dueDate: '2027-06-30', personaId: idPersona, notariaId: 1, links: [] }),
    });
    expect(res.status).toBe(201);
  }
  // The services API has no call yet that finishes a case: the real answer is read and its
  // oldest case is shown as FINALIZADO, so that the finished-deeds list has something to show.
  await page.route(`**${SERVICES}/expediente/owner/**`, async (route) => {
    const res = await route.fetch();
    const casos = (await res.json()) as { titulo: string; estado: string }[];
    await route.fulfill({ response: res, json: casos.map((c) => (c.titulo === 'Compraventa 1' ? { ...c, estado: 'FINALIZADO' } : c)) });
  });

  await page.goto('/dashboard');
  const recientes = page.locator('.ant-card').filter({ hasText: 'Expedientes recientes' });
  await expect(recientes.locator('.ant-list-item')).toHaveCount(5);
  await expect(recientes.locator('.ant-list-item').first()).toContainText('Compraventa 6');
  await expect(recientes.getByRole('link', { name: 'Ver todos' })).toHaveAttribute('href', '/expedientes');
  await expect(page.getByRole('button', { name: 'Nuevo expediente' })).toHaveCount(0);

  const finalizadas = page.locator('.ant-card').filter({ hasText: 'Escrituras finalizadas' });
  await expect(finalizadas.locator('.ant-list-item')).toHaveCount(1);
  await screenshot(page, 'dashboard-con-expedientes');
  await finalizadas.getByRole('button', { name: 'Solicitar copia de Compraventa 1' }).click();
  await expect(page).toHaveURL(/\/expediente\/detalleexp$/);
  await expect(page.getByRole('heading', { name: 'Solicitar copia' })).toBeVisible();
  await expect(page.getByText('Compraventa 1')).toBeVisible();
  await expect(page.getByText('Notaría López Martín')).toBeVisible();
  await screenshot(page, 'dashboard-solicitar-copia');

  await page.goto('/dashboard');
  await finalizadas.getByRole('link', { name: 'Ver copias' }).click();
  await expect(page).toHaveURL(/\/copias$/);
  await expect(page.getByText('No ha solicitado copias. Puede pedirlas desde sus escrituras finalizadas.')).toBeVisible();

  // a recent case opens its page
  await page.goto('/dashboard');
  await recientes.getByRole('link', { name: 'Compraventa 6' }).click();
  await expect(page).toHaveURL(/\/expediente\/[0-9a-f-]{36}$/);
});

test('calendar setup: two cards open Google Calendar and Outlook in a new tab', async ({ page, context }) => {
  const { documento } = await registerUser();
  await signIn(page, documento);
  // the outside world is not reached from the tests
  await context.route(/^https:\/\/(calendar\.google\.com|outlook\.live\.com)\//, (route) => route.fulfill({ body: 'calendario' }));
  await page.goto('/configurar-calendario');
  await expect(page.getByRole('heading', { name: 'Configurar calendario' })).toBeVisible();
  await screenshot(page, 'configurar-calendario');
  for (const [name, url] of [
    ['Google Calendar', /^https:\/\/calendar\.google\.com\//],
    ['Outlook', /^https:\/\/outlook\.live\.com\/calendar\//],
  ] as const) {
    const link = page.getByRole('link', { name: new RegExp(`^${name}`) });
    await expect(link).toHaveAttribute('target', '_blank');
    const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await popup.waitForURL(url);
    await popup.close();
    await expect(page).toHaveURL(/\/configurar-calendario$/);
  }
});
