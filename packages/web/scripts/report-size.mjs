// Prints the gzip size of every JS chunk index.html loads up front (entry + modulepreload) and
// fails the build when their total exceeds the budget; lazy screens and charts are not counted.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 200;
const dist = resolve(process.argv[2] ?? resolve(import.meta.dirname, '../dist'));
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

let total = 0;
console.log('\nInitial JavaScript (loaded by index.html), gzip:');
for (const file of [...new Set(initial)]) {
  const size = gz(file);
  total += size;
  console.log(`  ${file.padEnd(48)} ${size.toFixed(1).padStart(7)} kB`);
}
const lazy = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js') && !initial.includes(`assets/${f}`));
const lazyTotal = lazy.reduce((sum, f) => sum + gz(`assets/${f}`), 0);
console.log(`  ${'total initial'.padEnd(48)} ${total.toFixed(1).padStart(7)} kB (budget ${BUDGET_KB} kB)`);
console.log(`  ${`${lazy.length} lazy chunks (on demand)`.padEnd(48)} ${lazyTotal.toFixed(1).padStart(7)} kB\n`);
if (total > BUDGET_KB) {
  console.error(`Initial JavaScript is ${total.toFixed(1)} kB gzip, over the ${BUDGET_KB} kB budget.`);
  process.exit(1);
}
