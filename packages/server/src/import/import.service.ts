import { rm } from 'node:fs/promises';
import type { ImportKindName } from '@salon/contracts';
import { insertJob } from './import-jobs.query.js';
import { type ImportTarget, runImport } from './import-runner.js';
import { isChainKind } from './kinds.js';
import type { FileFormat } from './readers.js';

export interface StartImport {
  salonId: number;
  kind: ImportKindName;
  fileName: string;
  filePath: string;
  fileBytes: number;
  format: FileFormat;
  sheet?: string | undefined;
  isDryRun: boolean;
  userId: number | null;
}

/** Imports running in this process (awaited when the app closes). */
const running = new Set<Promise<unknown>>();

/**
 * Files the job and runs it in the background (the caller polls the job); the uploaded file is
 * removed when the job ends. A chain-level kind's job belongs to no salon.
 */
export async function startImportJob(target: ImportTarget, input: StartImport): Promise<number> {
  const salonId = isChainKind(input.kind) ? null : input.salonId;
  const jobId = await insertJob(target.db, {
    salonId,
    kind: input.kind,
    fileName: input.fileName,
    fileBytes: input.fileBytes,
    sheet: input.sheet ?? null,
    isDryRun: input.isDryRun,
    userId: input.userId,
  });
  const work = runImport(target, {
    jobId,
    salonId,
    kind: input.kind,
    filePath: input.filePath,
    fileBytes: input.fileBytes,
    format: input.format,
    sheet: input.sheet,
    isDryRun: input.isDryRun,
  })
    .catch(() => {})
    .finally(() => rm(input.filePath, { force: true }));
  running.add(work);
  void work.finally(() => running.delete(work));
  return jobId;
}

/** Waits for every import of this process to end. */
export async function waitForImports(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}
