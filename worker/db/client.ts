import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';

export type Database = ReturnType<typeof createDatabase>;

/**
 * A drizzle client over one D1 binding or session, made for every request. Without `schema`:
 * nothing here uses drizzle's relational queries (`db.query.*`), and with it every client walked
 * the whole schema to build their configuration, a twentieth of the Worker's time in the browser
 * tests' profile (docs/decisions/0080).
 */
export function createDatabase(d1: D1Database) {
  return drizzle(d1);
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
