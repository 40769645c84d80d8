import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { catalogueAccess, HARD_DELETE } from '../../domain/resource';
import { optionalText, requiredId, requiredPositiveInt, requiredText } from '../../domain/schema-blocks';
import { defineCatalogue, type ColumnDeclaration } from '../../domain/columns';
import { columnConditions } from '../../domain/column-checks';

/** A catalogue of two edited columns, a shown one and a derived list column. */
const declare = (columns: Record<string, ColumnDeclaration>, listed: string[]) =>
  defineCatalogue({
    name: 'pruebas',
    dataProvider: 'supabase',
    labels: { singular: 'Prueba', plural: 'Pruebas', gender: 'f' },
    columns,
    list: { columns: [...listed, { title: 'Derivada', value: (r) => r.nombre }] },
    defaultSort: { field: 'nombre', order: 'asc' },
    deletion: HARD_DELETE,
    access: catalogueAccess(),
  });

describe('a catalogue declared by its columns', () => {
  const config = declare(
    {
      nombre: { label: 'Nombre', rule: requiredText('El nombre es obligatorio'), widget: 'text', placeholder: 'Uno', list: { sortable: true } },
      notaria_id: { label: 'Notaría', rule: requiredId('La notaría es obligatoria'), widget: 'select', relation: { resource: 'notarias', labelField: 'nombre' } },
      version: { label: 'Versión', list: { title: 'V.', sortable: true } },
    },
    ['version', 'nombre'],
  );

  it('derives the form: the edited columns in declaration order, with their field settings', () => {
    expect(config.fields).toEqual([
      { name: 'nombre', label: 'Nombre', widget: 'text', placeholder: 'Uno' },
      { name: 'notaria_id', label: 'Notaría', widget: 'select', relation: { resource: 'notarias', labelField: 'nombre' } },
    ]);
  });

  it('derives the schema from the rules: one key per edited column, with their messages', () => {
    expect(Object.keys(config.schema.shape)).toEqual(['nombre', 'notaria_id']);
    expect(config.schema.safeParse({ nombre: ' Uno ', notaria_id: '3' })).toEqual({ success: true, data: { nombre: 'Uno', notaria_id: 3 } });
    expect(config.schema.safeParse({ nombre: '', notaria_id: 3 }).error?.issues.map((i) => i.message)).toEqual(['El nombre es obligatorio']);
  });

  it('derives the list in its order, titled by the labels unless a column says otherwise', () => {
    expect(config.list.columns.map(({ value: _value, ...c }) => c)).toEqual([
      { title: 'V.', field: 'version', sortable: true },
      { title: 'Nombre', field: 'nombre', sortable: true },
      { title: 'Derivada' },
    ]);
  });

  it('adds the whole-record check to the schema', () => {
    const checked = defineCatalogue({
      name: 'horas',
      dataProvider: 'supabase',
      labels: { singular: 'Hora', plural: 'Horas', gender: 'f' },
      columns: { desde: { label: 'Desde', rule: z.number(), widget: 'number' }, hasta: { label: 'Hasta', rule: z.number(), widget: 'number' } },
      refine: (v, ctx) => {
        if (Number(v.hasta) <= Number(v.desde)) ctx.addIssue({ code: 'custom', path: ['hasta'], message: 'Hasta debe ser posterior' });
      },
      list: { columns: ['desde', 'hasta'] },
      defaultSort: { field: 'desde', order: 'asc' },
      deletion: HARD_DELETE,
      access: catalogueAccess(),
    });
    expect(checked.schema.safeParse({ desde: 2, hasta: 1 }).error?.issues).toMatchObject([{ path: ['hasta'], message: 'Hasta debe ser posterior' }]);
  });

  it('refuses a column that says how it shows in a list that does not name it, and one that is neither edited nor listed', () => {
    expect(() => declare({ nombre: { label: 'Nombre', rule: z.string(), widget: 'text', list: { sortable: true } } }, [])).toThrow(
      'resources/pruebas: nombre says how it shows in the list but the list does not name it',
    );
    expect(() => declare({ nombre: { label: 'Nombre', rule: z.string(), widget: 'text' }, version: { label: 'Versión' } }, [])).toThrow(
      'resources/pruebas: version is neither edited nor listed',
    );
  });
});

describe("the database's checks a column's rule states", () => {
  const sql = (rule: z.ZodType, widget: Parameters<typeof columnConditions>[1]['widget'] = 'text') => columnConditions('c', { rule, widget }).map((c) => c.sql);

  it('a required text is never blank, and a bounded one at most its length', () => {
    expect(sql(requiredText('Obligatorio'))).toEqual([`btrim("c") <> ''`]);
    expect(sql(requiredText('Obligatorio', 100))).toEqual([`char_length("c") <= 100`, `btrim("c") <> ''`]);
    expect(sql(optionalText(200))).toEqual([`char_length("c") <= 200`]);
  });

  it("a pattern PostgreSQL reads alike, an enum's values, a number's bounds", () => {
    expect(sql(z.string().regex(/^[a-z]{2}$/, 'Dos letras'))).toEqual([`"c" ~ '^[a-z]{2}$'`]);
    expect(sql(z.string().regex(/^o'k$/i, 'x'))).toEqual([`"c" ~* '^o''k$'`]);
    expect(sql(z.enum(['uno', 'dos']), 'select')).toEqual([`"c" in ('uno', 'dos')`]);
    expect(sql(requiredId('Obligatoria'), 'select')).toEqual([`"c" > 0`]);
    expect(sql(requiredPositiveInt('Obligatorio', 'Positivo'), 'number')).toEqual([`"c" > 0`]);
    expect(sql(z.number().min(1).max(9), 'number')).toEqual([`"c" >= 1`, `"c" <= 9`]);
  });

  it('nothing it cannot say alike: a transformed value, a pattern with \\d, flags, a format, a column not stored as text', () => {
    expect(sql(z.string().min(1).transform((s) => s.toUpperCase()))).toEqual([]);
    expect(sql(z.string().regex(/^\d+$/, 'x'))).toEqual([]);
    expect(sql(z.string().regex(/^a$/m, 'x'))).toEqual([]);
    expect(sql(z.email())).toEqual([]);
    expect(sql(z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'x'), 'time')).toEqual([]);
  });
});
