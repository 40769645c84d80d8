/**
 * One transaction for the whole of a request, without the routes passing it around: inside
 * `db.withinTransaction(fn)` every call of the returned Db (query, exec, batch, transaction) goes
 * to that one transaction, found through a RequestScope (AsyncLocalStorage). A nested
 * transaction() or batch() is a savepoint of it: its failure rolls back only its own statements,
 * as a transaction of its own would, and the request's transaction goes on. Outside, the calls
 * go to the database as before.
 *
 * Used by the audit log: a change and its audit row commit together (server/audit.ts).
 */
import type { Db, Queryable, QueryResult, SqlStatement } from './db.js';
import { RequestScope } from '../request-scope.js';

export interface ScopedDb extends Db {
  /** Runs fn in one transaction that every call of this Db inside fn joins; commits when fn resolves. */
  withinTransaction<T>(fn: () => Promise<T>): Promise<T>;
}

interface Scope {
  tx: Queryable;
  savepoints: number;
}

export function scopeTransactions(db: Db): ScopedDb {
  const current = new RequestScope<Scope>();

  /** A savepoint of the request's transaction around fn. */
  async function savepoint<T>(scope: Scope, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const name = `sp${++scope.savepoints}`;
    await scope.tx.query(`savepoint ${name}`);
    try {
      const result = await fn(scope.tx);
      await scope.tx.query(`release savepoint ${name}`);
      return result;
    } catch (e) {
      await scope.tx.query(`rollback to savepoint ${name}`).catch(() => undefined);
      throw e;
    }
  }

  return {
    kind: db.kind,
    query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const scope = current.get();
      return scope ? scope.tx.query<T>(sql, params) : db.query<T>(sql, params);
    },
    exec(sql: string) {
      const scope = current.get();
      return scope ? scope.tx.exec(sql) : db.exec(sql);
    },
    batch(statements: SqlStatement[]) {
      const scope = current.get();
      if (!scope) return db.batch(statements);
      return savepoint(scope, async (tx) => {
        const results: QueryResult<Record<string, unknown>>[] = [];
        for (const s of statements) results.push(await tx.query(s.sql, s.params));
        return results;
      });
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const scope = current.get();
      // PGlite has one connection: a transaction of its own here would wait for ever for this one
      return scope ? savepoint(scope, fn) : db.transaction(fn);
    },
    withinTransaction<T>(fn: () => Promise<T>): Promise<T> {
      const outer = current.get();
      if (outer) return savepoint(outer, () => fn());
      return db.transaction((tx) => current.run({ tx, savepoints: 0 }, fn));
    },
    close: () => db.close(),
  };
}
