import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import {
  downloadImportErrors,
  ERROR_LIMIT_DEFAULT,
  getImportJob,
  type ImportKindName,
  listImportJobs,
  listImportKinds,
  startImport,
} from '@salon/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { startImportJob, waitForImports } from '../../import/import.service.js';
import * as jobs from '../../import/import-jobs.query.js';
import { isChainKind, KINDS, SAMPLE_FILES } from '../../import/kinds.js';
import type { Language } from '../../import/messages.js';
import { REPORT_HEADERS } from '../../import/messages.js';
import { formatOf } from '../../import/readers.js';
import type { Caller } from '../../lib/caller.js';
import { assertSalonAccess, callerOf, registerEndpoint } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';

/** Who imports: ADMIN their salon, SUPERADMIN any salon and the chain's kinds. */
const IMPORTERS = ['SUPERADMIN', 'ADMIN'] as const;

async function languageOf(app: FastifyInstance, caller: Caller, asked: Language | undefined): Promise<Language> {
  return asked ?? (await jobs.getUserLanguage(app.db, caller.userId));
}

/** 404 unless the job exists, 403 unless the caller may see it (a chain-level job: SUPERADMIN only). */
async function assertJobAccess(app: FastifyInstance, caller: Caller, jobId: number): Promise<void> {
  const job = await jobs.findJobSalon(app.db, jobId);
  if (!job) throw new HttpError(404, `Import job ${jobId} does not exist`, 'jobId');
  if (job.salonId === null) {
    if (!caller.isSuperadmin) throw new HttpError(403, `You have no access to import job ${jobId}`);
    return;
  }
  assertSalonAccess(caller, job.salonId);
}

function csvCell(value: string | number, separator: string): string {
  const text = String(value);
  return text.includes(separator) || /["\r\n]/.test(text) || /^[=+\-@]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function sizeText(bytes: number): string {
  return bytes < 1048576 ? `${Math.ceil(bytes / 1024)} kB` : `${Math.round(bytes / 1048576)} MB`;
}

/** What a multipart request carries beside the file itself (boundaries, part headers), at most. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

/**
 * The uploads folder (DATA_DIR/uploads), emptied of the files a process that is gone left behind
 * (killed mid-import): each file's name starts with the id of the process that received it.
 */
export async function prepareUploadsDir(dataDir: string): Promise<string> {
  const dir = join(dataDir, 'uploads');
  await mkdir(dir, { recursive: true });
  for (const name of await readdir(dir)) {
    const pid = Number(name.split('-')[0]);
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid))
      await rm(join(dir, name), { force: true, recursive: true });
  }
  return dir;
}

/** Receives the upload's one file into a file of the uploads folder; 413 past the limit, 400 when there is no usable file. */
async function receiveFile(request: FastifyRequest, dir: string, maxBytes: number): Promise<{ path: string; name: string; bytes: number }> {
  if (!request.isMultipart()) throw new HttpError(400, 'Send the file as multipart/form-data, in a part named file', 'file');
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part) throw new HttpError(400, 'No file was sent: add a part named file', 'file');
  const format = formatOf(part.filename);
  if (!format) {
    part.file.resume();
    throw new HttpError(400, `The file must be .csv or .xlsx, got '${part.filename}'`, 'file');
  }
  const path = join(dir, `${process.pid}-${randomBytes(12).toString('hex')}.${format}`);
  try {
    await pipeline(part.file, createWriteStream(path));
    if (part.file.truncated) throw new HttpError(413, `The file is larger than the limit of ${sizeText(maxBytes)}`, 'file');
  } catch (error) {
    await rm(path, { force: true });
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, `The file is larger than the limit of ${sizeText(maxBytes)}`, 'file');
    }
    throw error;
  }
  return { path, name: part.filename, bytes: (await stat(path)).size };
}

export async function importRoutes(app: FastifyInstance, { config }: { config: Config }) {
  await app.register(multipart, { limits: { fileSize: config.importMaxBytes, files: 1, fields: 10, parts: 11 } });
  const uploadsDir = await prepareUploadsDir(config.dataDir);
  app.addHook('onClose', async () => waitForImports());

  registerEndpoint(app, listImportKinds, IMPORTERS, async () => ({
    kinds: KINDS.map((k) => ({
      kind: k.kind,
      isChainLevel: isChainKind(k.kind),
      sampleFile: SAMPLE_FILES[k.kind],
      columns: k.columns.map((c) => ({
        name: c.name,
        type: c.type,
        isRequired: c.isRequired,
        ...(c.values ? { values: [...c.values] } : {}),
        ...(c.references ? { references: c.references } : {}),
        example: c.example,
        description: c.description,
        descriptionIt: c.descriptionIt,
      })),
    })),
    maxFileBytes: config.importMaxBytes,
  }));

  registerEndpoint(app, startImport, IMPORTERS, async ({ params, query }, request, reply) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > config.importMaxBytes + MULTIPART_OVERHEAD_BYTES) {
      // Refused before a byte of it is read; closing the connection spares reading the rest to discard it.
      reply.header('Connection', 'close');
      throw new HttpError(413, `The file is larger than the limit of ${sizeText(config.importMaxBytes)}`, 'file');
    }
    const caller = callerOf(request);
    const kind: ImportKindName = params.kind;
    if (isChainKind(kind)) {
      if (!caller.isSuperadmin) throw new HttpError(403, `Only a superadmin may import ${kind}: they belong to the whole chain`);
    } else if (!(await jobs.salonExists(app.db, params.salonId))) {
      throw new HttpError(404, `Salon ${params.salonId} does not exist`, 'salonId');
    }
    const language = await languageOf(app, caller, query.language);
    const file = await receiveFile(request, uploadsDir, config.importMaxBytes);
    const format = formatOf(file.name);
    if (!format) throw new HttpError(400, 'The file must be .csv or .xlsx', 'file');
    const jobId = await startImportJob(
      { db: app.db, url: app.database.url },
      {
        salonId: params.salonId,
        kind,
        fileName: file.name,
        filePath: file.path,
        fileBytes: file.bytes,
        format,
        sheet: query.sheet,
        isDryRun: query.dryRun === true,
        userId: caller.userId,
      },
    );
    const job = await jobs.getJob(app.db, jobId, language, 0);
    return reply.code(202).send(job);
  });

  registerEndpoint(app, getImportJob, IMPORTERS, async ({ params, query }, request) => {
    const caller = callerOf(request);
    await assertJobAccess(app, caller, params.jobId);
    const job = await jobs.getJob(
      app.db,
      params.jobId,
      await languageOf(app, caller, query.language),
      query.errorLimit ?? ERROR_LIMIT_DEFAULT,
    );
    if (!job) throw new HttpError(404, `Import job ${params.jobId} does not exist`, 'jobId');
    return job;
  });

  registerEndpoint(app, listImportJobs, IMPORTERS, async ({ params, query }, request) => {
    const caller = callerOf(request);
    const items = await jobs.listJobs(
      app.db,
      params.salonId,
      await languageOf(app, caller, query.language),
      query.limit ?? 50,
      caller.isSuperadmin,
    );
    return { items };
  });

  registerEndpoint(app, downloadImportErrors, IMPORTERS, async ({ params, query }, request, reply) => {
    const caller = callerOf(request);
    await assertJobAccess(app, caller, params.jobId);
    const language = await languageOf(app, caller, query.language);
    const rows = await jobs.listJobErrors(app.db, params.jobId, language, null);
    const separator = language === 'it' ? ';' : ',';
    const lines = [REPORT_HEADERS[language].join(separator)];
    for (const row of rows) lines.push([row.row, row.column, row.value, row.message].map((v) => csvCell(v, separator)).join(separator));
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="import-${params.jobId}-errors.csv"`)
      .send(`\uFEFF${lines.join('\r\n')}\r\n`);
  });
}
