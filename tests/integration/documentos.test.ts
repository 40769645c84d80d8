import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPARTO, reparto } from '../support/reparto';
import { startTestServer, type TestServer } from '../support/server';
import { JPEG, PDF, PNG, formulario } from '../support/archivos';

/**
 * Documents, copies and the conversation of a case, on a real server and database with the files
 * in a real folder: who may do what (the client, another client, a representative with and without
 * permiso_leer_expedientes, staff of the case's notaría and of another, the admin), files checked by
 * content and size, and no file left without its row.
 */
let s: TestServer;
let ids: Record<string, string>;
let tokens: Record<string, string>;
let expediente = '';


const body = async (res: Response) => ({ status: res.status, body: (res.headers.get('Content-Type') ?? '').includes('json') ? ((await res.json()) as any) : null });
const get = (path: string, who: string) => s.api(path, { token: tokens[who] }).then(body);
const send = (method: string, path: string, who: string, json: unknown) => s.api(path, { method, token: tokens[who], json }).then(body);
const subir = (path: string, who: string, form: FormData) => s.api(path, { method: 'POST', token: tokens[who], body: form }).then(body);
const archivosGuardados = async () => {
  const claves: string[] = [];
  for await (const k of s.ctx.storage.list(new Date(Date.now() + 60_000))) claves.push(k);
  return claves.sort();
};
const clavesDeFilas = async () => (await s.ctx.db.query<{ clave: string }>('select clave from servicios.documentos order by clave')).rows.map((r) => r.clave);

/** Who sees the case: its client, the representative who may read it, the staff of its notaría. */
const VEN = new Set(['ana', 'lector', 'staff']);

beforeAll(async () => {
  s = await startTestServer();
  ({ ids, tokens } = await reparto(s));
  const { rows } = await s.ctx.db.query<{ id: string }>(
    `insert into servicios.expedientes (titulo, persona_id, notaria_id, created_by) values ('Compraventa', $1, 1, $1) returning id`,
    [ids.ana],
  );
  expediente = rows[0].id;
});
afterAll(() => s?.close());

describe('documents of a case', () => {
  let documento = '';

  it('only the staff of the case notaría uploads; the client side gets 403, everybody else 404, and no file is kept for them', async () => {
    const r = await subir(`/expediente/${expediente}/documentos`, 'staff', formulario(PDF, 'Escritura compraventa ñ.pdf', { tipo: 'ESCRITURA' }));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ expedienteId: expediente, tipo: 'ESCRITURA', nombre: 'Escritura compraventa ñ.pdf', mime: 'application/pdf', tamano: PDF.byteLength, lado: 'NOTARIA' });
    documento = r.body.id;
    for (const who of ['ana', 'lector']) expect((await subir(`/expediente/${expediente}/documentos`, who, formulario(PDF, 'x.pdf'))).status).toBe(403);
    for (const who of ['otro', 'sinPermiso', 'staffOtra', 'admin']) expect((await subir(`/expediente/${expediente}/documentos`, who, formulario(PDF, 'x.pdf'))).status).toBe(404);
    expect((await s.api(`/expediente/${expediente}/documentos`, { method: 'POST', body: formulario(PDF, 'x.pdf') })).status).toBe(401);
    expect(await archivosGuardados()).toEqual(await clavesDeFilas());
    expect(await archivosGuardados()).toHaveLength(1);
  });

  it('lists and downloads for the client, the reading representative and the staff; 404 for the rest, whatever id they try', async () => {
    for (const who of REPARTO) {
      const list = await get(`/expediente/${expediente}/documentos`, who);
      expect(list.status, who).toBe(VEN.has(who) ? 200 : 404);
      if (VEN.has(who)) expect(list.body.map((d: any) => d.id)).toEqual([documento]);
      const file = await s.api(`/documento/${documento}`, { token: tokens[who] });
      expect(file.status, who).toBe(VEN.has(who) ? 200 : 404);
      if (VEN.has(who)) expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
      else await file.arrayBuffer();
    }
    for (const id of ['00000000-0000-0000-0000-000000000000', 'abc', '../../etc/passwd']) {
      expect((await s.api(`/documento/${encodeURIComponent(id)}`, { token: tokens.ana })).status).toBe(404);
    }
  });

  it('a download is an attachment with a safe name (RFC 5987), its real type and nosniff', async () => {
    const res = await s.api(`/documento/${documento}`, { token: tokens.ana });
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="Escritura compraventa n.pdf"; filename*=UTF-8''Escritura%20compraventa%20%C3%B1.pdf`);
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Content-Length')).toBe(String(PDF.byteLength));
    await res.arrayBuffer();
  });

  it('checks the content, not the name: PNG and JPEG pass, text named .pdf is refused (415), and nothing is kept of it', async () => {
    const png = await subir(`/expediente/${expediente}/documentos`, 'staff', formulario(PNG, 'foto.pdf', { tipo: 'OTRO' }, 'application/pdf'));
    expect(png.status).toBe(201);
    expect(png.body).toMatchObject({ mime: 'image/png', nombre: 'foto.png' });
    const jpeg = await subir(`/expediente/${expediente}/documentos`, 'staff', formulario(JPEG, 'plano', { tipo: 'OTRO' }));
    expect(jpeg.body).toMatchObject({ mime: 'image/jpeg', nombre: 'plano.jpg' });
    const texto = await subir(`/expediente/${expediente}/documentos`, 'staff', formulario(new TextEncoder().encode('<html><script>alert(1)</script>'), 'escritura.pdf', {}, 'application/pdf'));
    expect(texto.status).toBe(415);
    expect(texto.body.message).toBe('El archivo debe ser un PDF, una imagen JPEG o una imagen PNG');
    const sinArchivo = await s.api(`/expediente/${expediente}/documentos`, { method: 'POST', token: tokens.staff, body: new FormData() }).then(body);
    expect(sinArchivo.status).toBe(400);
    const tipoMalo = await subir(`/expediente/${expediente}/documentos`, 'staff', formulario(PDF, 'a.pdf', { tipo: 'DNI_ANVERSO' }));
    expect(tipoMalo.status).toBe(400);
    expect(await archivosGuardados()).toEqual(await clavesDeFilas());
    expect(await archivosGuardados()).toHaveLength(3);
  });

  it('refuses a body over 20 MB early with 413 and a Spanish message', async () => {
    const grande = new Uint8Array(20 * 1024 * 1024 + 1);
    grande.set(PDF);
    const r = await subir(`/expediente/${expediente}/documentos`, 'staff', formulario(grande, 'grande.pdf'));
    expect(r.status).toBe(413);
    expect(r.body.message).toBe('El archivo supera el tamaño máximo de 20 MB');
    // a declared length over the limit is answered before the body is read
    const res = await fetch(`${s.url}/nt/demo/v1/servicios/expediente/${expediente}/documentos`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tokens.staff}`, 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(200 * 1024 * 1024) },
      body: 'x',
    }).catch((e: Error) => e);
    if (res instanceof Response) expect(res.status).toBe(413);
    expect(await archivosGuardados()).toHaveLength(3);
  });

  it('a change whose transaction fails keeps no file', async () => {
    await s.ctx.db.exec(`create function servicios.falla() returns trigger language plpgsql as $$ begin raise exception 'fallo de prueba'; end $$;
      create trigger falla before insert on servicios.documentos for each row execute function servicios.falla();`);
    try {
      const r = await subir(`/expediente/${expediente}/documentos`, 'staff', formulario(PDF, 'b.pdf'));
      expect(r.status).toBe(500);
    } finally {
      await s.ctx.db.exec('drop trigger falla on servicios.documentos; drop function servicios.falla();');
    }
    expect(await archivosGuardados()).toEqual(await clavesDeFilas());
  });

  it('the office deletes a document: its row and then its file go', async () => {
    const r = await subir(`/expediente/${expediente}/documentos`, 'staff', formulario(PDF, 'borrar.pdf', { tipo: 'OTRO' }));
    for (const who of ['ana', 'lector']) expect((await s.api(`/documento/${r.body.id}`, { method: 'DELETE', token: tokens[who] })).status).toBe(403);
    for (const who of ['otro', 'staffOtra', 'admin']) expect((await s.api(`/documento/${r.body.id}`, { method: 'DELETE', token: tokens[who] })).status).toBe(404);
    expect((await s.api(`/documento/${r.body.id}`, { method: 'DELETE', token: tokens.staff })).status).toBe(204);
    expect((await s.api(`/documento/${r.body.id}`, { token: tokens.ana })).status).toBe(404);
    expect(await archivosGuardados()).toEqual(await clavesDeFilas());
  });

  it('every request is in the audit log with its caller and answer', async () => {
    const { rows } = await s.ctx.db.query<{ actor: string; status: number }>(
      `select actor, status from servicios.audit_log where entity = 'documento' and action = 'read' and entity_id = $1`,
      [documento],
    );
    expect(rows.some((r) => r.actor === ids.ana && r.status === 200)).toBe(true);
    expect(rows.some((r) => r.actor === ids.otro && r.status === 404)).toBe(true);
  });
});

describe('documents of a persona', () => {
  it('the persona (or whoever may update the record) uploads the DNI; full readers and the office of a case of hers see it; others 404', async () => {
    const r = await subir(`/persona/${ids.ana}/documentos`, 'ana', formulario(JPEG, 'dni.jpg', { tipo: 'DNI_ANVERSO' }));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ personaId: ids.ana, tipo: 'DNI_ANVERSO', mime: 'image/jpeg', lado: 'CLIENTE' });
    expect((await subir(`/persona/${ids.ana}/documentos`, 'ana', formulario(JPEG, 'dni.jpg', { tipo: 'ESCRITURA' }))).status).toBe(400);
    // issue 35: a text file sent as 'DNI Anverso' is told what is wrong with the file, as the office's uploads are
    const texto = await subir(`/persona/${ids.ana}/documentos`, 'ana', formulario(new TextEncoder().encode('hola'), 'dni.txt', { tipo: 'DNI_ANVERSO' }, 'text/plain'));
    expect(texto.status).toBe(415);
    expect(texto.body).toMatchObject({ message: 'El archivo debe ser un PDF, una imagen JPEG o una imagen PNG' });
    for (const who of ['otro', 'lector', 'sinPermiso', 'staffOtra', 'admin']) {
      expect((await subir(`/persona/${ids.ana}/documentos`, who, formulario(JPEG, 'dni.jpg', { tipo: 'DNI_REVERSO' }))).status, who).toBe(404);
      expect((await get(`/persona/${ids.ana}/documentos`, who)).status, who).toBe(404);
      expect((await s.api(`/documento/${r.body.id}`, { token: tokens[who] })).status, who).toBe(404);
    }
    // the office of a notaría where she has a case reads her documents, but does not change them
    expect((await get(`/persona/${ids.ana}/documentos`, 'staff')).body.map((d: any) => d.id)).toEqual([r.body.id]);
    expect((await s.api(`/documento/${r.body.id}`, { token: tokens.staff })).status).toBe(200);
    expect((await subir(`/persona/${ids.ana}/documentos`, 'staff', formulario(JPEG, 'dni.jpg', { tipo: 'DNI_REVERSO' }))).status).toBe(403);
    expect(await archivosGuardados()).toEqual(await clavesDeFilas());
  });
});

describe('copies', () => {
  let copia = '';

  it('are asked for by the client side of a finished case only', async () => {
    const pedir = (who: string, json: unknown = { tipo: 'AUTORIZADA', motivo: 'Para el banco' }) => send('POST', `/expediente/${expediente}/copias`, who, json);
    expect((await pedir('ana')).status).toBe(409);
    await s.ctx.db.query(`update servicios.expedientes set estado = 'FINALIZADO' where id = $1`, [expediente]);
    expect((await pedir('ana', { tipo: 'CERTIFICADA', motivo: 'x' })).status).toBe(400);
    expect((await pedir('ana', { tipo: 'SIMPLE', motivo: '  ' })).body.message).toBe('Indique el motivo de la solicitud');
    const r = await pedir('ana');
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ expedienteId: expediente, tipo: 'AUTORIZADA', motivo: 'Para el banco', estado: 'SOLICITADA', solicitanteId: ids.ana, documentoId: null });
    copia = r.body.id;
    expect((await pedir('lector', { tipo: 'SIMPLE', motivo: 'Archivo' })).status).toBe(201);
    expect((await pedir('staff')).status).toBe(403);
    for (const who of ['otro', 'sinPermiso', 'staffOtra', 'admin']) expect((await pedir(who)).status, who).toBe(404);
  });

  it('GET /copias lists my own requests; GET /despacho/copias those of my notarías, 404 to non-staff', async () => {
    expect((await get('/copias', 'ana')).body.map((c: any) => c.id)).toEqual([copia]);
    expect((await get('/copias', 'otro')).body).toEqual([]);
    expect((await get('/copias', 'staff')).body).toEqual([]);
    const despacho = await get('/despacho/copias', 'staff');
    expect(despacho.body.map((c: any) => c.expedienteId)).toEqual([expediente, expediente]);
    expect(despacho.body[0]).toMatchObject({ expedienteTitulo: 'Compraventa', clienteNombre: 'Ana Prueba' });
    expect((await get('/despacho/copias?estado=DISPONIBLE', 'staff')).body).toEqual([]);
    expect((await get('/despacho/copias?estado=OTRO', 'staff')).status).toBe(400);
    expect((await get('/despacho/copias', 'staffOtra')).body).toEqual([]);
    for (const who of ['ana', 'lector', 'otro', 'admin']) expect((await get('/despacho/copias', who)).status, who).toBe(404);
    expect((await get(`/expediente/${expediente}/copias`, 'staff')).body).toHaveLength(2);
    expect((await get(`/expediente/${expediente}/copias`, 'otro')).status).toBe(404);
  });

  it('the office prepares and delivers the copy with a PDF of the case; it is then final and the client downloads it', async () => {
    const put = (who: string, json: unknown) => send('PUT', `/copia/${copia}`, who, json);
    expect((await put('ana', { estado: 'EN_PREPARACION' })).status).toBe(403);
    for (const who of ['otro', 'staffOtra', 'admin']) expect((await put(who, { estado: 'EN_PREPARACION' })).status, who).toBe(404);
    expect((await put('staff', { estado: 'SOLICITADA' })).status).toBe(400);
    expect((await put('staff', { estado: 'EN_PREPARACION' })).body.estado).toBe('EN_PREPARACION');
    expect((await put('staff', { estado: 'DISPONIBLE' })).body.message).toBe('Adjunte el PDF de la copia');
    const png = await subir(`/expediente/${expediente}/documentos`, 'staff', formulario(PNG, 'copia.png', { tipo: 'COPIA' }));
    expect((await put('staff', { estado: 'DISPONIBLE', documentoId: png.body.id })).body.message).toBe('La copia debe ser un PDF');
    const pdf = await subir(`/expediente/${expediente}/documentos`, 'staff', formulario(PDF, 'Copia autorizada.pdf', { tipo: 'COPIA' }));
    const ok = await put('staff', { estado: 'DISPONIBLE', documentoId: pdf.body.id });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ estado: 'DISPONIBLE', documentoId: pdf.body.id });
    expect((await put('staff', { estado: 'RECHAZADA', motivo: 'tarde' })).status).toBe(409);
    const mia = (await get('/copias', 'ana')).body[0];
    expect(mia.estado).toBe('DISPONIBLE');
    expect((await s.api(`/documento/${mia.documentoId}`, { token: tokens.ana })).status).toBe(200);
    // a delivered copy's file cannot be deleted from under the client
    expect((await s.api(`/documento/${pdf.body.id}`, { method: 'DELETE', token: tokens.staff })).status).toBe(409);
  });

  it('a refusal needs its reason, which the client reads', async () => {
    const otra = (await get('/despacho/copias?estado=SOLICITADA', 'staff')).body[0];
    expect((await send('PUT', `/copia/${otra.id}`, 'staff', { estado: 'RECHAZADA' })).body.message).toBe('Indique el motivo del rechazo');
    const r = await send('PUT', `/copia/${otra.id}`, 'staff', { estado: 'RECHAZADA', motivo: 'Ya se entregó una copia simple' });
    expect(r.body).toMatchObject({ estado: 'RECHAZADA', motivoRechazo: 'Ya se entregó una copia simple' });
  });
});

describe('the conversation of a case', () => {
  it('the client side and the office write and read; everybody else 404; unread counts per side', async () => {
    const path = `/expediente/${expediente}/mensajes`;
    const r = await send('POST', path, 'ana', { texto: '  ¿Cuándo firmamos?  ' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ texto: '¿Cuándo firmamos?', lado: 'CLIENTE', mio: true, autorNombre: 'Ana Prueba' });
    expect((await send('POST', path, 'ana', { texto: '' })).status).toBe(400);
    expect((await send('POST', path, 'ana', { texto: 'x'.repeat(4001) })).status).toBe(400);
    for (const who of ['otro', 'sinPermiso', 'staffOtra', 'admin']) {
      expect((await send('POST', path, who, { texto: 'hola' })).status, who).toBe(404);
      expect((await get(path, who)).status, who).toBe(404);
    }
    expect((await get('/mensajes/no-leidos', 'staff')).body).toEqual({ total: 1, porExpediente: { [expediente]: 1 } });
    expect((await get('/mensajes/no-leidos', 'staffOtra')).body.total).toBe(0);
    expect((await get('/mensajes/no-leidos', 'ana')).body.total).toBe(0);
    const vista = await get(path, 'staff');
    expect(vista.body).toHaveLength(1);
    expect(vista.body[0]).toMatchObject({ mio: false, leido: true });
    expect((await get('/mensajes/no-leidos', 'staff')).body.total).toBe(0);
    expect((await send('POST', path, 'staff', { texto: 'El jueves a las 10:00' })).body).toMatchObject({ lado: 'NOTARIA', autorNombre: 'Lucía Prueba (Notaría)' });
    expect((await get('/mensajes/no-leidos', 'ana')).body).toEqual({ total: 1, porExpediente: { [expediente]: 1 } });
    expect((await get('/mensajes/no-leidos', 'lector')).body.total).toBe(1);
    // the representative who may read the case writes too, on the client side
    expect((await send('POST', path, 'lector', { texto: 'Perfecto' })).body.lado).toBe('CLIENTE');
    const cliente = await get(path, 'lector');
    expect(cliente.body.map((m: any) => [m.texto, m.mio])).toEqual([['¿Cuándo firmamos?', true], ['El jueves a las 10:00', false], ['Perfecto', true]]);
    expect((await get('/mensajes/no-leidos', 'ana')).body.total).toBe(0);
  });
});

describe('e-mails', () => {
  const outbox = async () => (await s.ctx.db.query<{ recipient: string; subject: string; body: string }>('select recipient, subject, body from app_meta.outbox order by id')).rows;
  /** The outbox once the notifications module has sent what is queued (its sender runs every second). */
  const enviados = async (desde: number, cuantos: number) => {
    await expect.poll(async () => (await outbox()).length - desde, { timeout: 10_000 }).toBeGreaterThanOrEqual(cuantos);
    return (await outbox()).slice(desde);
  };

  it('tell the client that a document or a copy is ready, or a copy refused with its reason', async () => {
    await s.ctx.db.query(`update servicios.personas set email = 'ana@example.com' where id = $1`, [ids.ana]);
    let antes = (await outbox()).length;
    await subir(`/expediente/${expediente}/documentos`, 'staff', formulario(PDF, 'Escritura de herencia.pdf', { tipo: 'ESCRITURA' }));
    let [mail] = await enviados(antes, 1);
    expect(mail).toMatchObject({ recipient: 'ana@example.com', subject: 'Nuevo documento en su expediente - Notaría López Martín' });
    expect(mail.body).toContain('«Escritura de herencia.pdf»');
    antes = (await outbox()).length;
    const copia = (await send('POST', `/expediente/${expediente}/copias`, 'ana', { tipo: 'SIMPLE', motivo: 'Registro' })).body;
    const pdf = await subir(`/expediente/${expediente}/documentos`, 'staff', formulario(PDF, 'copia.pdf', { tipo: 'COPIA' }));
    await send('PUT', `/copia/${copia.id}`, 'staff', { estado: 'DISPONIBLE', documentoId: pdf.body.id });
    [mail] = await enviados(antes, 1);
    expect(mail.subject).toBe('Su copia está disponible - Notaría López Martín');
    expect(mail.body).toContain('La copia simple que solicitó de la escritura de su expediente «Compraventa» ya está disponible');
    antes = (await outbox()).length;
    const otra = (await send('POST', `/expediente/${expediente}/copias`, 'ana', { tipo: 'AUTORIZADA', motivo: 'Registro' })).body;
    await send('PUT', `/copia/${otra.id}`, 'staff', { estado: 'RECHAZADA', motivo: 'Pida la simple' });
    [mail] = await enviados(antes, 1);
    expect(mail.subject).toBe('Su solicitud de copia ha sido rechazada - Notaría López Martín');
    expect(mail.body).toContain('Motivo: Pida la simple');
  });

  it('a message waiting unread 10 minutes goes once to the other side, never a read or a recent one, never its text', async () => {
    const { enviarAvisosMensajes } = await import('../../server/avisos-mensajes');
    const escribir = async (who: string, texto: string, hace: string) => {
      const r = await send('POST', `/expediente/${expediente}/mensajes`, who, { texto });
      await s.ctx.db.query(`update servicios.mensajes set creado_en = now() - $2::interval where id = $1`, [r.body.id, hace]);
    };
    let antes = (await outbox()).length;
    await escribir('ana', 'Mensaje privado del cliente', '11 minutes');
    await escribir('ana', 'Otro', '12 minutes');
    await escribir('staff', 'Recién escrito', '1 minute');
    expect(await enviarAvisosMensajes(s.ctx.db as never)).toBe(2);
    const [mail] = await enviados(antes, 1);
    expect(mail.recipient).toBe('info@notarialopezmartin.example');
    expect(mail.subject).toBe('Mensaje pendiente en el expediente «Compraventa»');
    expect(mail.body).toContain('Tiene 2 mensajes sin leer del cliente');
    expect(mail.body).not.toContain('Mensaje privado');
    expect(await enviarAvisosMensajes(s.ctx.db as never)).toBe(0);
    // the office's message, read by the client before its 10 minutes, is never e-mailed
    await get(`/expediente/${expediente}/mensajes`, 'ana');
    await s.ctx.db.query(`update servicios.mensajes set creado_en = now() - interval '20 minutes' where texto = 'Recién escrito'`);
    expect(await enviarAvisosMensajes(s.ctx.db as never)).toBe(0);
    antes = (await outbox()).length;
    await escribir('staff', 'Para Ana', '15 minutes');
    expect(await enviarAvisosMensajes(s.ctx.db as never)).toBe(1);
    const [paraAna] = await enviados(antes, 1);
    expect(paraAna.recipient).toBe('ana@example.com');
    expect(paraAna.body).toContain('Tiene un mensaje sin leer de Notaría López Martín');
  });
});
