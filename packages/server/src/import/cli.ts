import { existsSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { IMPORT_KINDS, type ImportKindName } from '@salon/contracts';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connect.js';
import { runMain } from '../lib/run-main.js';
import { insertJob, listJobErrors } from './import-jobs.query.js';
import { runImport } from './import-runner.js';
import { isChainKind } from './kinds.js';
import { failureMessage, type Language } from './messages.js';
import { formatOf } from './readers.js';

const usage = `Usage: npm run import -- --salon N --kind KIND [--sheet NAME] [--dry-run] [--language en|it] FILE

Imports one CSV or XLSX file of a point-of-sale system (docs/import.md) into salon N, in one
transaction: any invalid row and nothing is written (the errors are printed). KIND is one of
${IMPORT_KINDS.join(', ')}; salons, services and products are the chain's (no --salon).
Without DATABASE_URL it uses the embedded database in DATA_DIR; stop the server first (the
embedded database has one owner). Progress goes to stderr, the result to stdout.`;

async function main() {
  const { values, positionals } = parseArgs({
    options: {
      salon: { type: 'string' },
      kind: { type: 'string' },
      sheet: { type: 'string' },
      'dry-run': { type: 'boolean' },
      language: { type: 'string' },
      help: { type: 'boolean' },
    },
    allowPositionals: true,
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const fail = (message: string) => {
    console.error(`${message}\n\n${usage}`);
    process.exit(2);
  };
  const kind = values.kind as ImportKindName | undefined;
  if (!kind || !IMPORT_KINDS.includes(kind)) return fail(`--kind must be one of ${IMPORT_KINDS.join(', ')}`);
  const salonId = values.salon === undefined ? null : Number(values.salon);
  if (!isChainKind(kind) && (salonId === null || !Number.isInteger(salonId) || salonId < 1)) return fail('--salon must be a salon id');
  if (positionals.length !== 1) return fail('Give exactly one file');
  // INIT_CWD: the folder the person ran `npm run import` in (npm runs the script in packages/server).
  const filePath = resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0] as string);
  if (!existsSync(filePath)) return fail(`No file at ${filePath}`);
  const format = formatOf(filePath);
  if (!format) return fail('The file must be .csv or .xlsx');
  const language: Language = values.language === 'it' ? 'it' : 'en';

  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    const fileBytes = statSync(filePath).size;
    const jobSalon = isChainKind(kind) ? null : salonId;
    const isDryRun = values['dry-run'] === true;
    const jobId = await insertJob(database.db, {
      salonId: jobSalon,
      kind,
      fileName: basename(filePath),
      fileBytes,
      sheet: values.sheet ?? null,
      isDryRun,
      userId: null,
    });
    console.error(
      `Import job ${jobId}: ${kind} from ${basename(filePath)} (${(fileBytes / 1048576).toFixed(1)} MB)${isDryRun ? ', dry run' : ''}`,
    );
    const began = performance.now();
    const result = await runImport(
      { db: database.db, url: database.url },
      { jobId, salonId: jobSalon, kind, filePath, fileBytes, format, sheet: values.sheet, isDryRun },
      {
        onProgress: (p) =>
          console.error(
            `  ${p.phase.padEnd(8)} ${(p.progress * 100).toFixed(0).padStart(3)} %  ${p.rowsRead.toLocaleString('en')} rows read`,
          ),
      },
    );
    const seconds = (performance.now() - began) / 1000;
    console.log(
      `${result.status}: ${result.rowsRead} rows read, ${result.rowsInserted} inserted, ${result.rowsUpdated} updated, ${result.rowsUnchanged} unchanged, ${result.errorCount} errors in ${seconds.toFixed(1)} s`,
    );
    if (result.failure) console.log(failureMessage(result.failure.code, result.failure.detail, language));
    if (result.status === 'INVALID') {
      for (const error of await listJobErrors(database.db, jobId, language, 50)) {
        console.log(`  row ${error.row}, ${error.column || '-'}: '${error.value}' ${error.message}`);
      }
      if (result.errorCount > 50) console.log(`  … ${result.errorCount - 50} more (GET /api/Import/Errors/{session}/${jobId})`);
    }
    if (result.status !== 'SUCCEEDED') process.exitCode = 1;
  } finally {
    await database.close();
  }
}

runMain(main);
