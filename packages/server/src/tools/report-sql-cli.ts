import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderReportSql } from './report-sql.js';

/** `npm run sql -w @salon/server`: writes features/<domain>/queries/<report>.sql for every report query. */
const src = fileURLToPath(new URL('../', import.meta.url));
for (const [file, content] of await renderReportSql()) {
  mkdirSync(dirname(`${src}${file}`), { recursive: true });
  writeFileSync(`${src}${file}`, content);
  console.log(`wrote src/${file}`);
}
