import { GatewayError } from './errors.js';
import type { DbFunction, Relation } from './schema-cache.js';

/** Names in SQL: only names the catalog knows are quoted into a statement. */

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const tableRef = (rel: Relation) => `${ident(rel.schema)}.${ident(rel.name)}`;
export const functionRef = (fn: DbFunction) => `${ident(fn.schema)}.${ident(fn.name)}`;

/** Errors that a fresher schema cache might not raise (the plan is retried once after a reload). */
export class SchemaMiss extends GatewayError {}

export const miss = (e: GatewayError) => new SchemaMiss(e.status, e.code, e.message, e.details, e.hint);

