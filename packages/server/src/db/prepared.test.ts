import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { prepared, preparedName } from './prepared.js';

// Compiles only: connect.test.ts runs the statements on a connection.
const db = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('prepared(name, query)', () => {
  it("puts the name before the query's own text and keeps its parameters in order", () => {
    const query = prepared(
      'probe-query',
      sql<{ n: number }>`
    SELECT ${1}::int AS n, ${'x'}::text AS t`,
    ).compile(db);
    expect(query.sql).toBe('/* prepared: probe-query */\n    SELECT $1::int AS n, $2::text AS t');
    expect(query.parameters).toEqual([1, 'x']);
    expect(preparedName(query.sql)).toBe('probe-query');
  });

  it('leaves a query made without it to be planned on every call', () => {
    expect(preparedName(sql`SELECT ${1}::int AS n`.compile(db).sql)).toBeUndefined();
    // A mark further into the text is a comment, not a name.
    expect(preparedName('SELECT 1 /* prepared: probe */')).toBeUndefined();
  });

  it('refuses a name the pool would not read, rather than silently planning every call', () => {
    for (const name of ['', 'Staff-span', 'staff_span', 'staff span', '-span', 'span-']) {
      expect(() => prepared(name, sql`SELECT 1`), name).toThrow(/lower-case words joined by hyphens/);
    }
  });
});
