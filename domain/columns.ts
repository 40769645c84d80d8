import { z } from 'zod';
import type { CatalogueConfig, ColumnConfig, FieldConfig } from './resource';

/**
 * A catalogue's columns, declared once (resources/*.ts): each column's rule, form field, list
 * column and database checks follow from its one entry. defineCatalogue derives the schema (the
 * rules, and the whole-record check), the form's fields (the columns with a rule, in declaration
 * order) and the list's columns (named in the list's order, titled by their labels unless they say
 * otherwise); the database's checks follow from the rules (domain/column-checks.ts).
 */

/** How a column shows in the generated list: its title is the column's label unless given. */
export type ListDisplay = Omit<ColumnConfig, 'field' | 'value' | 'title'> & { title?: string };

/** A column edited in the form: its rule validates the form, the server's copy and the tests. */
export interface EditedColumn extends Omit<FieldConfig, 'name'> {
  rule: z.ZodType;
  list?: ListDisplay;
}

/** A column the form does not edit (the database sets it, e.g. a version), shown in the list. */
export interface ShownColumn {
  label: string;
  list?: ListDisplay;
}

export type ColumnDeclaration = EditedColumn | ShownColumn;

export const isEdited = (column: ColumnDeclaration): column is EditedColumn => 'rule' in column;

/** A list column that is not one column's value (e.g. the name of a related row). */
export type DerivedColumn = Omit<ColumnConfig, 'field'> & { value: NonNullable<ColumnConfig['value']> };

/** A catalogue as its file declares it: `columns` instead of a schema, fields and list columns. */
export type CatalogueDeclaration<C extends Record<string, ColumnDeclaration>> = Omit<CatalogueConfig, 'schema' | 'fields' | 'list' | 'columns' | 'defaultSort'> & {
  columns: C;
  /** The whole-record check, beyond each column's rule (e.g. the end after the start). */
  refine?: (values: Record<string, unknown>, ctx: z.RefinementCtx) => void;
  list: Omit<CatalogueConfig['list'], 'columns' | 'searchFields'> & {
    /** In the list's order: a declared column by name, or a derived one. */
    columns: (Extract<keyof C, string> | DerivedColumn)[];
    searchFields?: Extract<keyof C, string>[];
  };
  defaultSort: { field: Extract<keyof C, string>; order: 'asc' | 'desc' };
};

/** A catalogue's whole declaration, with its schema, form fields and list columns derived from `columns`. */
export function defineCatalogue<C extends Record<string, ColumnDeclaration>>(declaration: CatalogueDeclaration<C>): CatalogueConfig {
  const { columns, refine, list, ...rest } = declaration;
  const entries = Object.entries(columns);
  const named = new Set<string>(list.columns.filter((c): c is Extract<keyof C, string> => typeof c === 'string'));
  for (const [name, column] of entries) {
    if (column.list && !named.has(name)) throw new Error(`resources/${declaration.name}: ${name} says how it shows in the list but the list does not name it`);
    if (!isEdited(column) && !named.has(name)) throw new Error(`resources/${declaration.name}: ${name} is neither edited nor listed`);
  }
  const edited = entries.filter((e): e is [string, EditedColumn] => isEdited(e[1]));
  const shape = z.object(Object.fromEntries(edited.map(([name, column]) => [name, column.rule])));
  const schema = refine ? shape.superRefine(refine) : shape;
  const fields: FieldConfig[] = edited.map(([name, { rule: _rule, list: _list, ...field }]) => ({ name, ...field }));
  const listColumns: ColumnConfig[] = list.columns.map((c) => {
    if (typeof c !== 'string') return c;
    const { title, ...display } = columns[c].list ?? {};
    return { title: title ?? columns[c].label, field: c, ...display };
  });
  return { ...rest, columns, schema, fields, list: { ...list, columns: listColumns } };
}
