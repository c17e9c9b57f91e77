import type { RollupDeclaration } from './model.js';
import { ROLLUPS } from './registry.js';

/** docs/rollups.md, written from the declarations (`npm run rollups -w @salon/server -- --docs`; a test fails when it is out of date). */
export function rollupsMarkdown(rollups: readonly RollupDeclaration[] = ROLLUPS): string {
  const lines = [
    '# Rollups',
    '',
    'Generated from the declarations in `packages/server/src/db/rollups/` by',
    '`npm run rollups -w @salon/server -- --docs`; do not edit by hand (a test compares it with the declarations).',
    '',
    'Every rollup is read through a view of its name: the stored rows (`rollup_store.<table>`) of the keys no',
    'write has marked stale, and the defining query for the keys marked stale, so a report is exact at every',
    'moment. Writers only write their rows: the generated statement triggers append the keys they make stale to',
    '`rollup_stale` in the same transaction, and the refresher brings the stored rows up to date afterwards.',
    '',
    '| rollup | key | grain | computed from | read by |',
    '|---|---|---|---|---|',
    ...rollups.map(
      (r) =>
        `| \`${r.table}\` | ${r.key.map((k) => `\`${k}\``).join(', ')} | ${r.grain.kind} (\`${r.grain.column}\`) | ${r.from
          .map((f) => `\`${f}\``)
          .join(', ')} | ${r.readBy.join(', ')} |`,
    ),
    '',
  ];
  for (const r of rollups) {
    lines.push(`## \`${r.table}\``, '', r.description, '', 'Made stale by:', '');
    const declared = new Set(rollups.map((d) => d.table));
    for (const rule of r.staleWhen) {
      const events = declared.has(rule.source) ? 'rollup' : (rule.on ?? ['INSERT', 'UPDATE', 'DELETE']).join(', ');
      lines.push(`- \`${rule.source}\` (${events}): ${rule.why}`);
    }
    const columns = Object.entries(r.columns)
      .map(([name, type]) => `\`${name}\` ${type}`)
      .join(', ');
    lines.push('', `Columns: ${columns}.`, '');
  }
  return lines.join('\n');
}
