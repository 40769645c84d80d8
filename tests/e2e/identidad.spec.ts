import { test, expect, rememberEmail, screenshot, signIn } from './fixtures';
import { expedienteDeApi, nuevoUsuario, toast } from './expedientes-helpers';

/**
 * Verified at the office (issue 30): the client's /perfil says the identity is not verified; Lucía
 * (staff of the first notaría) opens the client's case, marks the identity verified in person; the
 * client's /perfil then says who, how and when.
 */
const LUCIA = '11111111H';
rememberEmail(LUCIA, 'lucia.fernandez@notarialopezmartin.example');

test('staff mark a client verified in the case view; the client reads who, how and when on /perfil', async ({ browser }) => {
  const cliente = await (await browser.newContext()).newPage();
  const personal = await (await browser.newContext()).newPage();

  const { documento, idPersona } = await nuevoUsuario(cliente);
  const expediente = await expedienteDeApi(cliente, idPersona, `Herencia ${documento}`);
  await cliente.goto('/perfil');
  await expect(cliente.getByTestId('perfil-identidad')).toContainText('Su identidad no está verificada todavía');

  await signIn(personal, LUCIA);
  await personal.goto(`/despacho/expedientes/${expediente}`);
  const identidad = personal.getByTestId('identidad-cliente');
  await expect(identidad).toContainText('Identidad no verificada.');
  // 'En persona' is chosen unless staff pick 'Por videoconferencia'
  await expect(identidad).toContainText('En persona');
  await identidad.getByRole('button', { name: 'Marcar identidad verificada' }).click();
  await expect(toast(personal, 'Identidad verificada')).toBeVisible();
  await expect(identidad).toContainText('Identidad verificada en la notaría (presencial) por Lucía Fernández Ruiz');
  await screenshot(personal, 'identidad-01-despacho');

  await cliente.reload();
  await expect(cliente.getByTestId('perfil-identidad')).toContainText('Identidad verificada en la notaría (presencial) por Lucía Fernández Ruiz el ');
  await screenshot(cliente, 'identidad-02-perfil');
});
