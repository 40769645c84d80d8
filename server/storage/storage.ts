import { Readable } from 'node:stream';

/**
 * Where uploaded files live: one interface, two backends (a folder, local.ts; an S3-compatible
 * bucket, s3.ts). Keys are made by the server (never from a file name), so they are checked to be
 * plain: lower-case letters, digits, '-' and '/' between segments.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /**
   * Stores the bytes under key; resolves once they are durable in the backend. A stream is
   * written as it arrives (an upload never sits whole in memory); if it fails, nothing is stored.
   */
  put(key: string, body: Uint8Array | Readable, contentType: string): Promise<void>;
  /** The stored bytes as a stream, or null when the key holds nothing. */
  get(key: string): Promise<{ body: Readable; size: number | null } | null>;
  /** Removes the key; nothing stored there is not an error. */
  delete(key: string): Promise<void>;
  /** Keys stored before `before` (for removing files whose row never committed). */
  list(before: Date): AsyncIterable<string>;
}

const KEY = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/;

export function assertKey(key: string): string {
  if (!KEY.test(key) || key.length > 200) throw new Error(`Clave de almacenamiento no válida: ${key.slice(0, 60)}`);
  return key;
}
