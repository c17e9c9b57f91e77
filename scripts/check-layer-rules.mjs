// Proves every layer rule of ARCHITECTURE.md is a lint rule: it writes one small file per arrow into
// the folder the rule guards, lints them in one Biome run, and expects an error on each wrong-way
// import and none on the allowed ones. The files are removed whatever happens.
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const S = 'packages/server/src/';
const W = 'packages/web/src/';

/** [folder, import specifier, whether lint must refuse it] */
const cases = [
  // server: app.ts, server.ts, tools/ -> features/<x>/ -> plugins/ -> lib/ -> db/
  [`${S}features/stats`, '../campaigns/campaigns.query.js', true],
  [`${S}features/stats`, '../../app.js', true],
  [`${S}features/stats`, '../../server.js', true],
  [`${S}features/stats`, '../../tools/report-sql.js', true],
  [`${S}features/stats`, '../../plugins/auth.js', false],
  [`${S}features/stats`, '../../lib/months.js', false],
  [`${S}features/stats`, '../../db/database.js', false],
  [`${S}plugins`, '../features/sessions/sessions.service.js', true],
  [`${S}plugins`, '../app.js', true],
  [`${S}plugins`, '../tools/report-sql.js', true],
  [`${S}plugins`, '../lib/caller.js', false],
  [`${S}plugins`, '../db/database.js', false],
  [`${S}lib`, '../plugins/errors.js', true],
  [`${S}lib`, '../features/sessions/sessions.service.js', true],
  [`${S}lib`, '../app.js', true],
  [`${S}lib`, '../tools/report-sql.js', true],
  [`${S}lib`, '../db/database.js', false],
  [`${S}lib`, '../config.js', false],
  [`${S}db`, '../lib/months.js', true],
  [`${S}db`, '../plugins/errors.js', true],
  [`${S}db`, '../features/stats/discounts.query.js', true],
  [`${S}db`, '../tools/report-sql.js', true],
  [`${S}db`, '../app.js', true],
  [`${S}db/rollups`, '../../lib/months.js', true],
  [`${S}db/rollups`, '../staff-hours.js', false],
  [`${S}db`, '../config.js', false],
  // web: app/ -> features/<x>/ -> components/ -> lib/
  [`${W}features/sales`, '../nps/nps-screen', true],
  [`${W}features/sales/api`, '../../nps/nps-screen', true],
  [`${W}features/sales`, '../../app/navigation', true],
  [`${W}features/sales/api`, '../../../app/navigation', true],
  [`${W}features/sales`, '../../components/format/dates', false],
  [`${W}features/sales/api`, '../../../lib/use-report-query', false],
  [`${W}components/format`, '../../features/sales/sales-screen', true],
  [`${W}components/format`, '../../app/navigation', true],
  [`${W}components/format`, '../../lib/iso-date', false],
  [`${W}lib`, '../components/format/dates', true],
  [`${W}lib`, '../features/sales/sales-screen', true],
  [`${W}lib`, '../app/navigation', true],
  [`${W}lib`, './iso-date', false],
];

const tag = `layer-probe-${process.pid}`;
const files = cases.map(([folder, specifier], index) => {
  const path = `${folder}/${tag}-${index}.ts`;
  writeFileSync(join(root, path), `import * as probe from '${specifier}';\n\nexport const used = probe;\n`);
  return path;
});

let report;
try {
  const output = (() => {
    try {
      return execFileSync('npx', ['biome', 'lint', '--reporter=json', '--max-diagnostics=none', ...files], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    } catch (error) {
      // Biome exits non-zero when it finds errors, which is what most cases expect.
      return error.stdout;
    }
  })();
  report = JSON.parse(output);
} finally {
  for (const path of files) rmSync(join(root, path), { force: true });
}

const refused = new Set(
  report.diagnostics
    .filter((diagnostic) => diagnostic.category === 'lint/style/noRestrictedImports' && diagnostic.severity === 'error')
    .map((diagnostic) => diagnostic.location.path),
);
const wrong = cases.flatMap(([folder, specifier, mustRefuse], index) => {
  if (refused.has(files[index]) === mustRefuse) return [];
  return [`${folder}: import '${specifier}' ${mustRefuse ? 'passes lint but breaks a layer rule' : 'is allowed but lint refuses it'}`];
});
if (wrong.length > 0) {
  console.error(`Layer rules in biome.json do not match ARCHITECTURE.md:\n${wrong.join('\n')}`);
  process.exit(1);
}
console.log(`Layer rules: ${cases.length} imports checked against biome.json.`);
