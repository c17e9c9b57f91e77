import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMPORT_KINDS } from '@salon/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/connect.js';
import { saveStatusThresholds } from '../features/customer-analysis/customer-salon.query.js';
import { createTestDatabase } from '../test/helpers.js';
import { SAMPLES_DIR } from '../test/import-helpers.js';
import { insertJob } from './import-jobs.query.js';
import { runImport } from './import-runner.js';
import { isChainKind } from './kinds.js';

/*
 * A sale-lines import (on its own connection) while another connection keeps saving the salon's
 * customer-status thresholds and editing its clients, as a manager would during a long import. Every
 * import and every write must commit: nobody waits for the import's end to fail, and no deadlock.
 */

let database: DatabaseHandle;
let dir: string;
const SALON = 1;
const LINES = 20_000;
const RUNS = 3;

async function importFile(kind: (typeof IMPORT_KINDS)[number], filePath: string, salonId: number | null) {
  const fileBytes = statSync(filePath).size;
  const jobId = await insertJob(database.db, { salonId, kind, fileName: filePath, fileBytes, sheet: null, isDryRun: false, userId: null });
  return runImport(database, { jobId, salonId, kind, filePath, fileBytes, format: 'csv', isDryRun: false });
}

beforeAll(async () => {
  database = await createTestDatabase();
  dir = mkdtempSync(join(tmpdir(), 'salon-import-concurrent-'));
  for (const kind of IMPORT_KINDS) {
    const result = await importFile(kind, join(SAMPLES_DIR, `${kind}.csv`), isChainKind(kind) ? null : SALON);
    if (result.status !== 'SUCCEEDED') throw new Error(`${kind}: ${JSON.stringify(result)}`);
  }
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await database?.close();
});

/** A file of new sale lines of the sample clients over two months (each run its own external ids). */
function linesFile(run: number): string {
  const lines = ['external_id;day;kind;item_external_id;client_external_id;staff_external_id;list_amount;paid_amount'];
  for (let i = 0; i < LINES; i++) {
    const day = `2025-0${2 + (i % 2)}-${String(1 + (i % 28)).padStart(2, '0')}`;
    lines.push(`R${run}-${i};${day};SERVICE;SV-CUT;C-100${1 + (i % 3)};ST-${1 + (i % 2)};38,00;38,00`);
  }
  const path = join(dir, `run-${run}.csv`);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

describe('an import beside other writers of its salon', () => {
  it(`${RUNS} imports with threshold saves and client edits beside them: every import stored, every write committed`, {
    timeout: 600_000,
  }, async () => {
    const { rows: clients } = await sql<{ id: number }>`SELECT id FROM clients WHERE salon_id = ${SALON} ORDER BY id`.execute(database.db);
    const failures: string[] = [];
    let writes = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const file = linesFile(run);
      let importing = true;
      const imported = importFile('sale-lines', file, SALON).finally(() => {
        importing = false;
      });
      // The other connection: a thresholds save, then a client's gender and name changed, each its own transaction.
      const writer = (async () => {
        for (let i = 0; importing || i < 2; i += 1) {
          try {
            await saveStatusThresholds(database.db, SALON, 60 + (i % 5), 180 + (i % 7));
            const client = clients[i % clients.length]?.id as number;
            await database.db.transaction().execute(async (tx) => {
              await sql`UPDATE clients SET gender = CASE WHEN gender = 'FEMALE' THEN 'MALE' ELSE 'FEMALE' END, first_name = ${`Edit${i}`}
                WHERE id = ${client}`.execute(tx);
            });
            writes += 2;
          } catch (error) {
            failures.push(error instanceof Error ? error.message : String(error));
          }
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
      })();
      const [result] = await Promise.all([imported, writer]);
      expect({ run, status: result.status, inserted: result.rowsInserted, failure: result.failure }).toEqual({
        run,
        status: 'SUCCEEDED',
        inserted: LINES,
        failure: undefined,
      });
    }
    expect(failures).toEqual([]);
    expect(writes).toBeGreaterThanOrEqual(RUNS * 4);
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM sale_lines WHERE external_id LIKE 'R%'`.execute(database.db);
    expect(Number(rows[0]?.n)).toBe(RUNS * LINES);
  });
});
