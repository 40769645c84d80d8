import type { Page } from '@playwright/test';
import { test, expect, screenshot, registerUser, signIn } from './fixtures';

/**
 * The client's lists on a phone (390×844): Expedientes, the acts of a case and Citas show what
 * matters (title and state, the act's status, the appointment after its subject) without any
 * sideways scrolling. The data is made through the APIs, as the portal would.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const SERVICIOS = '/nt/demo/v1/servicios';

async function tokenOf(page: Page) {
  return page.evaluate(() => ({ token: localStorage.getItem('auth_token')!, persona: localStorage.getItem('id_persona')! }));
}

/** How far the page or any table scrolls sideways (0 = everything within the width). */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const doc = document.documentElement.scrollWidth - window.innerWidth;
    const tables = [...document.querySelectorAll('.tabla-marco, .ant-table-content, .ant-table-body')].map((el) => el.scrollWidth - el.clientWidth);
    return Math.max(doc, 0, ...tables);
  });
}

/** A Monday to Thursday 40 to 300 days ahead, as yyyy-mm-dd. */
function futureWeekday(): string {
  const d = new Date();
  d.setDate(d.getDate() + 40 + Math.floor(Math.random() * 260));
  while (d.getDay() < 1 || d.getDay() > 4) d.setDate(d.getDate() + 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

test('Expedientes, the acts of a case and Citas fit a phone with their key fields', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { documento } = await registerUser();
  await signIn(page, documento);
  const { token, persona } = await tokenOf(page);
  const auth = { Authorization: `Bearer ${token}` };

  const rest = { ...auth, apikey: 'anon', 'Content-Type': 'application/json', Prefer: 'return=representation' };
  const [notaria] = (await (await request.get('/rest/v1/notarias?select=idint&order=id&limit=1', { headers: rest })).json()) as { idint: number }[];
  const titulo = 'Compraventa del piso de la calle Mayor con un título largo';
  const exp = await request.post(`${SERVICIOS}/expediente`, {
    headers: auth,
    data: { notariaId: notaria.idint, personaId: persona, titulo, dueDate: '2031-06-30', links: [] },
  });
  expect(exp.status()).toBe(201);
  const expediente = (await exp.json()) as { id: string };
  const acto = await request.post(`${SERVICIOS}/acto`, {
    headers: auth,
    data: { expedienteId: expediente.id, titulo: 'Poder para vender', status: 'BORRADOR', datosFormulario: {}, nombre_acto: 'Poder General' },
  });
  expect(acto.status()).toBe(201);

  const staff = (await (await request.get('/rest/v1/personal_directorio?select=id,notaria_id&name=eq.Javier%20Ortega%20D%C3%ADaz', { headers: rest })).json()) as {
    id: number;
    notaria_id: number;
  }[];
  const cita = await request.post('/rest/v1/citas', {
    headers: rest,
    data: { notaria_id: staff[0].notaria_id, staff_id: staff[0].id, client_id: persona, subject: 'Firma de escritura de compraventa', date: futureWeekday(), time: '10:00:00', type: 'presencial' },
  });
  expect(cita.status(), await cita.text()).toBe(201);

  await page.goto('/expedientes');
  const fila = page.locator('.tabla tr.tabla-fila').filter({ hasText: titulo });
  await expect(fila).toBeVisible();
  await expect(fila.getByText(titulo)).toBeInViewport();
  await expect(fila.locator('.ant-tag')).toBeInViewport({ ratio: 1 }); // the state
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await screenshot(page, 'movil-expedientes');

  await fila.click();
  await expect(page).toHaveURL(new RegExp(`/expediente/${expediente.id}`));
  const tabActos = page.getByRole('tab', { name: /Actos/ });
  if (await tabActos.count()) await tabActos.click();
  const actoFila = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'Poder para vender' });
  await expect(actoFila).toBeVisible();
  await expect(actoFila.getByRole('combobox', { name: 'Estado de Poder para vender' })).toBeInViewport();
  await expect(actoFila.getByRole('button', { name: 'Abrir formulario de Poder para vender' })).toBeInViewport({ ratio: 1 });
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await screenshot(page, 'movil-expediente-actos');

  await page.goto('/citas');
  const citaFila = page.locator('.tabla tr.tabla-fila').filter({ hasText: 'Firma de escritura de compraventa' });
  await expect(citaFila).toBeVisible();
  for (const text of ['10:00', 'Javier Ortega Díaz', 'Presencial']) await expect(citaFila.getByText(text).first()).toBeInViewport();
  await expect(citaFila.getByRole('button', { name: /Cancelar cita/ })).toBeInViewport({ ratio: 1 });
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await screenshot(page, 'movil-citas');
});
