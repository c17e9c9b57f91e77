// Fails when a file of the repository points at a document outside it or at an issue number:
// comments, tests, API descriptions and docs say the why themselves or link a file in the repository.
// CHANGELOG.md is the history and may name issues. Run by `npm run lint`.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SELF = 'scripts/check-references.mjs';
// The same pattern as `git grep -nE`, built from parts so this file does not match itself.
const pattern = ['SPEC\\.md', 'DESIGN\\.md', '[Ii]ssue [0-9]+', '\u00a7[0-9]'].join('|');

const result = spawnSync('git', ['grep', '--untracked', '-nE', pattern, '--', '.', ':!CHANGELOG.md', `:!${SELF}`], {
  cwd: root,
  encoding: 'utf8',
});
if (result.status === 1) process.exit(0); // git grep: no match
if (result.status !== 0) {
  console.error(`check-references: git grep failed: ${result.stderr}`);
  process.exit(2);
}
const lines = result.stdout.trim().split('\n');
console.error(
  `${lines.length} reference(s) to documents outside the repository or to issue numbers (say the why in our own words, or link a file in docs/):`,
);
for (const line of lines) console.error(`  ${line}`);
process.exit(1);
