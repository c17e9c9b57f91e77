import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ImportJob, ImportKindName } from '@salon/contracts';
import type { FastifyInstance } from 'fastify';

/** The repository's sample import files (docs/import-samples). */
export const SAMPLES_DIR = resolve(import.meta.dirname, '../../../../docs/import-samples');

export function sampleFile(kind: ImportKindName): Buffer {
  return readFileSync(resolve(SAMPLES_DIR, `${kind}.csv`));
}

/** A multipart/form-data body with one part `file`. */
export function multipart(fileName: string, content: Buffer | string): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----salon${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Polls a job until it ends. */
export async function waitForJob(app: FastifyInstance, code: string, jobId: number, language = 'en'): Promise<ImportJob> {
  for (let i = 0; i < 600; i++) {
    const res = await app.inject({ method: 'GET', url: `/api/Import/${code}/${jobId}`, query: { language } });
    if (res.statusCode !== 200) throw new Error(`job ${jobId}: ${res.statusCode} ${res.body}`);
    const job = res.json() as ImportJob;
    if (job.status !== 'RUNNING') return job;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`job ${jobId} did not end`);
}

/** Uploads a file and waits for its job. */
export async function importFile(
  app: FastifyInstance,
  code: string,
  salonId: number,
  kind: ImportKindName,
  fileName: string,
  content: Buffer | string,
  query: Record<string, string> = {},
): Promise<ImportJob> {
  const body = multipart(fileName, content);
  const res = await app.inject({ method: 'POST', url: `/api/Import/${code}/${salonId}/${kind}`, query, ...body });
  if (res.statusCode !== 202) throw new Error(`import ${kind}: ${res.statusCode} ${res.body}`);
  return waitForJob(app, code, (res.json() as ImportJob).jobId, query.language ?? 'en');
}
