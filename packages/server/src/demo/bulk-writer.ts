import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

export type Cell = string | number | boolean | null;

interface TableBuffer {
  table: string;
  columns: readonly string[];
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
 * Buffers rows per table and writes them in batches on one connection, with COPY ... FROM
 * STDIN (text format), the fastest way into PostgreSQL. Batches are sent
 * without waiting for the previous one (at most `maxInFlight` outstanding), so the generator
 * keeps producing while the database writes; tables are flushed in the order they were
 * registered, which keeps foreign keys satisfied.
 */
export class BulkWriter {
  private readonly buffers = new Map<string, TableBuffer>();
  private readonly inFlight: Promise<void>[] = [];
  private lastDone = 0;
  private failure: unknown;

  constructor(
    private readonly client: pg.Client,
    private readonly batchRows = 50_000,
    private readonly maxInFlight = 2,
  ) {}

  /** Registers a table and its columns (checked against the catalogue, so a typo fails early). */
  async register(table: string, columns: readonly string[]): Promise<void> {
    const { rows } = await this.client.query<{ name: string }>(
      'SELECT attname AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped',
      [table],
    );
    const known = new Set(rows.map((row) => row.name));
    for (const column of columns) if (!known.has(column)) throw new Error(`demo: ${table}.${column} does not exist`);
    this.buffers.set(table, { table, columns, rows: [], written: 0, milliseconds: 0 });
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
      const work = this.copy(buffer, rows);
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

  stats(): TableStat[] {
    return [...this.buffers.values()].map((buffer) => ({ table: buffer.table, rows: buffer.written, milliseconds: buffer.milliseconds }));
  }
}
