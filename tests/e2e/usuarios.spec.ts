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

/** Uncaught errors of the page, collected from now on. */
function erroresDe(page: Page) {
  const errores: string[] = [];
  page.on('pageerror', (e) => errores.push(e.message));
  return errores;
}

for (const { nombre, viewport } of TAMANOS) {
  test.describe(`a ${nombre} (${viewport.width} px)`, () => {
    test("a staff member is greeted by their staff record's name", async ({ browser }) => {
      const { documento } = await registerUser();
      const admin = await pagina(browser, viewport);
      await signIn(admin, ADMIN);
      const creado = await admin.evaluate(async (numero) => {
        const res = await fetch('/rest/v1/personal', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('auth_token')}` },
          body: JSON.stringify({ name: 'Tomás Prueba Walk', email: `${numero.toLowerCase()}@n.example`, position: 'Oficial', notaria_id: 1, tipo_documento: 'NIF', numero_documento: numero }),
        });
        return res.status;
      }, documento);
      expect(creado).toBe(201);

      const personal = await pagina(browser, viewport);
      await signIn(personal, documento);
      await expect(personal.getByText('Bienvenido Tomás Prueba Walk')).toBeVisible();
      await expect(personal.getByText(`Bienvenido ${documento}`)).toHaveCount(0);
      await screenshot(personal, `usuarios-personal-nombre-${nombre}`);
    });

    test("the chat shows its limit, sends a double 'Enviar' once; an empty copy reason is refused without a page error", async ({ browser }) => {
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

      // the office finishes the case; the client asks for a copy with an empty reason
      const personal = await pagina(browser, viewport);
      await signIn(personal, LUCIA);
      for (const estado of ['EN_TRAMITE', 'FINALIZADO']) {
        expect((await api(personal, `/expediente/${expediente}/estado`, { method: 'PUT', json: { estado } })).status).toBe(200);
      }
      await cliente.reload();
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
