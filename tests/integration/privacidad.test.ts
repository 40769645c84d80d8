import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reparto, insertarPersona, insertarPrivilegio, type Papel } from '../support/reparto';
import { startTestServer, type TestServer } from '../support/server';
import { readOutbox } from '../../server/mail';
import { exportacionSchema } from '../../domain/privacidad-exportacion';
import { MENSAJE_MOTIVO_OBLIGATORIO, MENSAJE_SOLICITUD_ABIERTA } from '../../domain/privacidad';
import { NOTA_PROTOCOLO } from '../../server/services/privacidad-bloqueo';
import { destruirVencidos } from '../../server/services/privacidad-retencion';

/**
 * /privacidad (issue 33): the export of what is held about a person (JSON against its schema and
 * compared with the database table by table; PDF), who read or changed their records, and the
 * data-protection requests with the office's inbox. Bad input answers in Spanish and changes nothing.
 */
let s: TestServer;
let ids: Record<Papel, string>;
let tokens: Record<Papel, string>;
let hija = '';
let expediente = '';
let representante = '';
let tokenRepresentante = '';
let dniAna = '';

const body = async (res: Response) => ({ status: res.status, body: (res.headers.get('Content-Type') ?? '').includes('json') ? ((await res.json()) as any) : null });
const get = (p: string, token: string) => s.api(p, { token }).then(body);
const send = (method: string, p: string, token: string, json: unknown) => s.api(p, { method, token, json }).then(body);
const q = async <T = any>(sql: string, params: unknown[] = []) => (await s.ctx.db.query<T & Record<string, unknown>>(sql, params)).rows;
const cuenta = async (tabla: string) => Number((await q<{ n: number }>(`select count(*)::int as n from ${tabla}`))[0].n);

beforeAll(async () => {
  s = await startTestServer();
  ({ ids, tokens } = await reparto(s));
  hija = await insertarPersona(s, 'Hija', '33333333P', ids.ana);
  // notaría 1 (idint 1 in the seed) is the case's: staff (Lucía) works there
  [{ id: expediente }] = await q<{ id: string }>(
    `insert into servicios.expedientes (titulo, persona_id, notaria_id, created_by) values ('Compraventa', $1, 1, $1) returning id`,
    [ids.ana],
  );
  await q(`insert into servicios.actos (expediente_id, titulo, datos_formulario) values ($1, 'Poder General', '{"apoderados":[{"nombre":"Luis"}]}')`, [expediente]);
  await q(`insert into servicios.mensajes (expediente_id, autor_id, lado, texto) values ($1, $2, 'CLIENTE', 'Hola, ¿qué necesito?')`, [expediente, ids.ana]);
  await q(`insert into public.citas (user_id, client_id, notaria_id, staff_id, subject, date, time) values ($1, $1, 1, 1, 'Consulta', '2031-03-03', '10:00')`, [ids.ana]);
  [{ id: dniAna }] = await q<{ id: string }>(
    `insert into servicios.documentos (persona_id, tipo, nombre, mime, tamano, clave, lado, finalidad)
     values ($1, 'DNI_ANVERSO', 'dni.jpg', 'image/jpeg', 10, 'k-dni-ana', 'CLIENTE', 'Identificar a la persona') returning id`,
    [ids.ana],
  );
  await q(`insert into servicios.usuarios (tipo_documento, numero_documento, email, persona_id) values ('PASAPORTE', 'XPRIV0001', 'ana@example.com', $1)`, [ids.ana]);
  // a representative who may read Ana's ficha and cases: Ana's data travels in their export, her DNI image does not
  representante = await insertarPersona(s, 'Rep', '66666666Q');
  await insertarPrivilegio(s, ids.ana, representante, ['leer_ficha', 'leer_expedientes', 'leer_actos']);
  tokenRepresentante = await s.token(representante);
});
afterAll(() => s?.close());

describe('GET /privacidad/exportacion', () => {
  it('answers JSON valid against its schema holding, table by table, exactly what the database holds for the person', async () => {
    const r = await get('/privacidad/exportacion', tokens.ana);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const datos = exportacionSchema.parse(r.body);
    expect(datos.titular).toBe(ids.ana);
    const idsDe = (filas: { id: unknown }[]) => filas.map((f) => String(f.id)).sort();
    const deBd = async (sql: string, params: unknown[]) => (await q<{ id: string }>(sql, params)).map((f) => String(f.id)).sort();
    expect(idsDe(datos.personas)).toEqual([ids.ana, hija].sort());
    expect(idsDe(datos.privilegios)).toEqual(await deBd('select id from servicios.privilegios where persona_otorgante_id = $1 or persona_receptora_id = $1', [ids.ana]));
    expect(idsDe(datos.expedientes)).toEqual([expediente]);
    expect(idsDe(datos.actos)).toEqual(await deBd('select id from servicios.actos where expediente_id = $1', [expediente]));
    expect(datos.actos[0].datos_formulario).toEqual({ apoderados: [{ nombre: 'Luis' }] });
    expect(idsDe(datos.mensajes)).toEqual(await deBd('select id from servicios.mensajes where expediente_id = $1', [expediente]));
    expect(idsDe(datos.citas)).toEqual(await deBd('select id from public.citas where client_id = $1', [ids.ana]));
    expect(idsDe(datos.documentos)).toEqual([dniAna]);
    expect(datos.documentos[0].descarga).toBe(`/nt/demo/v1/servicios/documento/${dniAna}`);
    expect(datos.documentos[0]).not.toHaveProperty('clave');
    expect(datos.usuarios.map((u) => u.email)).toEqual(['ana@example.com']);
    // every column of the ficha, as stored
    const [fila] = await q(`select to_jsonb(p) as j from servicios.personas p where id = $1`, [ids.ana]);
    expect(datos.personas.find((p) => p.id === ids.ana)).toEqual(fila.j);
    expect(r.body).not.toHaveProperty('x');
  });

  it('a representative exports the persona they represent, without her identity-document image', async () => {
    const r = await get('/privacidad/exportacion', tokenRepresentante);
    const datos = exportacionSchema.parse(r.body);
    expect(datos.personas.map((p) => p.id)).toContain(ids.ana);
    expect(datos.expedientes.map((e) => e.id)).toEqual([expediente]);
    expect(datos.documentos.map((d) => d.id)).not.toContain(dniAna);
    expect(datos.usuarios).toEqual([]);
  });

  it("someone else's data answers 404 in Spanish; a bad format 400", async () => {
    for (const persona of [ids.otro, ids.staff, '00000000-0000-0000-0000-000000000000', 'abc']) {
      const r = await get(`/privacidad/exportacion?persona=${encodeURIComponent(persona)}`, tokens.ana);
      expect(r, persona).toEqual({ status: 404, body: { message: 'Persona no encontrada' } });
    }
    const una = await get(`/privacidad/exportacion?persona=${hija}`, tokens.ana);
    expect(una.body.personas.map((p: any) => p.id)).toEqual([hija]);
    expect((await get('/privacidad/exportacion?formato=xml', tokens.ana)).body.message).toBe('El formato debe ser json o pdf');
    expect((await s.api('/privacidad/exportacion')).status).toBe(401);
  });

  it('?formato=pdf is a readable PDF with the same data', async () => {
    const res = await s.api('/privacidad/exportacion?formato=pdf', { token: tokens.ana });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'exp-')), 'e.pdf');
    fs.writeFileSync(file, bytes);
    const texto = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(texto).toContain('Sus datos personales');
    expect(texto).toContain('Expedientes (1)');
    expect(texto).toContain('Compraventa');
    expect(texto).toContain('¿qué necesito?');
  });

  it('takes seconds, not minutes, for a client with 1,000 cases', async () => {
    const grande = await insertarPersona(s, 'Grande', '77777777B');
    await q(
      `with e as (insert into servicios.expedientes (titulo, persona_id, notaria_id) select 'Caso ' || g, $1, 3 from generate_series(1, 1000) g returning id)
       insert into servicios.actos (expediente_id, titulo, datos_formulario) select id, 'Acto', '{"a":1}' from e`,
      [grande],
    );
    const token = await s.token(grande);
    const t0 = Date.now();
    const json = await get('/privacidad/exportacion', token);
    const tJson = Date.now() - t0;
    expect(json.body.expedientes).toHaveLength(1000);
    expect(json.body.actos).toHaveLength(1000);
    const t1 = Date.now();
    const pdf = await s.api('/privacidad/exportacion?formato=pdf', { token });
    await pdf.arrayBuffer();
    const tPdf = Date.now() - t1;
    expect(pdf.status).toBe(200);
    expect(tJson).toBeLessThan(5000);
    expect(tPdf).toBeLessThan(10000);
  });
});

describe('GET /privacidad/accesos', () => {
  it("lists who else read or changed the person's records, with who, when and what; own actions only on request", async () => {
    expect((await get(`/despacho/expedientes/${expediente}`, tokens.staff)).status).toBe(200);
    expect((await get(`/persona/${ids.ana}`, tokens.ana)).status).toBe(200);
    // a refused probe touched nothing and is not an access
    expect((await get(`/persona/${ids.ana}`, tokens.otro)).status).toBe(404);
    const r = await get('/privacidad/accesos', tokens.ana);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([
      expect.objectContaining({ actor: ids.staff, actorNombre: 'Lucía Prueba', accion: 'read', entidad: 'expediente', entidadId: expediente, propio: false }),
    ]);
    expect(r.body.total).toBe(1);
    const todos = await get('/privacidad/accesos?propios=true', tokens.ana);
    expect(todos.body.data.map((a: any) => a.actor)).toEqual([ids.ana, ids.staff]);
    expect((await get('/privacidad/accesos', tokens.otro)).body.data).toEqual([]);
  });

  it('refuses a bad page in Spanish', async () => {
    expect((await get('/privacidad/accesos?pageSize=0', tokens.ana)).body.message).toBe('El tamaño de página debe estar entre 1 y 100');
    expect((await get('/privacidad/accesos?propios=si', tokens.ana)).status).toBe(400);
  });
});

let listaAntes: any;

describe('data-protection requests', () => {
  let solicitud = '';

  it('refuses a request without a reason or of an unknown kind, in Spanish, storing nothing', async () => {
    for (const json of [{ tipo: 'SUPRESION' }, { tipo: 'SUPRESION', motivo: '   ' }]) {
      const r = await send('POST', '/privacidad/solicitudes', tokens.ana, json);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(MENSAJE_MOTIVO_OBLIGATORIO);
    }
    expect((await send('POST', '/privacidad/solicitudes', tokens.ana, { tipo: 'BORRAR', motivo: 'x' })).body.message).toBe(
      'El tipo de solicitud debe ser SUPRESION, OPOSICION o LIMITACION',
    );
    expect(await cuenta('servicios.solicitudes_privacidad')).toBe(0);
  });

  it('stores a request with its one-month deadline; a second erasure while one is open is refused', async () => {
    const r = await send('POST', '/privacidad/solicitudes', tokens.ana, { tipo: 'SUPRESION', motivo: 'Ya no soy cliente' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ tipo: 'SUPRESION', motivo: 'Ya no soy cliente', estado: 'PENDIENTE', respuesta: null });
    const dias = (Date.parse(r.body.plazo) - Date.parse(r.body.creadaEn)) / 86_400_000;
    expect(dias).toBeGreaterThanOrEqual(28);
    expect(dias).toBeLessThanOrEqual(31);
    solicitud = r.body.id;
    const otra = await send('POST', '/privacidad/solicitudes', tokens.ana, { tipo: 'SUPRESION', motivo: 'Otra vez' });
    expect(otra).toEqual({ status: 409, body: { message: MENSAJE_SOLICITUD_ABIERTA, code: 'solicitud_abierta' } });
    expect(await cuenta('servicios.solicitudes_privacidad')).toBe(1);
    expect((await get('/privacidad/solicitudes', tokens.ana)).body.map((x: any) => x.id)).toEqual([solicitud]);
    expect((await get('/privacidad/solicitudes', tokens.otro)).body).toEqual([]);
  });

  it("is in the inbox of the staff of the person's notaría and of the admin only", async () => {
    for (const who of ['staff', 'admin'] as const) {
      const r = await get('/despacho/privacidad/solicitudes', tokens[who]);
      expect(r.body.map((x: any) => x.id), who).toEqual([solicitud]);
      expect(r.body[0]).toMatchObject({ personaNombre: 'Ana Prueba', vencida: false });
    }
    expect((await get('/despacho/privacidad/solicitudes', tokens.staffOtra)).body).toEqual([]);
    expect((await get('/despacho/privacidad/solicitudes', tokens.ana)).status).toBe(404);
    const ajena = await send('PUT', `/despacho/privacidad/solicitudes/${solicitud}`, tokens.staffOtra, { estado: 'RECHAZADA', respuesta: 'No' });
    expect(ajena).toEqual({ status: 404, body: { message: 'Solicitud no encontrada' } });
    expect((await send('PUT', `/despacho/privacidad/solicitudes/${solicitud}`, tokens.staff, { estado: 'ACEPTADA' })).body.message).toBe(
      'Escriba la respuesta para la persona',
    );
    expect((await q(`select estado from servicios.solicitudes_privacidad`))[0].estado).toBe('PENDIENTE');
  });

  it('an overdue request comes first and says so', async () => {
    await q(
      `insert into servicios.solicitudes_privacidad (persona_id, tipo, motivo, creada_en, plazo) values ($1, 'OPOSICION', 'Publicidad', now() - interval '40 days', now() - interval '9 days')`,
      [ids.ana],
    );
    const r = await get('/despacho/privacidad/solicitudes', tokens.staff);
    expect(r.body.map((x: any) => [x.tipo, x.vencida])).toEqual([
      ['OPOSICION', true],
      ['SUPRESION', false],
    ]);
  });

  it('accepted erasure: blocks her personas, says the protocol stays blocked, and e-mails the answer', async () => {
    listaAntes = (await get('/despacho/expedientes', tokens.staff)).body;
    expect(listaAntes.data.map((e: any) => e.id)).toContain(expediente);
    const r = await send('PUT', `/despacho/privacidad/solicitudes/${solicitud}`, tokens.staff, { estado: 'ACEPTADA', respuesta: 'Aceptamos su solicitud.' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.estado).toBe('ACEPTADA');
    expect(r.body.respuesta).toContain('Aceptamos su solicitud.');
    expect(r.body.respuesta).toContain(NOTA_PROTOCOLO);
    const bloqueadas = await q<{ id: string }>(`select id from servicios.personas where bloqueada_en is not null order by id`);
    expect(bloqueadas.map((b) => b.id)).toEqual([ids.ana, hija].sort());
    const [correo] = await readOutbox(s.ctx.db, 1);
    expect(correo.to).toBe('ana@example.com');
    expect(correo.text).toContain('ha sido aceptada');
    expect(correo.text).toContain(NOTA_PROTOCOLO);
    const otra = await send('PUT', `/despacho/privacidad/solicitudes/${solicitud}`, tokens.staff, { estado: 'RECHAZADA', respuesta: 'No' });
    expect(otra).toEqual({ status: 409, body: { message: 'Esta solicitud ya está respondida' } });
  });
});

describe('blocked data (LOPDGDD art. 32)', () => {
  it('is gone from every office list, search and case screen, and from the office counters', async () => {
    const lista = await get('/despacho/expedientes', tokens.staff);
    expect(lista.body.data.map((e: any) => e.id)).not.toContain(expediente);
    expect(lista.body.total).toBe(listaAntes.total - 1);
    expect(lista.body.contadores.PENDIENTE).toBe(listaAntes.contadores.PENDIENTE - 1);
    expect((await get('/despacho/expedientes?q=Ana', tokens.staff)).body.data).toEqual([]);
    for (const p of [`/despacho/expedientes/${expediente}`, `/expediente/${expediente}/documentos`, `/expediente/${expediente}/mensajes`]) {
      expect((await get(p, tokens.staff)).status, p).toBe(404);
    }
    const citas = await get('/despacho/citas?desde=2031-03-01&hasta=2031-03-31', tokens.staff);
    expect(citas.status).toBe(200);
    expect(citas.body).toEqual([]);
  });

  it('is gone for her representative (ficha, cases, export) and from /rest/v1 for everyone', async () => {
    expect((await get(`/persona/${ids.ana}`, tokenRepresentante)).status).toBe(404);
    expect((await get(`/expediente/${expediente}/documentos`, tokenRepresentante)).status).toBe(404);
    const exp = exportacionSchema.parse((await get('/privacidad/exportacion', tokenRepresentante)).body);
    expect(exp.personas.map((p) => p.id)).not.toContain(ids.ana);
    expect(exp.expedientes).toEqual([]);
    for (const token of [tokens.staff, tokens.admin, tokens.ana]) {
      const { data, error } = await s.supabase(token).from('citas').select('id, client_id').eq('client_id', ids.ana);
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
  });

  it('the retention job destroys what is past its period and records it; her deed (the protocol) stays blocked', async () => {
    // nothing is past a long period
    expect(await destruirVencidos(s.ctx.db, { retencionFichasDias: 3650, retencionCitasDias: 1095, intervaloSegundos: 3600, documentosIdentidadDias: 30 })).toEqual([]);
    const hechas = await destruirVencidos(s.ctx.db, { retencionFichasDias: 0, retencionCitasDias: 0, intervaloSegundos: 3600, documentosIdentidadDias: 30 });
    expect(hechas).toEqual(
      expect.arrayContaining([
        { tipo: 'citas', personaId: ids.ana, registros: 1, detalle: { citas: 1 } },
        expect.objectContaining({ tipo: 'ficha', personaId: hija, detalle: expect.objectContaining({ personas: 1 }) }),
      ]),
    );
    expect(hechas).toHaveLength(2);
    expect(await q('select id from servicios.personas where id = $1', [hija])).toEqual([]);
    expect(await q('select id from public.citas where client_id = $1', [ids.ana])).toEqual([]);
    // the protocol: blocked, not destroyed
    expect((await q('select bloqueada_en from servicios.personas where id = $1', [ids.ana]))[0].bloqueada_en).not.toBeNull();
    expect(await q('select id from servicios.expedientes where id = $1', [expediente])).toHaveLength(1);
    const registro = await q<{ tipo: string; persona_id: string; registros: number }>('select tipo, persona_id, registros from servicios.destrucciones order by tipo');
    expect(registro).toEqual([
      { tipo: 'citas', persona_id: ids.ana, registros: 1 },
      { tipo: 'ficha', persona_id: hija, registros: 1 },
    ]);
    // the admin reads the record; to anyone else it does not exist
    const leido = await get('/despacho/privacidad/destrucciones', tokens.admin);
    expect(leido.body.map((d: any) => d.tipo).sort()).toEqual(['citas', 'ficha']);
    expect((await get('/despacho/privacidad/destrucciones', tokens.staff)).status).toBe(404);
    // a second run finds nothing more
    expect(await destruirVencidos(s.ctx.db, { retencionFichasDias: 0, retencionCitasDias: 0, intervaloSegundos: 3600, documentosIdentidadDias: 30 })).toEqual([]);
  });

  it('she still sees and exports her own data', async () => {
    const exp = exportacionSchema.parse((await get('/privacidad/exportacion', tokens.ana)).body);
    expect(exp.personas.map((p) => p.id)).toEqual([ids.ana]);
    expect(exp.expedientes.map((e) => e.id)).toEqual([expediente]);
  });
});
