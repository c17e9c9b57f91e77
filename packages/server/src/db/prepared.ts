import { type RawBuilder, sql } from 'kysely';

/** The mark a statement's text starts with to run as a prepared statement (read by the pool in connect.ts). */
const PREPARED_MARK = /^\/\* prepared: ([a-z]+(?:-[a-z]+)*) \*\//;

const NAME = /^[a-z]+(?:-[a-z]+)*$/;

/**
 * A query run as a named prepared statement of its connection: after five runs PostgreSQL may keep
 * one generic plan and stop planning it. For a hot report query whose planning is a large share of
 * its time; any other query is planned with its values on every call. The name (lower-case words
 * joined by hyphens) says which query a statement in pg_prepared_statements is.
 */
export function prepared<R>(name: string, query: RawBuilder<R>): RawBuilder<R> {
  if (!NAME.test(name)) throw new Error(`prepared statement name "${name}" must be lower-case words joined by hyphens`);
  return sql<R>`${sql.raw(`/* prepared: ${name} */`)}${query}`;
}

/** The name `prepared` gave a statement's text, or undefined for a statement planned on every call. */
export function preparedName(text: string): string | undefined {
  return PREPARED_MARK.exec(text)?.[1];
}
