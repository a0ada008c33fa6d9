import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import * as schema from './schema';

export type Database = ReturnType<typeof createDatabase>;

export function createDatabase(d1: D1Database) {
  return drizzle(d1, { schema });
}

const dialect = new SQLiteAsyncDialect();

/**
 * A D1 statement from drizzle's `sql` template. drizzle's own batch cannot hold raw statements
 * with parameters, so a batch that needs one (an insert … select with a condition, a delete …
 * returning) is built from these and run with `db.$client.batch`.
 */
export function d1Statement(db: Database, query: SQL): D1PreparedStatement {
  const { sql, params } = dialect.sqlToQuery(query);
  return db.$client.prepare(sql).bind(...params);
}
