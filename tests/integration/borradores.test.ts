import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { ANA, JOHN, LUCIA } from '../support/sign-in';

/**
 * Drafts of a deed (issue 32): the office generates the draft of Ana's 'Poder General' from the
 * seeded template of its notaría; the PDF reads with her name, document and her apoderados, and
 * names what the act lacks; Ana answers; every version is kept and two compare as text.
 * The PDF's text is read with poppler's pdftotext, as a person would read the page.
 */
let s: TestServer;
const tokens: Record<string, string> = {};
let expediente: string;

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });
const send = (method: string, p: string, who: string, body?: unknown) => s.api(p, { method, token: tokens[who], json: body }).then(json);
const get = (p: string, who: string) => s.api(p, { token: tokens[who] }).then(json);

const OTORGANTE = {
  nif: '12345678Z', nombre: 'Ana', primer_apellido: 'García', segundo_apellido: 'López', fecha_nacimiento: '1985-04-12',
  estado_civil: 'SOLTERO', domicilio: 'Calle Mayor, 3, 28013 Madrid',
};
const APODERADO = { nif: 'X1234567L', nombre: 'John', primer_apellido: 'Smith', relacion: 'GESTOR' };

async function nuevoActo(datosFormulario: unknown) {
  const r = await send('POST', '/acto', 'ana', { expedienteId: expediente, titulo: 'Poder general', status: 'BORRADOR', definicionActoId: 3, datosFormulario });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as string;
}

async function textoPdf(documentoId: string, who = 'ana') {
  const res = await s.api(`/documento/${documentoId}`, { token: tokens[who] });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'borrador-')), 'b.pdf');
  fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  const texto = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  if (process.env.DEBUG_PDF) console.log(texto);
  return { texto: texto.replace(/\s+/g, ' '), info };
}

beforeAll(async () => {
  s = await startTestServer();
  tokens.ana = await s.token(ANA.personaId);
  tokens.john = await s.token(JOHN.personaId);
  tokens.staff = await s.token(LUCIA.personaId, 'assistant', [1]);
  tokens.staffOtra = await s.token(LUCIA.personaId, 'assistant', [2]);
  const r = await send('POST', '/expediente', 'ana', { titulo: 'Poder para John', dueDate: '2026-12-31', personaId: ANA.personaId, notariaId: 1, links: [] });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  expediente = r.body.id;
});
afterAll(() => s?.close());

describe('generating the draft', () => {
  it("fills the seeded template with the act's comparecientes, the office's facts and the date in words; an A4 PDF with page numbers", async () => {
    const acto = await nuevoActo({ otorgantes: [OTORGANTE], apoderados: [APODERADO], proposito: { alcance: 'GENERAL', forma_actuacion: 'SOLIDARIA' } });
    const r = await send('POST', `/acto/${acto}/borradores`, 'staff');
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ version: 1, plantillaNombre: 'Poder general amplio', respuesta: null, expedienteId: expediente });
    const { texto, info } = await textoPdf(r.body.documentoId);
    expect(texto).toContain('COMPARECE: ANA GARCÍA LÓPEZ, mayor de edad, de estado civil soltero');
    expect(texto).toContain('con DNI/NIF número 12345678Z');
    expect(texto).toContain('con domicilio en Calle Mayor, 3, 28013 Madrid');
    expect(texto).toContain('JOHN SMITH, con NIE número X1234567L');
    expect(texto).toContain('actuando de forma solidaria');
    expect(texto).toContain('Ante mí, Carmen López Martín');
    expect(texto).toContain('Notaría López Martín');
    expect(texto).toMatch(/En Madrid, a [a-zéí ]+ de [a-z]+ de dos mil [a-zéí]+\./);
    expect(texto).toContain('Página 1 de 1');
    // no protocol number yet: named as missing, never blank
    expect(r.body.faltan).toEqual(['número de protocolo (se asigna al firmar)']);
    expect(texto).toContain('[Falta: número de protocolo (se asigna al firmar)]');
    expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
  });

  it('an act without otorgantes gives a draft that says what is missing', async () => {
    const acto = await nuevoActo({ apoderados: [{ nif: 'X1234567L', nombre: 'John' }], proposito: { alcance: 'GENERAL' } });
    const r = await send('POST', `/acto/${acto}/borradores`, 'staff');
    expect(r.status).toBe(201);
    expect(r.body.faltan).toEqual(expect.arrayContaining(['otorgantes (ninguno en el acto)', 'Primer apellido (apoderados 1)', 'Forma de actuación de los apoderados (propósito)']));
    const { texto } = await textoPdf(r.body.documentoId);
    expect(texto).toContain('Datos pendientes en el acto');
    expect(texto).toContain('COMPARECE: [Falta: otorgantes (ninguno en el acto)]');
    expect(texto).toContain('JOHN [Falta: Primer apellido (apoderados 1)]');
  });

  it('only the office of the case generates: the client 403, another notaría or another client 404; a template of another act 400', async () => {
    const acto = await nuevoActo({ otorgantes: [OTORGANTE] });
    expect((await send('POST', `/acto/${acto}/borradores`, 'ana')).status).toBe(403);
    expect((await send('POST', `/acto/${acto}/borradores`, 'staffOtra')).status).toBe(404);
    expect((await send('POST', `/acto/${acto}/borradores`, 'john')).status).toBe(404);
    const otra = await send('POST', `/acto/${acto}/borradores`, 'staff', { plantillaId: 2 });
    expect(otra).toMatchObject({ status: 400, body: { message: 'La plantilla no es de este acto o de esta notaría' } });
    expect((await send('POST', `/acto/${acto}/borradores`, 'staff', { plantillaId: 'x' })).status).toBe(400);
    expect((await get(`/expediente/${expediente}/borradores`, 'ana')).body.filter((b: any) => b.actoId === acto)).toEqual([]);
  });
});

it('the draft fills every common placeholder the template language declares (marcadores_comunes)', async () => {
  const { vistaBorrador } = await import('../../domain/borrador');
  const { rows } = await s.ctx.db.query<{ nombre: string }>('select nombre from public.marcadores_comunes');
  const { vista } = vistaBorrador(null, {}, { notario: 'N', notaria: 'N', direccionNotaria: 'Calle, 28001 Madrid', fecha: '2026-11-26', acto: 'A', expediente: 'E', numeroProtocolo: 1 });
  for (const { nombre } of rows) expect(vista[nombre], nombre).toEqual(expect.any(String));
  expect(vista.numero_protocolo).toBe('UNO');
});

describe('the client answers; versions are kept and compared', () => {
  it("Observaciones, then a new version after the act changed, then Conforme; the diff names what changed", async () => {
    const acto = await nuevoActo({ otorgantes: [OTORGANTE], apoderados: [APODERADO], proposito: { alcance: 'GENERAL', forma_actuacion: 'SOLIDARIA' } });
    const v1 = (await send('POST', `/acto/${acto}/borradores`, 'staff')).body;
    expect((await send('PUT', `/borrador/${v1.id}/respuesta`, 'ana', { respuesta: 'OBSERVACIONES' })).body.message).toBe('Escriba sus observaciones');
    expect((await send('PUT', `/borrador/${v1.id}/respuesta`, 'staff', { respuesta: 'CONFORME' })).status).toBe(403);
    expect((await send('PUT', `/borrador/${v1.id}/respuesta`, 'john', { respuesta: 'CONFORME' })).status).toBe(404);
    const obs = await send('PUT', `/borrador/${v1.id}/respuesta`, 'ana', { respuesta: 'OBSERVACIONES', observaciones: 'Deben actuar juntos' });
    expect(obs).toMatchObject({ status: 200, body: { respuesta: 'OBSERVACIONES', observaciones: 'Deben actuar juntos' } });
    expect((await send('PUT', `/borrador/${v1.id}/respuesta`, 'ana', { respuesta: 'CONFORME' })).status).toBe(409);

    const cambio = await send('PUT', `/acto/${acto}`, 'ana', { datosFormulario: { otorgantes: [OTORGANTE], apoderados: [APODERADO], proposito: { alcance: 'GENERAL', forma_actuacion: 'MANCOMUNADA' } } });
    expect(cambio.status, JSON.stringify(cambio.body)).toBe(200);
    const v2 = (await send('POST', `/acto/${acto}/borradores`, 'staff')).body;
    expect(v2.version).toBe(2);
    expect((await textoPdf(v2.documentoId)).texto).toContain('actuando de forma mancomunada');
    // an older version is not answered any more
    const lista = (await get(`/expediente/${expediente}/borradores`, 'ana')).body.filter((b: any) => b.actoId === acto);
    expect(lista.map((b: any) => [b.version, b.respuesta])).toEqual([[2, null], [1, 'OBSERVACIONES']]);
    expect((await send('PUT', `/borrador/${v2.id}/respuesta`, 'ana', { respuesta: 'CONFORME' })).body.respuesta).toBe('CONFORME');

    const diff = await get(`/borrador/${v2.id}/diferencias?con=${v1.id}`, 'staff');
    expect(diff.status).toBe(200);
    expect(diff.body).toMatchObject({ de: 1, a: 2 });
    expect(diff.body.partes.filter((p: any) => p.tipo === 'quitado').map((p: any) => p.texto.trim())).toEqual(['solidaria']);
    expect(diff.body.partes.filter((p: any) => p.tipo === 'añadido').map((p: any) => p.texto.trim())).toEqual(['mancomunada']);
    expect((await get(`/borrador/${v2.id}/diferencias`, 'staff')).status).toBe(400);
    expect((await get(`/borrador/${v2.id}/diferencias?con=${v1.id}`, 'john')).status).toBe(404);
  });

  it('drafts stay out of the documents list and cannot be deleted; every change is audited', async () => {
    const docs = (await get(`/expediente/${expediente}/documentos`, 'staff')).body;
    expect(docs.filter((d: any) => d.tipo === 'BORRADOR')).toEqual([]);
    const [b] = (await get(`/expediente/${expediente}/borradores`, 'staff')).body;
    expect((await send('DELETE', `/documento/${b.documentoId}`, 'staff')).status).toBe(409);
    const { rows } = await s.ctx.db.query<{ entity: string; action: string }>(`select entity, action from servicios.audit_log where entity in ('borrador', 'acto') and entity_id = any($1)`, [[b.id, b.actoId]]);
    expect(rows).toEqual(expect.arrayContaining([{ entity: 'acto', action: 'create' }, { entity: 'borrador', action: 'update' }]));
    // the migration added 'borrador' to the audited entities and kept every other
    const def = (await s.ctx.db.query<{ d: string }>(`select pg_get_constraintdef(oid) as d from pg_constraint where conname = 'audit_log_entity_check'`)).rows[0].d;
    for (const e of ['persona', 'privilegio', 'expediente', 'acto', 'cita', 'documento', 'copia', 'mensaje', 'borrador']) expect(def).toContain(e);
  });
});
