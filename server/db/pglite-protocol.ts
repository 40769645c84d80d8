/**
 * The bytes of a pipelined batch, both ways, without PGlite's message objects:
 * - batchMessage() writes Bind/Describe/Execute per prepared statement and one Sync. PGlite's
 *   serializer builds each message through a growable DataView writer; on a gateway read (two
 *   statements, the JWT claims as a parameter) it was a fifth of the database thread's time.
 * - BatchResults reads the backend's answer straight from PGlite's output bytes: one result per
 *   statement (its rows, typed by PGlite's parsers, and its row count) and the first error.
 *   PGlite's own reader turns every message into objects first and copies every field into a
 *   new buffer before decoding it; on a single-row read that was a fifth of the thread's time too.
 * Only what such a batch needs is written or read; everything else is skipped.
 */
import { messages, types } from '@electric-sql/pglite';
import type { QueryResult } from './db.js';

type Parsers = Record<number | string, (value: string, type: number) => unknown>;
type Row = Record<string, unknown>;

const ROW_DESCRIPTION = 0x54; // T
const DATA_ROW = 0x44; // D
const COMMAND_COMPLETE = 0x43; // C
const EMPTY_QUERY = 0x49; // I
const ERROR_RESPONSE = 0x45; // E

/** Command tags whose count is the rows the command changed. */
const COUNTED = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/** ErrorResponse field codes → the DatabaseError properties PGlite (and node-postgres) give them. */
const ERROR_FIELDS: Record<string, keyof messages.DatabaseError> = {
  S: 'severity', C: 'code', D: 'detail', H: 'hint', P: 'position', p: 'internalPosition', q: 'internalQuery',
  W: 'where', s: 'schema', t: 'table', c: 'column', d: 'dataType', n: 'constraint', F: 'file', L: 'line', R: 'routine',
};

const decoder = new TextDecoder();

const BIND = 0x42; // B
/** Describe portal '' and Execute portal '' (all rows): the same bytes for every statement. */
const DESCRIBE_EXECUTE = Uint8Array.from([0x44, 0, 0, 0, 6, 0x50, 0, 0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0]);
const SYNC = Uint8Array.from([0x53, 0, 0, 0, 4]);

/** One statement of a batch: the name it was prepared under and its parameters as text (null = NULL). */
export interface BoundStatement {
  name: string;
  values: (string | null)[];
}

/**
 * The protocol message of a batch: per statement Bind (unnamed portal, text parameters and
 * results), Describe portal and Execute, then one Sync; the same bytes PGlite's serializer makes.
 */
export function batchMessage(statements: BoundStatement[]): Uint8Array {
  // an upper bound: a UTF-16 code unit is at most 3 bytes of UTF-8
  let size = SYNC.length;
  for (const { name, values } of statements) {
    size += 1 + 4 + 1 + name.length * 3 + 1 + 2 + values.length * 2 + 2 + 2 + DESCRIBE_EXECUTE.length;
    for (const v of values) size += 4 + (v === null ? 0 : v.length * 3);
  }
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (const { name, values } of statements) {
    const start = at;
    out[at] = BIND;
    at += 5; // the length is written once known
    out[at++] = 0; // portal ''
    at += out.write(name, at, 'utf8');
    out[at++] = 0;
    at = out.writeUInt16BE(values.length, at);
    for (let i = 0; i < values.length; i++) at = out.writeUInt16BE(0, at); // each parameter as text
    at = out.writeUInt16BE(values.length, at);
    for (const v of values) {
      if (v === null) {
        at = out.writeInt32BE(-1, at);
        continue;
      }
      const length = out.write(v, at + 4, 'utf8');
      out.writeInt32BE(length, at);
      at += 4 + length;
    }
    at = out.writeUInt16BE(0, at); // results as text
    out.writeInt32BE(at - start - 1, start + 1);
    out.set(DESCRIBE_EXECUTE, at);
    at += DESCRIBE_EXECUTE.length;
  }
  out.set(SYNC, at);
  at += SYNC.length;
  return out.subarray(0, at);
}

/** UTF-8 text of bytes [start, end): short ASCII (most fields) without a decoder call. */
function text(bytes: Uint8Array, start: number, end: number): string {
  if (end - start <= 32) {
    let ascii = true;
    for (let i = start; i < end; i++) if (bytes[i] > 0x7f) ascii = false;
    if (ascii) return String.fromCharCode.apply(null, bytes.subarray(start, end) as unknown as number[]);
  }
  return decoder.decode(bytes.subarray(start, end));
}

export class BatchResults {
  readonly results: QueryResult<Row>[] = [];
  error: messages.DatabaseError | null = null;
  private fields: { name: string; type: number }[] = [];
  private rows: Row[] = [];
  /** The start of a message cut off at the end of the previous chunk (copied: chunks are PGlite's memory). */
  private partial: Uint8Array | null = null;

  constructor(private readonly parsers: Parsers) {}

  /** Reads a chunk of output, as PGlite hands it over (onRawData). */
  push = (chunk: Uint8Array): void => {
    let bytes = chunk;
    if (this.partial) {
      bytes = new Uint8Array(this.partial.length + chunk.length);
      bytes.set(this.partial);
      bytes.set(chunk, this.partial.length);
      this.partial = null;
    }
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let at = 0;
    while (at + 5 <= bytes.length) {
      const end = at + 1 + view.getInt32(at + 1);
      if (end > bytes.length) break;
      this.read(bytes[at], bytes, view, at + 5, end);
      at = end;
    }
    if (at < bytes.length) this.partial = bytes.slice(at);
  };

  private read(type: number, bytes: Uint8Array, view: DataView, start: number, end: number) {
    let at = start;
    const cstring = () => {
      const from = at;
      while (bytes[at] !== 0) at++;
      return text(bytes, from, at++);
    };
    switch (type) {
      case ROW_DESCRIPTION: {
        const count = view.getInt16(at);
        at += 2;
        this.fields = [];
        for (let i = 0; i < count; i++) {
          const name = cstring();
          this.fields.push({ name, type: view.getInt32(at + 6) }); // after table oid and column number
          at += 18;
        }
        break;
      }
      case DATA_ROW: {
        const count = view.getInt16(at);
        at += 2;
        const row: Row = {};
        for (let i = 0; i < count; i++) {
          const length = view.getInt32(at);
          at += 4;
          const field = this.fields[i];
          if (length < 0) {
            row[field.name] = null;
            continue;
          }
          const value = text(bytes, at, at + length);
          at += length;
          const parse = this.parsers[field.type] ?? types.parsers[field.type];
          row[field.name] = parse ? parse(value, field.type) : value;
        }
        this.rows.push(row);
        break;
      }
      case COMMAND_COMPLETE: {
        const tag = cstring().split(' ');
        const count = COUNTED.has(tag[0]) ? Number(tag[tag.length - 1]) : 0;
        // node-postgres counts the rows a SELECT returned; PGlite reports 0
        this.end(Math.max(count, this.rows.length));
        break;
      }
      case EMPTY_QUERY:
        this.end(0);
        break;
      case ERROR_RESPONSE: {
        if (this.error) break; // Postgres skips the rest of the batch: only the first one counts
        const fields: Record<string, string> = {};
        while (at < end && bytes[at] !== 0) {
          const code = String.fromCharCode(bytes[at++]);
          fields[code] = cstring();
        }
        const error = new messages.DatabaseError(fields.M ?? 'unknown error', end - start + 4, 'error');
        for (const [code, key] of Object.entries(ERROR_FIELDS)) {
          if (fields[code] !== undefined) Object.assign(error, { [key]: fields[code] });
        }
        this.error = error;
        break;
      }
      default: // ParseComplete, BindComplete, NoData, notices, ReadyForQuery...
    }
  }

  private end(rowCount: number) {
    this.results.push({ rows: this.rows, rowCount });
    this.rows = [];
    this.fields = [];
  }
}
