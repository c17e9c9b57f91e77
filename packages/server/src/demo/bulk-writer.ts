import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

export type Cell = string | number | boolean | null;

/**
 * How rows reach the database:
 * - 'copy': COPY ... FROM STDIN (text format), the fastest path, on a PostgreSQL server.
 * - 'file': COPY ... FROM '<file>' for the embedded PGlite. It is reached through pglite-socket,
 *   which hands PGlite one protocol message at a time; COPY FROM STDIN needs the CopyData stream
 *   in the same call and fails there with "protocol synchronization was lost". PGlite mounts its
 *   data folder from the host file system, so a batch written into that folder can be read by a
 *   server-side COPY (about twice as fast as 'unnest').
 * - 'unnest': INSERT ... SELECT FROM unnest($1::type[], ...), one array parameter per column: the
 *   fallback when neither works (the in-memory PGlite of the tests).
 */
export type BulkMode = { kind: 'copy' } | { kind: 'unnest' } | { kind: 'file'; hostDir: string; serverDir: string };

interface TableBuffer {
  table: string;
  columns: readonly string[];
  types: string[];
  rows: Cell[][];
  written: number;
  milliseconds: number;
}

export interface TableStat {
  table: string;
  rows: number;
  milliseconds: number;
}

/** Escapes one value for COPY's text format. */
function copyText(value: Cell): string {
  if (value === null) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'))
    : value;
}

function copyLines(rows: Cell[][]): string {
  const lines: string[] = [];
  for (const row of rows) lines.push(`${row.map(copyText).join('\t')}\n`);
  return lines.join('');
}

/**
 * Buffers rows per table and writes them in batches on one connection. Batches are sent
 * without waiting for the previous one (at most `maxInFlight` outstanding), so the generator
 * keeps producing while the database writes; tables are flushed in the order they were
 * registered, which keeps foreign keys satisfied.
 */
export class BulkWriter {
  private readonly buffers = new Map<string, TableBuffer>();
  private readonly inFlight: Promise<void>[] = [];
  private lastDone = 0;
  private failure: unknown;
  private files = 0;

  constructor(
    private readonly client: pg.Client,
    private readonly mode: BulkMode,
    private readonly batchRows = mode.kind === 'unnest' ? 10_000 : 50_000,
    private readonly maxInFlight = 2,
  ) {}

  /** Registers a table and its columns (types are read from the catalogue, for the unnest casts). */
  async register(table: string, columns: readonly string[]): Promise<void> {
    const { rows } = await this.client.query<{ name: string; type: string }>(
      `SELECT attname AS name, format_type(atttypid, atttypmod) AS type
         FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped`,
      [table],
    );
    const typeOf = new Map(rows.map((row) => [row.name, row.type]));
    const types = columns.map((column) => {
      const type = typeOf.get(column);
      if (!type) throw new Error(`demo: ${table}.${column} does not exist`);
      return type;
    });
    this.buffers.set(table, { table, columns, types, rows: [], written: 0, milliseconds: 0 });
  }

  add(table: string, row: Cell[]): void {
    const buffer = this.buffers.get(table);
    if (!buffer) throw new Error(`demo: table ${table} is not registered`);
    buffer.rows.push(row);
  }

  /** Writes every buffer once one of them holds a full batch. */
  async flushIfFull(): Promise<void> {
    for (const buffer of this.buffers.values()) {
      if (buffer.rows.length >= this.batchRows) return this.flushAll();
    }
  }

  /** Sends every buffered row (in registration order) and waits for all of it. */
  async flushAll(): Promise<void> {
    await this.sendAll();
    await this.drain();
  }

  private async sendAll(): Promise<void> {
    for (const buffer of this.buffers.values()) {
      if (buffer.rows.length === 0) continue;
      const rows = buffer.rows;
      buffer.rows = [];
      while (this.inFlight.length >= this.maxInFlight) await this.inFlight.shift();
      this.throwIfFailed();
      const issued = Date.now();
      const work =
        this.mode.kind === 'copy'
          ? this.copy(buffer, rows)
          : this.mode.kind === 'file'
            ? this.copyFile(buffer, rows)
            : this.insert(buffer, rows);
      this.inFlight.push(
        work.then(
          () => {
            // Batches run one after another on the connection: charge each its own share.
            const done = Date.now();
            buffer.milliseconds += done - Math.max(issued, this.lastDone);
            this.lastDone = done;
            buffer.written += rows.length;
          },
          (err: unknown) => {
            this.failure ??= err;
          },
        ),
      );
    }
  }

  private async drain(): Promise<void> {
    while (this.inFlight.length > 0) await this.inFlight.shift();
    this.throwIfFailed();
  }

  private throwIfFailed(): void {
    if (this.failure !== undefined) throw this.failure;
  }

  private async copy(buffer: TableBuffer, rows: Cell[][]): Promise<void> {
    const stream = this.client.query(copyFrom(`COPY ${buffer.table} (${buffer.columns.join(', ')}) FROM STDIN`));
    await pipeline(Readable.from([copyLines(rows)]), stream);
  }

  private async copyFile(buffer: TableBuffer, rows: Cell[][]): Promise<void> {
    if (this.mode.kind !== 'file') return;
    // A batch file is rewritten only once its COPY has finished: at most maxInFlight are pending.
    const name = `demo-load-${this.files++ % (this.maxInFlight + 1)}.tsv`;
    writeFileSync(join(this.mode.hostDir, name), copyLines(rows));
    await this.client.query(`COPY ${buffer.table} (${buffer.columns.join(', ')}) FROM '${this.mode.serverDir}/${name}'`);
  }

  /** Removes the batch files of the 'file' mode. */
  cleanUp(): void {
    if (this.mode.kind !== 'file') return;
    for (let i = 0; i <= this.maxInFlight; i++) rmSync(join(this.mode.hostDir, `demo-load-${i}.tsv`), { force: true });
  }

  private async insert(buffer: TableBuffer, rows: Cell[][]): Promise<void> {
    const arrays = buffer.columns.map((_, index) => rows.map((row) => row[index] ?? null));
    const casts = buffer.types.map((type, index) => `$${index + 1}::${type}[]`).join(', ');
    await this.client.query(`INSERT INTO ${buffer.table} (${buffer.columns.join(', ')}) SELECT * FROM unnest(${casts})`, arrays);
  }

  stats(): TableStat[] {
    return [...this.buffers.values()].map((buffer) => ({ table: buffer.table, rows: buffer.written, milliseconds: buffer.milliseconds }));
  }
}
