import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatSql, REPORT_QUERIES, renderReportSql } from './report-sql.js';

const src = new URL('../', import.meta.url);

describe('committed report SQL (features/<domain>/queries/*.sql)', () => {
  it('matches what the report queries compile to now (else run `npm run sql -w @salon/server` and commit the diff)', async () => {
    const files = await renderReportSql();
    expect(files.size).toBe(REPORT_QUERIES.length);
    for (const [file, content] of files) {
      let committed = '';
      try {
        committed = readFileSync(new URL(file, src), 'utf8');
      } catch {
        throw new Error(`src/${file} is missing: run npm run sql -w @salon/server`);
      }
      expect(committed, `src/${file} differs from the SQL its report runs: run npm run sql -w @salon/server`).toBe(content);
      // Every report runs to its end on no rows, so the file holds all its SQL, with parameters as $n.
      expect(content).not.toContain('the report stopped here');
      expect(content).toMatch(/\$1\b/);
    }
  });

  it('is deterministic', async () => {
    expect(await renderReportSql()).toEqual(await renderReportSql());
  });

  it('has no stale file: every .sql in a queries/ folder belongs to a report', () => {
    const expected = new Set(REPORT_QUERIES.map((report) => report.file));
    const onDisk = readdirSync(new URL('features/', src), { recursive: true, encoding: 'utf8' })
      .filter((path) => /(^|\/)queries\/[^/]+\.sql$/.test(path))
      .map((path) => `features/${path}`);
    expect(onDisk.sort()).toEqual([...expected].sort());
  });

  it('puts a one-line builder query on one line per clause, and keeps hand-written lines', () => {
    expect(formatSql('select "a" from "t" inner join "u" on "u"."id" = "t"."u" where "a" = $1 order by "a"')).toBe(
      'select "a"\nfrom "t"\ninner join "u" on "u"."id" = "t"."u"\nwhere "a" = $1\norder by "a"',
    );
    expect(formatSql('\n      SELECT a\n      FROM t\n        WHERE b = $1\n    ')).toBe('SELECT a\nFROM t\n  WHERE b = $1');
  });
});
