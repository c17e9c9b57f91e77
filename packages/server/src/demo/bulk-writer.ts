import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

export type Cell = string | number | boolean | null;

/**
 * How rows reach the database:
 * - 'copy': COPY ... FROM STDIN (text format), the fastest path, on a PostgreSQL server.
 * - 'unnest': INSERT ... SELECT FROM unnest($1::type[], ...), one array parameter per column.
 *   The embedded PGlite is reached through pglite-socket, which hands PGlite one protocol
 *   message at a time; COPY FROM STDIN needs the CopyData stream in the same call and fails
 *   there with "protocol synchronization was lost", so the embedded database takes this path.
 */
export type BulkMode = 'copy' | 'unnest';

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

  constructor(
    private readonly client: pg.Client,
    private readonly mode: BulkMode,
    private readonly batchRows = 10_000,
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
      const work = this.mode === 'copy' ? this.copy(buffer, rows) : this.insert(buffer, rows);
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
    const lines: string[] = [];
    for (const row of rows) lines.push(`${row.map(copyText).join('\t')}\n`);
    const stream = this.client.query(copyFrom(`COPY ${buffer.table} (${buffer.columns.join(', ')}) FROM STDIN`));
    await pipeline(Readable.from([lines.join('')]), stream);
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
