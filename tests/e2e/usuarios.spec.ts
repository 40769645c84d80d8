/**
 * What clients and staff hit (issue 35): a staff member greeted by their staff record's name, the
 * chat's limit shown and a double 'Enviar' sending once, an empty copy reason refused without an
 * error of the page, and the person form's e-mail and postal code saying what is wrong. At the
 * desktop and the phone sizes.
 */
import type { Browser, Page } from '@playwright/test';
import { test, expect, rememberEmail, registerUser, screenshot, signIn } from './fixtures';
import { api, expedienteDeApi, nuevoUsuario, toast } from './expedientes-helpers';

const LUCIA = '11111111H';
rememberEmail(LUCIA, 'lucia.fernandez@notarialopezmartin.example');
const ADMIN = '00000000T';

const TAMANOS = [
  { nombre: 'escritorio', viewport: { width: 1366, height: 900 } },
  { nombre: 'movil', viewport: { width: 390, height: 844 } },
] as const;

async function pagina(browser: Browser, viewport: { width: number; height: number }) {
  return (await browser.newContext({ viewport })).newPage();
}

/** The element is wholly inside the window's width (not cut, not past the edge). */
async function dentro(page: Page, locator: import('@playwright/test').Locator) {
  await expect(locator).toBeVisible();
  const caja = (await locator.boundingBox())!;
  const ancho = page.viewportSize()!.width;
  expect(caja.x, 'empieza dentro').toBeGreaterThanOrEqual(0);
  expect(caja.x + caja.width, 'acaba dentro').toBeLessThanOrEqual(ancho);
  // and not cut by its own box ('Final…')
  expect(await locator.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
}

/** Nothing makes the page scroll sideways. */
async function sinDesborde(page: Page) {
  const ancho = page.viewportSize()!.width;
  // the elements that reach past the window, named to say what to fix
  const fuera = await page.evaluate((w) => {
    // inside a box that clips or scrolls (antd's tab bar and its '…' menu) nothing shows past it
    const recortado = (el: Element) => {
      for (let p = el.parentElement; p && p.tagName !== 'MAIN'; p = p.parentElement) if (getComputedStyle(p).overflowX !== 'visible') return true;
      return false;
    };
    return [...document.querySelectorAll('main *')]
      .filter((el) => el.getBoundingClientRect().right > w + 0.5 && el.getClientRects().length && !recortado(el))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
  }, ancho);
  expect(fuera).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(ancho);
}

/** Uncaught errors of the page, collected from now on. */
function erroresDe(page: Page) {
  const errores: string[] = [];
  page.on('pageerror', (e) => errores.push(e.message));
  return errores;
}

for (const { nombre, viewport } of TAMANOS) {
  test.describe(`a ${nombre} (${viewport.width} px)`, () => {
    test("a staff member is greeted by their staff record's name", async ({ browser }) => {
      const { documento, email } = await registerUser();
      const admin = await pagina(browser, viewport);
      await signIn(admin, ADMIN);
      // the staff row records the person's own address: the sign-in's PIN goes there, which proves
      // the account and binds it to the document (issue 30); a typed document alone gives nothing
      const creado = await admin.evaluate(async ({ numero, correo }) => {
        const res = await fetch('/rest/v1/personal', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('auth_token')}` },
          body: JSON.stringify({ name: 'Tomás Prueba Walk', email: correo, position: 'Oficial', notaria_id: 1, tipo_documento: 'NIF', numero_documento: numero }),
        });
        return res.status;
      }, { numero: documento, correo: email });
      expect(creado).toBe(201);

      const personal = await pagina(browser, viewport);
      await signIn(personal, documento);
      await expect(personal.getByText('Bienvenido Tomás Prueba Walk')).toBeVisible();
      await expect(personal.getByText(`Bienvenido ${documento}`)).toHaveCount(0);
      await screenshot(personal, `usuarios-personal-nombre-${nombre}`);
    });

    test("the chat shows its limit and sends a double 'Enviar' once, without a page error", async ({ browser }) => {
      const cliente = await pagina(browser, viewport);
      const errores = erroresDe(cliente);
      const { documento, idPersona } = await nuevoUsuario(cliente);
      const expediente = await expedienteDeApi(cliente, idPersona, `Herencia ${documento}`);

      await cliente.goto(`/expediente/${expediente}`);
      await cliente.getByRole('tab', { name: /Chat/ }).click();
      const mensaje = cliente.getByLabel('Mensaje');
      await expect(cliente.getByText('0 / 4000')).toBeVisible();
      await mensaje.fill('x'.repeat(5000));
      await expect(cliente.getByText('4000 / 4000')).toBeVisible();
      await mensaje.fill(`Hola ${documento}`);
      await cliente.getByRole('button', { name: 'Enviar' }).dblclick();
      await expect(cliente.getByRole('log', { name: 'Conversación del expediente' }).getByText(`Hola ${documento}`)).toHaveCount(1);
      await cliente.waitForTimeout(1000);
      const mensajes = await api(cliente, `/expediente/${expediente}/mensajes`);
      expect(mensajes.body.filter((m: { texto: string }) => m.texto === `Hola ${documento}`)).toHaveLength(1);
      await screenshot(cliente, `usuarios-chat-limite-${nombre}`);
      expect(errores).toEqual([]);
    });

    test("an empty copy reason is refused without a page error, a double 'Solicitar' asks once; the office's screens fit", async ({ browser }) => {
      // two people signed in, a case finished and two office screens: 21 s alone, over 60 s in CI beside another worker
      test.slow();
      const cliente = await pagina(browser, viewport);
      const errores = erroresDe(cliente);
      const { documento, idPersona } = await nuevoUsuario(cliente);
      const expediente = await expedienteDeApi(cliente, idPersona, `Herencia ${documento}`);
      // a sent act, counted on the office's list
      const acto = await api(cliente, '/acto', { method: 'POST', json: { expedienteId: expediente, titulo: 'Poder general', status: 'ENVIADO', definicionActoId: 3, datosFormulario: {} } });
      expect(acto.status).toBe(201);
      // the office finishes the case; the client asks for a copy with an empty reason
      const personal = await pagina(browser, viewport);
      await signIn(personal, LUCIA);
      for (const estado of ['EN_TRAMITE', 'FINALIZADO']) {
        expect((await api(personal, `/expediente/${expediente}/estado`, { method: 'PUT', json: { estado } })).status).toBe(200);
      }
      await cliente.goto(`/expediente/${expediente}`);
      await cliente.getByRole('tab', { name: 'Escrituras' }).click();
      await cliente.getByRole('button', { name: /^Solicitar copia/ }).first().click();
      const dialogo = cliente.getByRole('dialog', { name: /Solicitar copia/ });
      await dialogo.getByRole('button', { name: 'Solicitar' }).click();
      await expect(dialogo.locator('.ant-form-item-explain-error')).not.toHaveCount(0);
      await screenshot(cliente, `usuarios-copia-motivo-vacio-${nombre}`);
      expect(errores).toEqual([]);
      // a reason given and 'Solicitar' pressed twice: one request
      await dialogo.getByRole('textbox').last().fill('Para el banco');
      await dialogo.getByRole('button', { name: 'Solicitar' }).dblclick();
      await expect(toast(cliente, 'Solicitud de copia enviada')).toBeVisible();
      await cliente.waitForTimeout(1000);
      const copias = await api(cliente, `/expediente/${expediente}/copias`);
      expect(copias.body).toHaveLength(1);
      expect(errores).toEqual([]);

      // the office's screens fit the screen, and every count says what it counts
      await personal.goto('/despacho');
      for (const filtro of ['Todos', 'Pendiente', 'En trámite', 'Finalizado']) await dentro(personal, personal.locator('.desp-segmento').filter({ hasText: filtro }));
      await personal.getByLabel('Buscar cliente por nombre o documento').fill(documento.toLowerCase());
      if (viewport.width < 768) {
        await expect(personal.locator('.desp-tarjeta').filter({ hasText: `Herencia ${documento}` }).locator('.desp-cuenta-etiquetada')).toHaveText('Actos enviados 1');
      } else {
        await expect(personal.getByRole('columnheader', { name: 'Actos enviados' })).toBeVisible();
      }
      await sinDesborde(personal);
      await screenshot(personal, `usuarios-despacho-lista-${nombre}`);
      await personal.goto(`/despacho/expedientes/${expediente}`);
      // all six tabs of the office's case view are on screen, on a phone too (no '…' menu)
      for (const pestana of ['Actos', 'Borradores', 'Documentos', 'Copias', 'Conversación', 'Historial']) await dentro(personal, personal.getByRole('tab', { name: new RegExp(`^${pestana}`) }));
      await personal.getByRole('tab', { name: 'Copias' }).click();
      await dentro(personal, personal.getByRole('button', { name: 'Rechazar' }));
      await dentro(personal, personal.getByRole('button', { name: 'Entregar copia (PDF)' }));
      await sinDesborde(personal);
      await screenshot(personal, `usuarios-despacho-copias-${nombre}`);
      await personal.getByRole('tab', { name: 'Documentos' }).click();
      await expect(personal.getByText('Este expediente aún no tiene documentos. Suba aquí la escritura u otros documentos para el cliente.')).toBeVisible();
      await expect(personal.getByText('aparecerán aquí cuando la notaría las prepare', { exact: false })).toHaveCount(0);
    });

    test('the person form says an empty e-mail is required and what is wrong with a postal code', async ({ browser }) => {
      const cliente = await pagina(browser, viewport);
      await nuevoUsuario(cliente);
      await cliente.goto('/datos-personales');
      await cliente.getByRole('button', { name: 'Nueva Persona' }).click();
      const nueva = cliente.getByRole('dialog').filter({ has: cliente.getByText('Nueva Persona', { exact: true }) });
      await nueva.getByRole('button', { name: /Persona Física/ }).click();
      const email = nueva.getByLabel('Email');
      await email.fill('a');
      await email.fill('');
      await expect(nueva.getByText('El email es obligatorio').first()).toBeVisible();
      await expect(nueva.getByText('Email inválido')).toHaveCount(0);
      const cp = nueva.getByLabel('Código postal');
      await cp.fill('999999');
      await expect(cp).toHaveValue('999999');
      await expect(nueva.getByText('El código postal debe tener 5 dígitos').first()).toBeVisible();
      await cp.fill('99999');
      await expect(nueva.getByText('Ese código postal no existe: en España empieza por 01 a 52').first()).toBeVisible();
      await screenshot(cliente, `usuarios-formulario-mensajes-${nombre}`);
    });
  });
}

test("the admin's Personal tab at 1366 px: headers keep their words whole and each row's buttons stay on one line", async ({ browser }) => {
  const admin = await pagina(browser, { width: 1366, height: 900 });
  await signIn(admin, ADMIN);
  await admin.goto('/admin/notarias');
  await admin.getByRole('tab', { name: 'Personal' }).click();
  await expect(admin.getByRole('tab', { name: 'Personal', selected: true })).toBeVisible();
  const cabeceras = admin.locator('.tabla th');
  await expect(cabeceras.first()).toBeVisible();
  // a header broken inside a word ('Documen/to') is taller than one line of text
  for (const th of await cabeceras.all()) {
    const partida = await th.evaluate((el) => {
      // each word of the header's text on one line: a word's own box is one rectangle
      const textos = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = textos.nextNode(); n; n = textos.nextNode()) {
        const texto = n.textContent ?? '';
        let i = 0;
        for (const palabra of texto.split(/(\s+)/)) {
          if (palabra.trim()) {
            const r = document.createRange();
            r.setStart(n, i);
            r.setEnd(n, i + palabra.length);
            if (new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size > 1) return true;
          }
          i += palabra.length;
        }
      }
      return false;
    });
    expect(partida, (await th.textContent()) ?? undefined).toBe(false);
  }
  const fila = admin.locator('.tabla .tabla-fila').first();
  const tops = await fila.locator('td').last().getByRole('button').evaluateAll((bs) => bs.map((b) => Math.round(b.getBoundingClientRect().top)));
  expect(tops.length).toBeGreaterThan(1);
  expect(new Set(tops).size).toBe(1);
  await screenshot(admin, 'usuarios-admin-personal-escritorio');
});

test("the admin's 'Cerrar sesiones' on a staff row signs that staff member out everywhere", async ({ browser }) => {
  const personal = await pagina(browser, { width: 1366, height: 900 });
  await signIn(personal, LUCIA);
  await personal.goto('/despacho');
  await expect(personal.getByRole('heading', { name: 'Despacho' })).toBeVisible();

  const admin = await pagina(browser, { width: 1366, height: 900 });
  await signIn(admin, ADMIN);
  await admin.goto('/admin/notarias?tab=personal');
  const fila = admin.locator('.tabla .tabla-fila').filter({ hasText: 'Lucía Fernández' }).first();
  await fila.getByRole('button', { name: 'Cerrar sesiones' }).click();
  await expect(admin.getByText('¿Cerrar todas sus sesiones?')).toBeVisible();
  await screenshot(admin, 'usuarios-admin-cerrar-sesiones');
  await admin.getByRole('button', { name: 'Cerrar sesiones', exact: true }).last().click();
  await expect(toast(admin, /Se ha cerrado 1 sesión|Se han cerrado \d+ sesiones/)).toBeVisible();

  // Lucía's portal finds its session ended: back to the sign-in page
  await expect(async () => {
    await personal.reload();
    await expect(personal.getByRole('button', { name: 'Acceder', exact: true })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
});
