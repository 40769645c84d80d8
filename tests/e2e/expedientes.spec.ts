import { test, expect, screenshot, randomNif } from './fixtures';
import { api, choose, expedienteDeApi, nuevoActo, nuevoUsuario, SERVICIOS, toast } from './expedientes-helpers';

/**
 * Case files and their acts: the new case with its rules, the whole new-act flow with the
 * framed form (conditional fields, person found by NIF), status changes, persistence, the temp-
 * act kept while the server is down, and messages from a foreign origin.
 */

test('creates a case and an act through the whole flow, and finds it all after a reload', async ({ page }) => {
  test.setTimeout(180_000);
  await nuevoUsuario(page);
  // a client of this user, found later by NIF from the act form
  const clienteNif = randomNif();
  const cliente = await api(page, '/persona', {
    method: 'POST',
    json: {
      tipoPersona: 'FISICA',
      identificador: { tipo: 'NIF', numero: clienteNif },
      nombre: 'Lucía',
      primerApellido: 'Martín',
      segundoApellido: 'Gómez',
      fechaNacimiento: '1979-04-12',
      estadoCivil: 'CASADO',
      regimenEconomico: 'GANANCIALES',
      email: 'lucia.martin@example.com',
      direccion: { tipoVia: 'Calle', nombreVia: 'Alcalá', numeroVia: '20', piso: '4', puerta: 'B', codPostal: '28014', localidad: 'Madrid', provincia: 'Madrid', pais: 'ESP' },
    },
  });
  expect(cliente.status).toBe(201);

  // first visit: the explanation dialog, then the empty state
  await page.goto('/expedientes');
  const ayuda = page.getByRole('dialog', { name: 'Aún no tiene expedientes' });
  await expect(ayuda).toContainText('Nuevo Expediente');
  await expect(ayuda).toContainText('Dentro del expediente podrá solicitar los actos notariales');
  await screenshot(page, 'expedientes-primera-vez');
  await ayuda.getByRole('button', { name: 'Entendido' }).click();
  await expect(page.getByText('No se encontraron expedientes')).toBeVisible();

  // the new case: every rule's message until its field is filled
  await page.getByRole('button', { name: 'Nuevo Expediente' }).click();
  await expect(page).toHaveURL(/\/expediente\/nuevo$/);
  const crear = page.getByRole('button', { name: 'Crear expediente' });
  const reglas = ['Debe seleccionar un notario', 'Debe seleccionar un cliente', 'Debe introducir un título para el expediente', 'Debe seleccionar una fecha de vencimiento'];
  // issue 35: nothing typed yet, nothing told; a field left empty tells its rule
  for (const r of reglas) await expect(page.getByText(r)).toHaveCount(0);
  await expect(crear).toBeDisabled();
  await page.getByLabel('Título').focus();
  await page.getByLabel('Título').press('Tab');
  await expect(page.getByText(reglas[2])).toBeVisible();
  await expect(page.getByText(reglas[0])).toHaveCount(0);
  await screenshot(page, 'expediente-nuevo-reglas');
  await choose(page, 'Notaría', 'Notaría López Martín');
  await expect(page.getByText(reglas[0])).toHaveCount(0);
  await choose(page, 'Cliente', 'Lucía Martín Gómez');
  await expect(page.getByText(reglas[1])).toHaveCount(0);
  await page.getByLabel('Título').fill('   ');
  await expect(page.getByText(reglas[2])).toBeVisible();
  await page.getByLabel('Título').fill('Venta del piso de Alcalá');
  await expect(page.getByText(reglas[2])).toHaveCount(0);
  await expect(crear).toBeDisabled();
  await page.getByLabel('Fecha de vencimiento').fill('31/12/2030');
  await page.getByLabel('Fecha de vencimiento').press('Tab');
  await expect(page.getByText(reglas[3])).toHaveCount(0);
  await expect(crear).toBeEnabled();
  await crear.click();

  // the case: header and tabs
  await expect(page).toHaveURL(/\/expediente\/[0-9a-f-]{36}$/);
  const expedienteId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name: 'Venta del piso de Alcalá' })).toBeVisible();
  const cabecera = page.locator('.exp-cabecera');
  await expect(cabecera).toContainText('Pendiente');
  await expect(cabecera).toContainText('Lucía Martín Gómez');
  await expect(cabecera).toContainText('Notaría López Martín');
  await expect(cabecera).toContainText('31/12/2030');
  await page.getByRole('tab', { name: 'Escrituras' }).click();
  await expect(page.getByText('Las escrituras del expediente aparecerán aquí')).toBeVisible();
  await page.getByRole('tab', { name: 'Chat' }).click();
  await expect(page.getByText('Todavía no hay mensajes. Escriba a la notaría sobre este expediente.')).toBeVisible();
  await page.getByRole('tab', { name: 'Actos' }).click();

  // the new act: title rules, then the form
  await page.getByRole('button', { name: 'Nuevo acto' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Nuevo acto' });
  await dialogo.getByRole('listitem').filter({ hasText: 'Poderes' }).click();
  await dialogo.getByRole('listitem').filter({ hasText: 'Poder General' }).click();
  await dialogo.getByRole('radio', { name: 'Poder general amplio' }).check();
  await screenshot(page, 'acto-nuevo-plantilla');
  await dialogo.getByRole('button', { name: 'Continuar' }).click();
  const tituloDialogo = page.getByRole('dialog', { name: 'Título del acto' });
  const tituloInput = tituloDialogo.getByLabel('Título');
  await expect(tituloInput).toHaveValue(/^Poder General - \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await tituloInput.fill('   ');
  await expect(tituloDialogo.getByText('Debe introducir un título para el acto')).toBeVisible();
  await expect(tituloDialogo.getByRole('button', { name: 'Confirmar' })).toBeDisabled();
  await tituloInput.fill('Poder para Lucía');
  await tituloInput.press('Enter');

  const pantalla = page.getByRole('dialog', { name: 'Poder para Lucía' });
  const form = page.frameLocator('iframe[title="Formulario: Poder para Lucía"]');
  const otorgante = form.getByRole('group', { name: 'Otorgante 1' });
  await otorgante.getByLabel('NIF/NIE', { exact: true }).fill(clienteNif);
  await otorgante.getByRole('button', { name: 'Buscar persona por NIF/NIE' }).click();
  await expect(otorgante.getByText('Datos cargados: Lucía Martín Gómez')).toBeVisible();
  await expect(otorgante.getByLabel('Nombre', { exact: true })).toHaveValue('Lucía');
  await expect(otorgante.getByLabel('Primer apellido')).toHaveValue('Martín');
  await expect(otorgante.getByLabel('Fecha de nacimiento')).toHaveValue('12-04-1979');
  await expect(otorgante.getByLabel('Estado civil')).toHaveValue('CASADO');
  // codes stay the values; the person reads Spanish labels, a list row is named in the singular
  await expect(otorgante.getByLabel('Estado civil').locator('option:checked')).toHaveText('Casado/a');
  await expect(otorgante.getByLabel('Estado civil').locator('option')).toContainText(['Seleccione...', 'Soltero/a', 'Casado/a']);
  await expect(form.getByRole('button', { name: 'Añadir otorgante', exact: true })).toBeVisible();
  await expect(otorgante.getByLabel('Régimen económico')).toHaveValue('GANANCIALES'); // shown because CASADO
  await expect(otorgante.getByLabel('Domicilio')).toHaveValue('Calle Alcalá 20 4 B');

  const apoderado = form.getByRole('group', { name: 'Apoderado 1' });
  const desconocido = randomNif();
  await apoderado.getByLabel('NIF/NIE', { exact: true }).fill(desconocido);
  await apoderado.getByLabel('NIF/NIE', { exact: true }).press('Enter');
  await expect(apoderado.getByText(`No se encontró ninguna persona con NIF/CIF: ${desconocido}`)).toBeVisible();
  await apoderado.getByLabel('Nombre', { exact: true }).fill('Pedro');
  await apoderado.getByLabel('Primer apellido').fill('Ruiz');
  await expect(apoderado.getByLabel('Indique la relación')).toHaveCount(0);
  await apoderado.getByLabel('Relación con el otorgante').selectOption('OTRA');
  await apoderado.getByLabel('Indique la relación').fill('Vecino de confianza');

  await form.getByLabel('Alcance del poder').selectOption('ESPECIAL');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText('Facultades que se confieren es obligatorio')).toBeVisible();
  await expect(form.getByText('Forma de actuación de los apoderados es obligatorio')).toBeVisible();
  await expect(pantalla).toBeVisible();
  await form.getByLabel('Facultades que se confieren').fill('Vender el piso de la calle Alcalá, 20 de Madrid');
  await form.getByLabel('Forma de actuación de los apoderados').selectOption('SOLIDARIA');
  await expect(form.getByLabel('Forma de actuación de los apoderados').locator('option:checked')).toHaveText('Solidaria');
  await expect(apoderado.getByLabel('Relación con el otorgante').locator('option:checked')).toHaveText('Otra');
  await form.getByLabel('Vigente hasta').pressSequentially('31122031');
  await screenshot(page, 'acto-formulario');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(pantalla).toBeHidden();
  await expect(toast(page, /Acto (guardado|actualizado)/)).toBeVisible();

  // one act (autosave and the manual save did not create two), as BORRADOR; switch to ENVIADO
  const fila = page.getByRole('row').filter({ hasText: 'Poder para Lucía' });
  await expect(fila).toHaveCount(1);
  await expect(fila).toContainText('Poder General');
  await expect(fila).toContainText('Borrador');
  await fila.locator('.ant-select-selector').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Enviado' }).click();
  await expect(toast(page, 'Acto actualizado')).toBeVisible();
  await screenshot(page, 'expediente-actos');

  // everything persisted
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'Poder para Lucía' })).toContainText('Enviado');
  const actos = await api(page, `/acto/expediente/${expedienteId}`);
  expect(actos.body).toHaveLength(1);
  expect(actos.body[0]).toMatchObject({
    status: 'ENVIADO',
    definicionActoId: 3,
    nombre_acto: 'Poder General',
    datosFormulario: {
      otorgantes: [{ nif: clienteNif, nombre: 'Lucía', fecha_nacimiento: '1979-04-12', estado_civil: 'CASADO', regimen_economico: 'GANANCIALES' }],
      apoderados: [{ nif: desconocido, nombre: 'Pedro', relacion: 'OTRA', relacion_otra: 'Vecino de confianza' }],
      proposito: { alcance: 'ESPECIAL', forma_actuacion: 'SOLIDARIA', fecha_fin: '2031-12-31', facultades: 'Vender el piso de la calle Alcalá, 20 de Madrid' },
    },
  });
  await page.getByRole('button', { name: 'Abrir formulario de Poder para Lucía' }).click();
  const reabierto = page.frameLocator('iframe[title="Formulario: Poder para Lucía"]');
  await expect(reabierto.getByRole('group', { name: 'Otorgante 1' }).getByLabel('NIF/NIE', { exact: true })).toHaveValue(clienteNif);
  await expect(reabierto.getByLabel('Vigente hasta')).toHaveValue('31-12-2031');
  await expect(reabierto.getByLabel('Indique la relación')).toHaveValue('Vecino de confianza');
  await page.getByRole('dialog', { name: 'Poder para Lucía' }).getByRole('button', { name: 'Cerrar' }).click();

  // the list: filter, sort and the clicked row kept in session storage
  await page.goto('/expedientes');
  const filtro = page.getByPlaceholder('Filtrar por cliente, título o notaría...');
  await filtro.fill('no existe nada así');
  await expect(page.getByText('No se encontraron expedientes')).toBeVisible();
  await filtro.fill('lucía');
  const filaExp = page.getByRole('row').filter({ hasText: 'Venta del piso de Alcalá' });
  await expect(filaExp).toContainText('Notaría López Martín');
  await expect(filaExp).toContainText('31/12/2030');
  const cabeceraNotaria = page.getByRole('columnheader', { name: /Notaría/ });
  await cabeceraNotaria.click();
  await expect(cabeceraNotaria).toHaveAttribute('aria-sort', 'ascending');
  await cabeceraNotaria.click();
  await expect(cabeceraNotaria).toHaveAttribute('aria-sort', 'descending');
  await screenshot(page, 'expedientes-lista');
  await filaExp.click();
  await expect(page).toHaveURL(new RegExp(`/expediente/${expedienteId}$`));
  const guardado = await page.evaluate(() => JSON.parse(sessionStorage.getItem('expedienteData') ?? 'null'));
  expect(guardado).toMatchObject({ id: expedienteId, titulo: 'Venta del piso de Alcalá' });
});

test('an act saved while the server is down is kept as temp- and saved when it returns', async ({ page }) => {
  test.setTimeout(120_000);
  const { idPersona } = await nuevoUsuario(page);
  const expedienteId = await expedienteDeApi(page, idPersona, 'Acta de manifestaciones');
  await page.goto(`/expediente/${expedienteId}`);
  await expect(page.getByRole('heading', { name: 'Acta de manifestaciones' })).toBeVisible();

  // creating acts fails (the server is unreachable for POST /acto)
  const crearActo = (url: URL) => url.pathname === `${SERVICIOS}/acto`;
  await page.route(crearActo, (route) => route.abort('connectionrefused'));
  const form = await nuevoActo(page, 'Actas', 'Acta de Manifestaciones', 'Manifestaciones sobre la finca');
  await form.getByLabel('Describa lo que necesita').fill('Quiero dejar constancia del estado de la finca');
  await expect(toast(page, 'No se pudo guardar el acto automáticamente')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('dialog', { name: 'Manifestaciones sobre la finca' }).getByRole('button', { name: 'Cerrar' }).click();

  const fila = page.getByRole('row').filter({ hasText: 'Manifestaciones sobre la finca' });
  await expect(fila).toContainText('Pendiente de guardar');
  const locales = await page.evaluate(() => JSON.parse(localStorage.getItem('actos_pendientes') ?? '[]'));
  expect(locales).toHaveLength(1);
  expect(locales[0].acto_id).toMatch(/^temp-/);
  expect(locales[0]).toMatchObject({ expediente_id: expedienteId, titulo: 'Manifestaciones sobre la finca', estado: 'BORRADOR' });
  expect(locales[0].datos_formulario.proposito.descripcion).toBe('Quiero dejar constancia del estado de la finca');
  expect((await api(page, `/acto/expediente/${expedienteId}`)).body).toEqual([]);
  await screenshot(page, 'acto-pendiente-de-guardar');

  // the server is back: the retry saves it without any action of the user
  await page.unroute(crearActo);
  await expect(toast(page, 'Actos guardados')).toBeVisible({ timeout: 25_000 });
  await expect(fila).not.toContainText('Pendiente de guardar');
  const actos = await api(page, `/acto/expediente/${expedienteId}`);
  expect(actos.body).toHaveLength(1);
  expect(actos.body[0].id).not.toMatch(/^temp-/);
  expect(actos.body[0].datosFormulario.proposito.descripcion).toBe('Quiero dejar constancia del estado de la finca');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('actos_pendientes') ?? '[]'))).toEqual([]);
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'Manifestaciones sobre la finca' })).toHaveCount(1);
});

test.describe('foreign messages', () => {
  // lets the test frame a page of another origin inside the portal, as an attacker's frame would be
  test.use({ bypassCSP: true });

  test('a message posted from another origin or window changes nothing', async ({ page }) => {
    const { idPersona } = await nuevoUsuario(page);
    const expedienteId = await expedienteDeApi(page, idPersona, 'Expediente a salvo');
    await page.goto(`/expediente/${expedienteId}`);
    const form = await nuevoActo(page, 'Poderes', 'Poder General', 'Poder sin tocar');
    await expect(form.getByRole('heading', { name: 'Otorgantes' })).toBeVisible();
    const avisos: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') avisos.push(m.text());
    });

    // a frame of another origin posts a submit to the portal and a new definition to the act form
    const otroOrigen = 'https://intruso.example';
    await page.route(`${otroOrigen}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>intruso</title><p>intruso</p>' }));
    await page.evaluate((src) => {
      const f = document.createElement('iframe');
      f.src = src;
      f.title = 'intruso';
      document.body.appendChild(f);
    }, `${otroOrigen}/pagina.html`);
    await expect.poll(() => page.frames().some((f) => f.url().startsWith(otroOrigen))).toBe(true);
    const intruso = page.frames().find((f) => f.url().startsWith(otroOrigen))!;
    await intruso.waitForLoadState();
    await intruso.evaluate(() => {
      window.parent.postMessage({ type: 'FORM_SUBMIT', timestamp: Date.now(), datosFormulario: { proposito: { alcance: 'GENERAL' } } }, '*');
      const falsa = { secciones: [{ nombre: 'Sección falsa', tipo: 'bloque', nombre_logico: 'falsa', campos: [{ nombre: 'x', tipo: 'texto', etiqueta: 'Campo falso' }] }] };
      for (let i = 0; i < window.parent.frames.length; i++) {
        const w = window.parent.frames[i];
        if (w !== window) w.postMessage({ type: 'INIT_DATA', timestamp: Date.now(), definicion: falsa }, '*');
      }
    });
    // the portal's own window (right origin, wrong source) and the form without a timestamp (wrong shape)
    await page.evaluate(() => window.postMessage({ type: 'FORM_SUBMIT', timestamp: Date.now(), datosFormulario: {} }, '*'));
    const marco = page.frames().find((f) => f.url().includes('/formulario.html') && !f.url().startsWith(otroOrigen))!;
    await marco.evaluate(() => window.parent.postMessage({ type: 'FORM_SUBMIT', datosFormulario: {} }, '*'));

    await expect.poll(() => avisos.filter((a) => a.startsWith('Mensaje ignorado')).length).toBeGreaterThanOrEqual(4);
    expect(avisos.some((a) => a.includes('origen no esperado'))).toBe(true);
    expect(avisos.some((a) => a.includes('ventana de origen no esperada'))).toBe(true);
    expect(avisos.some((a) => a.includes('falta la marca de tiempo'))).toBe(true);
    await page.waitForTimeout(1000);
    await expect(page.getByRole('dialog', { name: 'Poder sin tocar' })).toBeVisible();
    await expect(form.getByRole('heading', { name: 'Otorgantes' })).toBeVisible();
    await expect(form.getByText('Campo falso')).toHaveCount(0);
    await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
    expect((await api(page, `/acto/expediente/${expedienteId}`)).body).toEqual([]);
    await screenshot(page, 'acto-mensajes-ajenos-ignorados');
  });
});
