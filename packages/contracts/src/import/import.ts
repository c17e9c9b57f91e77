import { type Static, Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { ErrorResponse, Id, SalonId, SessionCode, SessionParams } from '../common/schemas.js';

/*
 * Point-of-sale import. A file of one kind
 * is uploaded, checked row by row and written in one transaction (or not at all); the work runs
 * as a job whose progress and result the client polls. docs/import.md documents every column.
 */

/** The kinds of file, in the order they import on an empty database (each refers only to kinds before it). */
export const IMPORT_KINDS = [
  'salons',
  'staff',
  'services',
  'products',
  'clients',
  'appointments',
  'sale-lines',
  'stock-movements',
  'feedback',
  'nps',
] as const;
export type ImportKindName = (typeof IMPORT_KINDS)[number];

/** Kinds that describe the whole chain, not one salon: SUPERADMIN only; the path's {salonId} is not used. */
export const CHAIN_IMPORT_KINDS = ['salons', 'services', 'products'] as const satisfies readonly ImportKindName[];

export const ImportKindParam = Type.Union(
  [
    Type.Literal('salons'),
    Type.Literal('staff'),
    Type.Literal('services'),
    Type.Literal('products'),
    Type.Literal('clients'),
    Type.Literal('appointments'),
    Type.Literal('sale-lines'),
    Type.Literal('stock-movements'),
    Type.Literal('feedback'),
    Type.Literal('nps'),
  ],
  { description: `What the file holds: ${IMPORT_KINDS.join(', ')} (docs/import.md)` },
);

export const ImportLanguage = Type.Union([Type.Literal('en'), Type.Literal('it')], {
  description: "The language of the error messages; default the caller's stored language",
});

export const ImportColumnType = Type.Union(
  [
    Type.Literal('text'),
    Type.Literal('integer'),
    Type.Literal('decimal'),
    Type.Literal('money'),
    Type.Literal('date'),
    Type.Literal('datetime'),
    Type.Literal('boolean'),
    Type.Literal('enum'),
  ],
  {
    description:
      'text; integer; decimal and money (decimal point or comma, money in euros with at most 2 decimals); date (YYYY-MM-DD, DD/MM/YYYY or an Excel serial number); datetime (a date, a space or T, HH:MM[:SS], salon-local; or an Excel serial with a fraction); boolean (true/false, 1/0, yes/no, si/no); enum (one of `values`)',
  },
);

export const ImportColumnDTO = Type.Object({
  name: Type.String({ description: 'The header as it must appear in the file (lower case, case-insensitive on reading)' }),
  type: ImportColumnType,
  isRequired: Type.Boolean({ description: 'A row without a value here is invalid' }),
  values: Type.Optional(Type.Array(Type.String(), { description: 'For enum columns: the accepted values' })),
  references: Type.Optional(
    Type.String({ description: 'For a reference column: the kind whose external_id it names (in the database or the same file)' }),
  ),
  example: Type.String({ description: 'A valid value, as in the sample file' }),
  description: Type.String({ description: 'What the column means (English)' }),
  descriptionIt: Type.String({ description: 'What the column means (Italian)' }),
});

export const ImportKindDTO = Type.Object({
  kind: ImportKindParam,
  isChainLevel: Type.Boolean({ description: 'salons, services, products: the whole chain, SUPERADMIN only' }),
  columns: Type.Array(ImportColumnDTO, { description: 'Every column of the kind, in the order of docs/import.md' }),
  sampleFile: Type.String({ description: 'The sample file of the kind in the repository (docs/import-samples/…)' }),
});

export const listImportKinds = defineEndpoint({
  method: 'GET',
  path: '/api/Import/Kinds/{SESSIONCODE}',
  summary: 'The kinds of import file with their columns (for the preview mapping), in dependency order; ADMIN and SUPERADMIN',
  tags: ['Import'],
  params: SessionParams,
  response: Type.Object({
    kinds: Type.Array(ImportKindDTO),
    maxFileBytes: Type.Integer({ description: 'The largest file the upload accepts (bigger: 413)' }),
  }),
});

export const ImportJobStatus = Type.Union(
  [Type.Literal('RUNNING'), Type.Literal('SUCCEEDED'), Type.Literal('INVALID'), Type.Literal('FAILED')],
  {
    description:
      'RUNNING; SUCCEEDED (every row valid: written, or for a dry run, would be); INVALID (at least one invalid row: nothing written, see errors); FAILED (the file could not be read or the server stopped: nothing written, see message)',
  },
);

export const ImportPhase = Type.Union(
  [Type.Literal('READING'), Type.Literal('CHECKING'), Type.Literal('WRITING'), Type.Literal('ROLLUPS'), Type.Literal('DONE')],
  {
    description:
      'READING the file into a work table; CHECKING references and duplicates; WRITING the records; ROLLUPS the stored rollups catching up with the rows written (every report reads them exactly meanwhile); DONE',
  },
);

export const ImportRowErrorDTO = Type.Object({
  row: Type.Integer({ description: 'The row number as a spreadsheet shows it (the header is row 1, the first data row 2)' }),
  column: Type.String({ description: 'The column at fault (a header name), or empty for the whole row' }),
  value: Type.String({ description: 'The value as read from the file (cut at 200 characters)' }),
  code: Type.String({
    description:
      'What is wrong, as a stable code: REQUIRED, INTEGER, DECIMAL, MONEY, DATE, DATETIME, BOOLEAN, ENUM, TOO_LONG, RANGE, TIME_ZONE, UNKNOWN_REFERENCE, DUPLICATE, CONFLICT, MISSING_COLUMN, INCONSISTENT',
  }),
  message: Type.String({ description: 'What is wrong, in the requested language' }),
});

export const ImportJobDTO = Type.Object({
  jobId: Type.Integer({ description: 'The job id (the {jobId} of GET)' }),
  salonId: Type.Union([Type.Integer(), Type.Null()], { description: 'The salon imported into; null for a chain-level kind' }),
  kind: ImportKindParam,
  fileName: Type.String({ description: 'The uploaded file name' }),
  fileBytes: Type.Integer({ description: 'The file size in bytes' }),
  sheet: Type.Union([Type.String(), Type.Null()], { description: 'XLSX: the sheet read (null for CSV)' }),
  isDryRun: Type.Boolean({ description: 'Checked only: nothing is ever written' }),
  status: ImportJobStatus,
  phase: ImportPhase,
  progress: Type.Number({ description: 'Share of the work done, 0..1 (bytes read while READING, then the later phases)' }),
  rowsRead: Type.Integer({ description: 'Data rows read so far (all of them once past READING)' }),
  rowsInserted: Type.Integer({ description: 'Records created (for a dry run: would be created)' }),
  rowsUpdated: Type.Integer({ description: 'Existing records (same external_id) that changed' }),
  rowsUnchanged: Type.Integer({ description: 'Existing records identical to their row' }),
  errorCount: Type.Integer({
    description: 'Errors found: one per invalid cell, reference or duplicate (all of them, even beyond those listed)',
  }),
  invalidRowCount: Type.Integer({ description: 'Rows with at least one error (the header row counts when a column is missing)' }),
  errors: Type.Array(ImportRowErrorDTO, {
    description: 'The first errors in row order (at most errorLimit); the CSV report has all of them',
  }),
  message: Type.Union([Type.String(), Type.Null()], { description: 'For FAILED: why, in the requested language' }),
  daysFrom: Type.Union([Type.String(), Type.Null()], { description: 'The first day the file touched (rollups refreshed from here)' }),
  daysTo: Type.Union([Type.String(), Type.Null()], { description: 'The last day the file touched' }),
  userId: Type.Union([Type.Integer(), Type.Null()], { description: 'Who started it (null: the CLI)' }),
  userName: Type.String({ description: "Who started it: first and last name, or 'CLI'" }),
  createdAt: Type.String({ description: 'When it started, ISO instant' }),
  finishedAt: Type.Union([Type.String(), Type.Null()], { description: 'When it ended, ISO instant; null while RUNNING' }),
});
export type ImportJob = Static<typeof ImportJobDTO>;

export const startImport = defineEndpoint({
  method: 'POST',
  path: '/api/Import/{SESSIONCODE}/{salonId}/{kind}',
  summary:
    'Upload a file (multipart/form-data, one part named `file`; .csv or .xlsx) of one kind for a salon and start its import job; answers 202 with the job at once (poll GET). ?dryRun=true checks without writing. ADMIN their salon, SUPERADMIN any; chain-level kinds (salons, services, products) SUPERADMIN only. Too big: 413; not multipart, no file, unknown extension: 400',
  tags: ['Import'],
  params: Type.Object({ SESSIONCODE: SessionCode, salonId: SalonId, kind: ImportKindParam }),
  querystring: Type.Object({
    dryRun: Type.Optional(Type.Boolean({ description: 'true: check every row, report errors, write nothing' })),
    sheet: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'XLSX: the sheet to read (default the first)' })),
    language: Type.Optional(ImportLanguage),
  }),
  response: ImportJobDTO,
  errors: { 202: ImportJobDTO, 404: ErrorResponse, 413: ErrorResponse },
});

export const ERROR_LIMIT_DEFAULT = 1000;

export const getImportJob = defineEndpoint({
  method: 'GET',
  path: '/api/Import/{SESSIONCODE}/{jobId}',
  summary: 'An import job: progress while RUNNING, then the result with the invalid rows (ADMIN their salon’s jobs, SUPERADMIN any)',
  tags: ['Import'],
  params: Type.Object({ SESSIONCODE: SessionCode, jobId: Id }),
  querystring: Type.Object({
    language: Type.Optional(ImportLanguage),
    errorLimit: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 10000, description: `At most this many errors in the answer; default ${ERROR_LIMIT_DEFAULT}` }),
    ),
  }),
  response: ImportJobDTO,
  errors: { 404: ErrorResponse },
});

export const listImportJobs = defineEndpoint({
  method: 'GET',
  path: '/api/Import/History/{SESSIONCODE}/{salonId}',
  summary:
    'The import history of a salon, newest first, with the chain-level imports (salons, services, products); each job without its errors (GET the job for them). ADMIN their salon, SUPERADMIN any',
  tags: ['Import'],
  params: Type.Object({ SESSIONCODE: SessionCode, salonId: SalonId }),
  querystring: Type.Object({
    language: Type.Optional(ImportLanguage),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, description: 'At most this many jobs; default 50' })),
  }),
  response: Type.Object({ items: Type.Array(ImportJobDTO, { description: 'errors is always empty here' }) }),
});

export const downloadImportErrors = defineEndpoint({
  method: 'GET',
  path: '/api/Import/Errors/{SESSIONCODE}/{jobId}',
  summary:
    'Every invalid row of a job as CSV (UTF-8 with BOM; columns row, column, value, message; Italian: `;` separator and Italian headers); file import-{jobId}-errors.csv',
  tags: ['Import'],
  params: Type.Object({ SESSIONCODE: SessionCode, jobId: Id }),
  querystring: Type.Object({ language: Type.Optional(ImportLanguage) }),
  response: Type.String({ description: 'text/csv; charset=utf-8 (Content-Disposition attachment)' }),
  isFile: true,
  errors: { 404: ErrorResponse },
});
