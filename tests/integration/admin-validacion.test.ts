import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import notarias from '../../resources/notarias';
import personal from '../../resources/personal';
import { startTestServer, type TestServer } from '../support/server';

/**
 * What the admin forms refuse (a notaría's phone and internal number, a staff e-mail used twice),
 * the schema of the resource and the database both refuse, with the form's Spanish message.
 */
let server: TestServer;
let admin: SupabaseClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = server.supabase(await server.token(randomUUID(), 'admin'));
});
afterAll(() => server?.close());

const notaria = (extra: Record<string, unknown> = {}) => ({
  nombre: 'Notaría de Prueba',
  direccion: 'Calle Real 5, Toledo',
  telefono: '925 000 000',
  externalidnotaria: `T${randomUUID().slice(0, 8)}`,
  idint: 1000 + Math.floor(Math.random() * 1e6),
  ...extra,
});
const mensajes = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? {} : Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));

describe('notarías', () => {
  it("the schema refuses a phone without 6 digits ('abcdef') and an internal number that is not a positive whole number", () => {
    expect(mensajes(notarias.schema.safeParse(notaria({ telefono: 'abcdef' })))).toEqual({
      telefono: 'El teléfono debe tener al menos 6 dígitos',
    });
    expect(notarias.schema.safeParse(notaria({ telefono: '12-34' })).success).toBe(false);
    expect(notarias.schema.safeParse(notaria({ telefono: '+34 (925) 00.00-00' })).success).toBe(true);
    for (const idint of [-3, 2.5, 0, 'abc']) {
      expect(mensajes(notarias.schema.safeParse(notaria({ idint })))).toEqual({ idint: 'El número interno debe ser un número entero positivo' });
    }
  });

  it('the database refuses them too', async () => {
    for (const bad of [{ telefono: 'abcdef' }, { telefono: '12345' }, { idint: -3 }, { idint: 0 }]) {
      const { error } = await admin.from('notarias').insert(notaria(bad));
      expect(error?.code, JSON.stringify(bad)).toBe('23514');
    }
    const { error } = await admin.from('notarias').insert(notaria());
    expect(error).toBeNull();
  });
});

describe('personal', () => {
  it('one e-mail names one staff member, whatever its case', async () => {
    const email = `dup.${randomUUID().slice(0, 8)}@notaria.example`;
    const row = { name: 'Uno', email, position: 'Oficial', notaria_id: 1 };
    expect((await admin.from('personal').insert(row)).error).toBeNull();
    const { error } = await admin.from('personal').insert({ ...row, name: 'Dos', email: email.toUpperCase(), notaria_id: 2 });
    expect(error?.code).toBe('23505');
    expect(personal.schema.safeParse({ ...row, calendar_type: 'google', is_active: true }).success).toBe(true);
  });
});
