import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The placeholder language of the deed templates (supabase/migrations/…_marcadores_plantillas.sql):
 * a template saved through /rest/v1/plantillas_escrituras with a placeholder its act does not offer
 * is refused with 400, naming it in Spanish, and nothing is stored.
 */

let server: TestServer;
let admin: SupabaseClient;
const PODER_GENERAL = 3;

beforeAll(async () => {
  server = await startTestServer();
  admin = server.supabase(await server.token(randomUUID(), 'admin'));
});
afterAll(() => server?.close());

const count = async () => Number((await server.ctx.db.query<{ n: number }>('select count(*)::int as n from public.plantillas_escrituras')).rows[0].n);

async function save(plantilla: string, acto_id: number | null = PODER_GENERAL) {
  return admin.from('plantillas_escrituras').insert({ nombre: `Prueba ${randomUUID()}`, plantilla, acto_id, notaria_id: 1 }).select('id').maybeSingle();
}

describe('saving a template', () => {
  it('refuses {{nombre_inexistente}} with 400 naming it, and stores nothing', async () => {
    const before = await count();
    const { error, status } = await save('En {{localidad}}, a {{fecha}}, {{nombre_inexistente}} comparece.');
    expect(status).toBe(400);
    expect(error?.message).toBe('La plantilla usa un marcador desconocido: {{nombre_inexistente}}');
    expect(await count()).toBe(before);
  });

  it('names every unknown placeholder once, in order', async () => {
    const { error, status } = await save('{{precio}} {{vendedores}} {{precio}} {{otorgantes}}');
    expect(status).toBe(400);
    expect(error?.message).toBe('La plantilla usa marcadores desconocidos: {{precio}}, {{vendedores}}');
  });

  it("accepts what the act's form offers: its list sections, their fields inside their block, the fields of a one-row section, the common ones", async () => {
    const texto = [
      'NÚMERO {{numero_protocolo}}. En {{localidad}}, a {{fecha}}. Ante mí, {{notario}}, de la {{notaria}}.',
      'COMPARECE: {{otorgantes}}.',
      'A favor de {{#apoderados}}{{nombre}} {{primer_apellido}} ({{nif}}); {{/apoderados}}, de forma {{forma_actuacion}}.',
      '{{^fecha_fin}}Sin fecha de caducidad.{{/fecha_fin}} Copias: {{numero_copias}} ({{numero_copias_en_letra}}). {{! nota interna }}',
    ].join('\n');
    const { error, status } = await save(texto);
    expect(error).toBeNull();
    expect(status).toBe(201);
  });

  it("refuses a list section's field outside its block", async () => {
    const { error } = await save('{{primer_apellido}}');
    expect(error?.message).toBe('La plantilla usa un marcador desconocido: {{primer_apellido}}');
  });

  it('a template of every act may use only what every act offers', async () => {
    expect((await save('{{forma_actuacion}}', null)).error?.message).toBe('La plantilla usa un marcador desconocido: {{forma_actuacion}}');
    expect((await save('En {{localidad}}, COMPARECE: {{otorgantes}}.', null)).error).toBeNull();
  });

  it('refuses a section never closed, or closed without opening, and partials', async () => {
    expect((await save('{{#apoderados}}{{nombre}}')).error?.message).toBe('La plantilla abre {{#apoderados}} y no lo cierra');
    expect((await save('{{nombre}}{{/apoderados}}')).error?.message).toBe('La plantilla cierra {{/apoderados}} sin haberlo abierto');
    expect((await save('{{> cabecera}}')).error?.message).toBe('La plantilla usa una etiqueta no admitida: {{>cabecera}}');
  });

  it('an edit (PATCH) is checked as well, and changing the act re-checks the text', async () => {
    const { data } = await save('{{forma_actuacion}}');
    const id = (data as { id: number }).id;
    const edit = await admin.from('plantillas_escrituras').update({ plantilla: '{{otro_inexistente}}' }).eq('id', id);
    expect(edit.status).toBe(400);
    expect(edit.error?.message).toContain('{{otro_inexistente}}');
    const otherAct = await admin.from('plantillas_escrituras').update({ acto_id: 5 }).eq('id', id);
    expect(otherAct.error?.message).toBe('La plantilla usa un marcador desconocido: {{forma_actuacion}}');
    const stored = await server.ctx.db.query('select plantilla, acto_id from public.plantillas_escrituras where id = $1', [id]);
    expect(stored.rows[0]).toEqual({ plantilla: '{{forma_actuacion}}', acto_id: PODER_GENERAL });
  });

  it('every seeded template uses only known placeholders', async () => {
    const { rows } = await server.ctx.db.query<{ id: number; desconocidos: string[] }>(
      'select id, public.plantilla_marcadores_desconocidos(plantilla, acto_id) as desconocidos from public.plantillas_escrituras order by id',
    );
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (const r of rows) expect(r.desconocidos, `plantilla ${r.id}`).toEqual([]);
  });
});

describe('the placeholders an act offers (view marcadores_plantilla), readable without signing in', () => {
  it("lists for 'Poder General' the common ones, its sections and fields, each with an example", async () => {
    const { data, error } = await server.supabase().from('marcadores_plantilla').select('nombre, seccion, ejemplo').eq('acto_id', PODER_GENERAL).order('orden');
    expect(error).toBeNull();
    const rows = data as Array<{ nombre: string; seccion: string | null; ejemplo: string }>;
    const top = rows.filter((r) => r.seccion === null).map((r) => r.nombre);
    expect(top).toEqual(expect.arrayContaining(['numero_protocolo', 'notario', 'notaria', 'fecha', 'localidad', 'otorgantes', 'apoderados', 'forma_actuacion', 'numero_copias_en_letra']));
    expect(top).not.toContain('primer_apellido');
    expect(rows.filter((r) => r.seccion === 'apoderados').map((r) => r.nombre)).toEqual(expect.arrayContaining(['nombre', 'primer_apellido', 'nif']));
    for (const r of rows) expect(r.ejemplo, r.nombre).not.toBe('');
  });
});
