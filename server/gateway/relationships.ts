import { ambiguousRelationship, noRelationship, type RelationshipDescription } from './errors.js';
import { functionRef, ident, miss, tableRef } from './names.js';
import type { DbFunction, ForeignKey, Relation, Schema } from './schema-cache.js';

/**
 * Which relation an embed names and how it joins its parent, as PostgREST detects relationships:
 * foreign keys (views inherit them, see schema-cache.ts), junction tables, and computed
 * relationships (functions of the parent row); plus computed fields (functions used as columns).
 */

/** A function's argument type names this relation's row type (regtype prints it unqualified, quoted if needed). */
export const isRowOf = (type: string, rel: Relation) =>
  [rel.name, ident(rel.name), `${rel.schema}.${rel.name}`, `${ident(rel.schema)}.${ident(rel.name)}`, `${rel.schema}.${ident(rel.name)}`].includes(type);

/** A computed field: `name(rel)` returning one value, used as a column of rel. */
export function computedField(schema: Schema, rel: Relation, name: string): DbFunction | undefined {
  return (schema.functions.get(name) ?? []).find(
    (f) => f.args.length >= 1 && f.args.length - f.defaults <= 1 && isRowOf(f.args[0].type, rel) && !f.retset && f.returnType !== 'void',
  );
}

export interface Link {
  target: Relation;
  toOne: boolean;
  describe: RelationshipDescription;
  /** The FROM item of the target under `alias`, and the conditions that tie it to the parent row. */
  join: (alias: string, parentAlias: string) => { from: string; on: string[] };
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
const columnList = (table: string, columns: string[]) => `${table}(${columns.join(', ')})`;

/** A relationship by one foreign key: `forward` when the parent holds it (many-to-one). */
function fkLink(parent: Relation, target: Relation, fk: ForeignKey, forward: boolean): Link {
  const pairs: [string, string][] = forward
    ? fk.columns.map((c, i) => [c, fk.refColumns[i]])
    : fk.refColumns.map((c, i) => [c, fk.columns[i]]);
  const holderUnique = (forward ? parent : target).uniques.some((u) => sameSet(u, fk.columns));
  const cardinality = holderUnique ? 'one-to-one' : forward ? 'many-to-one' : 'one-to-many';
  const relationship = forward
    ? `${fk.name} using ${columnList(parent.name, fk.columns)} and ${columnList(target.name, fk.refColumns)}`
    : `${fk.name} using ${columnList(parent.name, fk.refColumns)} and ${columnList(target.name, fk.columns)}`;
  return {
    target,
    toOne: forward || holderUnique,
    describe: { cardinality, embedding: `${parent.name} with ${target.name}`, relationship, hint: fk.name, target: target.name },
    join: (alias, parentAlias) => ({
      from: `${tableRef(target)} AS ${alias}`,
      on: pairs.map(([p, t]) => `${alias}.${ident(t)} = ${parentAlias}.${ident(p)}`),
    }),
  };
}

/**
 * Many-to-many through a junction table: one that references both, the columns of both foreign
 * keys being part of its primary key (or of one unique key), as PostgREST requires.
 */
function junctionLinks(schema: Schema, parent: Relation, target: Relation, hint?: string): Link[] {
  const links: Link[] = [];
  for (const junction of schema.relations.values()) {
    if (junction.name === parent.name || junction.name === target.name || junction.isView) continue;
    const fks = schema.foreignKeys.filter((fk) => fk.table === junction.name);
    const keys = [junction.primaryKey, ...junction.uniques].filter((k) => k.length);
    for (const toParent of fks.filter((fk) => fk.refTable === parent.name)) {
      for (const toTarget of fks.filter((fk) => fk.refTable === target.name && fk !== toParent)) {
        if (hint && hint !== junction.name && hint !== toParent.name && hint !== toTarget.name) continue;
        const cols = [...toParent.columns, ...toTarget.columns];
        if (!keys.some((k) => cols.every((c) => k.includes(c)))) continue;
        links.push({
          target,
          toOne: false,
          describe: {
            cardinality: 'many-to-many',
            embedding: `${parent.name} with ${target.name}`,
            relationship: `${junction.name} using ${columnList(toParent.name, toParent.columns)} and ${columnList(toTarget.name, toTarget.columns)}`,
            hint: junction.name,
            target: target.name,
          },
          join: (alias, parentAlias) => {
            const j = `${alias}_j`;
            const targetOn = toTarget.columns.map((c, i) => `${j}.${ident(c)} = ${alias}.${ident(toTarget.refColumns[i])}`);
            return {
              from: `${tableRef(target)} AS ${alias} JOIN ${tableRef(junction)} AS ${j} ON ${targetOn.join(' AND ')}`,
              on: toParent.columns.map((c, i) => `${j}.${ident(c)} = ${parentAlias}.${ident(toParent.refColumns[i])}`),
            };
          },
        });
      }
    }
  }
  return links;
}

/**
 * A computed relationship: a function `name(parent)` returning rows of a relation; to-one when it
 * returns one row, or a set declared `ROWS 1`. It overrides a detected relationship of that name.
 */
function computedLink(schema: Schema, parent: Relation, name: string): Link | null {
  for (const fn of schema.functions.get(name) ?? []) {
    if (fn.args.length < 1 || fn.args.length - fn.defaults > 1 || !isRowOf(fn.args[0].type, parent) || !fn.returnRel) continue;
    const target = schema.relations.get(fn.returnRel);
    if (!target) continue;
    const toOne = !fn.retset || fn.rows === 1;
    return {
      target,
      toOne,
      describe: {
        cardinality: toOne ? 'many-to-one' : 'one-to-many', embedding: `${parent.name} with ${target.name}`,
        relationship: `${fn.name} using ${parent.name}`, hint: fn.name, target: name,
      },
      // the row cast to its type: where the parent is a subquery (the fan-out count, a function's rows)
      // its row is a record, which an overloaded function (one per row type) could not be chosen by
      join: (alias, parentAlias) => ({ from: `${functionRef(fn)}(${parentAlias}::${tableRef(parent)}) AS ${alias}`, on: [] }),
    };
  }
  return null;
}

/**
 * PostgREST's relationship detection: a foreign key from the parent to the target is
 * many-to-one (an object); from the target to the parent one-to-many (an array), or
 * one-to-one when its columns are unique; a junction table makes a many-to-many. A table that
 * references itself embeds its children under its own name. `!hint` picks by constraint, column
 * or junction table; a foreign key's column (`parent_id(*)`) or constraint name
 * (`best_friends_first_user_fkey(*)`) may name the embed itself.
 */
export function resolveRelationship(schema: Schema, parent: Relation, name: string, hint?: string): Link {
  const computed = computedLink(schema, parent, name);
  if (computed) return computed;
  const target = schema.relations.get(name);
  let candidates: Link[] = [];
  const matchesHint = (fk: ForeignKey) =>
    !hint || fk.name === hint || sameSet(fk.columns, [hint]) || sameSet(fk.refColumns, [hint]);

  for (const fk of schema.foreignKeys) {
    if (target) {
      if (!matchesHint(fk)) continue;
      const self = fk.table === fk.refTable;
      // PostgREST cannot tell a self-reference's children by its constraint's name (PGRST200; the column's name does)
      if (self && hint === fk.name) continue;
      if (fk.table === parent.name && fk.refTable === target.name && !self) candidates.push(fkLink(parent, target, fk, true));
      if (fk.refTable === parent.name && fk.table === target.name) candidates.push(fkLink(parent, target, fk, false));
      continue;
    }
    // `select=username(*)` / `select=best_friends_first_user_fkey(*)`: a foreign key column or constraint names the embed
    if (fk.table === parent.name && (sameSet(fk.columns, [name]) || fk.name === name)) {
      const ref = schema.relations.get(fk.refTable);
      if (ref) candidates.push(fkLink(parent, ref, fk, true));
    } else if (fk.refTable === parent.name && fk.name === name) {
      const holder = schema.relations.get(fk.table);
      if (holder) candidates.push(fkLink(parent, holder, fk, false));
    }
  }
  if (target) candidates.push(...junctionLinks(schema, parent, target, hint));
  // a key column or constraint names the table it references, not the views that expose that table
  if (!target && candidates.some((c) => !c.target.isView)) candidates = candidates.filter((c) => !c.target.isView);
  if (candidates.length === 0) throw miss(noRelationship(schema.name, parent.name, name, hint));
  if (candidates.length > 1) throw ambiguousRelationship(parent.name, name, candidates.map((c) => c.describe));
  return candidates[0];
}

