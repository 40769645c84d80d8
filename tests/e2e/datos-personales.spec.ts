import { test, expect, screenshot, openSelect, randomNif } from './fixtures';
import { choose, dialog, freshUser, selectClient, toast, todayDdMmYyyy } from './datos-personales-helpers';

test('creates a natural person and a legal person through the dialog', async ({ page }) => {
  await freshUser(page);
  await expect(page.getByText('Seleccione un cliente para ver su ficha de datos personales')).toBeVisible();

  await page.getByRole('button', { name: 'Nueva Persona' }).click();
  const nueva = dialog(page, 'Nueva Persona');
  await expect(nueva.getByRole('button', { name: /Persona Física/ })).toBeVisible();
  await expect(nueva.getByRole('button', { name: /Persona Jurídica/ })).toBeVisible();
  await expect(nueva.getByRole('button', { name: 'Cancelar' })).toBeVisible();
  await screenshot(page, 'datos-personales-1-tipo');

  // natural person: every required-field message on an empty submit
  await nueva.getByRole('button', { name: /Persona Física/ }).click();
  await expect(nueva.getByText('Datos de Persona Física')).toBeVisible();
  await expect(nueva.getByText('DNI Anverso')).toBeVisible();
  await expect(nueva.getByText('Podrá adjuntarlo cuando la persona esté guardada.').first()).toBeVisible();
  await nueva.getByRole('button', { name: 'Crear Persona Física' }).click();
  for (const message of [
    'El nombre es obligatorio',
    'El primer apellido es obligatorio',
    'El número de identificador es obligatorio',
    'La fecha de nacimiento es obligatoria',
    'El email es obligatorio',
    'El código postal es obligatorio',
    'La localidad es obligatoria',
    'La provincia es obligatoria',
    'La vía es obligatoria',
  ]) {
    await expect(nueva.getByText(message, { exact: true })).toBeVisible();
  }
  await screenshot(page, 'datos-personales-2-fisica-vacia');

  await nueva.getByLabel('Nombre', { exact: true }).fill('Lucía');
  await nueva.getByLabel('Primer apellido').fill('Prieto');
  await nueva.getByLabel('Número de identificador').fill('12345678A');
  await expect(nueva.getByText('El NIF introducido no es válido')).toBeVisible();
  await choose(page, nueva, 'Tipo de identificador', 'Pasaporte'); // re-validated: passports are not checked
  await expect(nueva.getByText('El NIF introducido no es válido')).toBeHidden();
  await choose(page, nueva, 'Tipo de identificador', 'NIF');
  await expect(nueva.getByText('El NIF introducido no es válido')).toBeVisible();
  const nif = randomNif();
  await nueva.getByLabel('Número de identificador').fill(nif);
  const fecha = nueva.getByLabel('Fecha de nacimiento');
  await fecha.pressSequentially('150319801234');
  await expect(fecha).toHaveValue('15/03/1980');
  await expect(nueva.getByLabel('Régimen económico')).toBeHidden();
  await choose(page, nueva, 'Estado civil', 'Casado/a');
  const regimen = nueva.locator('.ant-select').filter({ has: page.locator('#regimenEconomico') });
  await expect(regimen).toContainText('Gananciales');
  // any other status resets the regime to PRIVATIVO
  await choose(page, nueva, 'Estado civil', 'Viudo/a');
  await expect(nueva.getByLabel('Régimen económico')).toBeHidden();
  await choose(page, nueva, 'Estado civil', 'Casado/a');
  await expect(regimen).toContainText('Privativo');
  await nueva.getByLabel('Email').fill('lucia.prieto@example.com');
  await nueva.getByLabel('Código postal').fill('28013');
  await expect(nueva.getByLabel('Localidad')).toHaveValue('Madrid');
  await expect(nueva.locator('.ant-select').filter({ has: page.locator('#provincia') })).toContainText('Madrid');
  await nueva.getByLabel('Vía', { exact: true }).fill('Calle Mayor');
  await nueva.getByRole('button', { name: 'Crear Persona Física' }).click();

  await expect(toast(page, 'Persona física creada')).toBeVisible();
  await expect(nueva).toBeHidden();
  await expect(page.getByText('Ficha de Persona Física')).toBeVisible();
  await expect(page.locator('.dp-nombre')).toHaveText('Lucía Prieto');
  await expect(page.getByText(nif)).toBeVisible();
  await expect(page.getByText('Privativo')).toBeVisible();
  await screenshot(page, 'datos-personales-3-fisica-creada');

  // legal person, with a detour through 'Cambiar Tipo'
  await page.getByRole('button', { name: 'Nueva Persona' }).click();
  await nueva.getByRole('button', { name: /Persona Física/ }).click();
  await nueva.getByRole('button', { name: 'Cambiar Tipo' }).click();
  await nueva.getByRole('button', { name: /Persona Jurídica/ }).click();
  await expect(nueva.getByText('Datos de Persona Jurídica')).toBeVisible();
  await expect(nueva.getByText('Escritura de constitución')).toBeVisible();
  await nueva.getByRole('button', { name: 'Crear Persona Jurídica' }).click();
  for (const message of ['La razón social es obligatoria', 'El número de identificador es obligatorio', 'El email es obligatorio', 'El código postal es obligatorio', 'La localidad es obligatoria', 'La provincia es obligatoria', 'La vía es obligatoria']) {
    await expect(nueva.getByText(message, { exact: true })).toBeVisible();
  }
  await screenshot(page, 'datos-personales-4-juridica-vacia');
  await nueva.getByLabel('Número de identificador').fill('B12345674');
  await nueva.getByLabel('Razón social').fill('Construcciones Prieto S.L.');
  await nueva.getByLabel('Email').fill('info@prieto.example.com');
  await nueva.getByLabel('Código postal').fill('08001');
  await expect(nueva.getByLabel('Localidad')).toHaveValue('Barcelona');
  await nueva.getByLabel('Vía', { exact: true }).fill('Passeig de Gràcia');
  // the country picker
  const pais = nueva.getByLabel('País');
  await pais.fill('zzz');
  await expect(page.getByText('No se encontraron países.')).toBeVisible();
  await pais.fill('Port');
  await page.getByRole('option', { name: 'Portugal' }).click();
  await expect(pais).toHaveValue('Portugal');
  await pais.fill('Espa');
  await page.getByRole('option', { name: 'España' }).click();
  await nueva.getByRole('button', { name: 'Crear Persona Jurídica' }).click();
  await expect(toast(page, 'Persona jurídica creada')).toBeVisible();
  await expect(page.getByText('Ficha de Persona Jurídica')).toBeVisible();
  await expect(page.locator('.dp-nombre')).toHaveText('Construcciones Prieto S.L.');

  // both are now among the user's clients (the two 'creada' notices closed first: on a narrow
  // window they lie over the client box and would take the click)
  for (const cerrar of await page.locator('.ant-notification-notice-close').all()) await cerrar.click().catch(() => undefined);
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
  await openSelect(page.getByRole('combobox', { name: 'Cliente' }));
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.filter({ hasText: 'Lucía Prieto' })).toHaveCount(1);
  await expect(options.filter({ hasText: 'Construcciones Prieto S.L.' })).toHaveCount(1);
  await screenshot(page, 'datos-personales-5-clientes');
});

test('edits a record and the change persists after a reload', async ({ page }) => {
  const user = await freshUser(page);
  await selectClient(page, user.documento); // a new user's record has no name yet
  await expect(page.getByText('Ficha de Persona Física')).toBeVisible();
  await expect(page.getByText('Datos sin completar')).toBeVisible();
  await expect(page.getByText('No informado').first()).toBeVisible();
  await expect(page.getByText('No informada').first()).toBeVisible();
  await screenshot(page, 'datos-personales-6-ficha-vacia');

  await page.getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByRole('button', { name: 'Cancelar' }).first()).toBeVisible();
  await expect(page.getByLabel('Número de identificador')).toBeDisabled();
  await page.getByLabel('Nombre', { exact: true }).fill('Tomás');
  await page.getByLabel('Primer apellido').fill('Vidal');
  await page.getByLabel('Fecha de nacimiento').fill('02/02/1970');
  await choose(page, page, 'Profesión', 'Abogado/a');
  await page.getByLabel('Código postal').fill('46001');
  await expect(page.getByLabel('Localidad')).toHaveValue('Valencia');
  await page.getByLabel('Vía', { exact: true }).fill('Calle de la Paz');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(toast(page, 'Datos actualizados')).toBeVisible();
  await expect(page.locator('.dp-nombre')).toHaveText('Tomás Vidal');
  // their own record: the header greets with the new name at once, not after a reload
  await expect(page.getByText('Bienvenido Tomás Vidal')).toBeVisible();

  await page.reload();
  await expect(page.locator('.dp-nombre')).toHaveText('Tomás Vidal');
  await expect(page.getByText('02/02/1970')).toBeVisible();
  await expect(page.getByText('Abogado/a')).toBeVisible();
  await expect(page.getByText('Calle de la Paz')).toBeVisible();
  await expect(page.getByText('Datos sin completar')).toBeHidden();
  await screenshot(page, 'datos-personales-7-ficha-editada');

  // on a phone the page still works: one column, nothing cut off
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Editar' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, 'datos-personales-11-movil');
});

test('adds a legal and a general representative, ends one relation and toggles Ver todos', async ({ page }) => {
  const user = await freshUser(page);
  await selectClient(page, user.documento);
  await expect(page.getByText('Mostrando 0 representante(s) activos')).toBeVisible();

  // REPRESENTANTE_LEGAL: all eight permissions on and locked
  await page.getByRole('button', { name: 'Crear representante' }).click();
  const form = dialog(page, 'Crear representante');
  for (const card of ['Datos Personales', 'Información de Contacto', 'Domicilio', 'Información del Privilegio']) {
    await expect(form.getByText(card, { exact: true })).toBeVisible();
  }
  await expect(form.getByText('Los representantes legales tienen todos los permisos habilitados automáticamente.')).toBeVisible();
  await form.getByRole('button', { name: 'Crear representante' }).click();
  for (const message of ['El nombre es requerido', 'El primer apellido es requerido', 'El número de identificador es requerido', 'La fecha de nacimiento es requerida', 'La profesión es requerida']) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  await choose(page, form, 'Tipo de privilegio', 'Representante legal');
  const permisos = ['Leer ficha reducida', 'Leer ficha completa', 'Actualizar ficha', 'Leer expedientes', 'Actualizar expedientes', 'Crear expedientes', 'Leer actos', 'Traspasar permisos'];
  for (const p of permisos) {
    await expect(form.getByRole('checkbox', { name: p })).toBeChecked();
    await expect(form.getByRole('checkbox', { name: p })).toBeDisabled();
  }
  await form.getByLabel('Nombre', { exact: true }).fill('Rosa');
  await form.getByLabel('Primer apellido').fill('Legal');
  await form.getByLabel('Número de identificador').fill(randomNif());
  // a minor blocks the submit
  await form.getByLabel('Fecha de nacimiento').fill('01/01/2015');
  await expect(form.getByText('Un representante no puede ser menor de edad')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Crear representante' })).toBeDisabled();
  await form.getByLabel('Fecha de nacimiento').fill('01/01/1975');
  await expect(form.getByRole('button', { name: 'Crear representante' })).toBeEnabled();
  await choose(page, form, 'Profesión', 'Abogado/a');
  await screenshot(page, 'datos-personales-8-representante-legal');
  await form.getByRole('button', { name: 'Crear representante' }).click();
  await expect(toast(page, 'Representante creado exitosamente')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(page.getByText('Mostrando 1 representante(s) activos')).toBeVisible();
  await expect(page.getByText('Rosa Legal')).toBeVisible();

  // GENERAL: permissions chosen one by one
  await page.getByRole('button', { name: 'Crear representante' }).click();
  await expect(form.getByText('Información del Privilegio')).toBeVisible();
  for (const p of permisos) {
    await expect(form.getByRole('checkbox', { name: p })).not.toBeChecked();
    await expect(form.getByRole('checkbox', { name: p })).toBeEnabled();
  }
  await form.getByRole('checkbox', { name: 'Leer expedientes' }).check();
  await form.getByLabel('Nombre', { exact: true }).fill('Gonzalo');
  await form.getByLabel('Primer apellido').fill('General');
  await form.getByLabel('Número de identificador').fill(randomNif());
  await form.getByLabel('Fecha de nacimiento').fill('10/10/1980');
  await choose(page, form, 'Profesión', 'Estudiante');
  await form.getByRole('button', { name: 'Crear representante' }).click();
  await expect(toast(page, 'Representante creado exitosamente')).toBeVisible();
  await expect(page.getByText('Mostrando 2 representante(s) activos')).toBeVisible();
  await expect(page.locator('.ant-tag').filter({ hasText: /^Activo$/ })).toHaveCount(2);
  await screenshot(page, 'datos-personales-9-representantes');

  // end the general relation today
  await page.getByRole('button', { name: 'Editar representante Gonzalo General' }).click();
  const editar = dialog(page, 'Editar representante');
  await expect(editar.getByLabel('Número de identificador')).toBeDisabled();
  await expect(editar.getByRole('checkbox', { name: 'Leer expedientes' })).toBeChecked();
  await editar.getByLabel('Fecha de fin').fill(todayDdMmYyyy());
  await editar.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(toast(page, 'Representante actualizado exitosamente')).toBeVisible();
  await expect(page.getByText('Mostrando 1 representante(s) activos')).toBeVisible();
  await expect(page.getByText('Gonzalo General')).toBeHidden();

  await page.getByRole('button', { name: 'Ver todos' }).click();
  await expect(page.getByText('Mostrando 2 representante(s) (activos e históricos)')).toBeVisible();
  await expect(page.locator('.ant-tag').filter({ hasText: /^Inactivo$/ })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Ver activos' })).toBeVisible();
  await screenshot(page, 'datos-personales-10-historico');
  await page.getByRole('button', { name: 'Ver activos' }).click();
  await expect(page.getByText('Mostrando 1 representante(s) activos')).toBeVisible();
});
