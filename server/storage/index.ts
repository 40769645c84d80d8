import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { localStorage } from './local.js';
import { s3Storage, type S3Settings } from './s3.js';
import type { Storage } from './storage.js';

export type { Storage } from './storage.js';

/** STORAGE_*: a folder (default DATA_DIR/archivos) or, with STORAGE_S3_BUCKET, an S3-compatible bucket. */
export type StorageSettings = { kind: 'local'; dir: string | null } | ({ kind: 's3' } & S3Settings);

export function storageSettings(env: NodeJS.ProcessEnv, dataDir: string | null): StorageSettings {
  const bucket = env.STORAGE_S3_BUCKET?.trim();
  if (bucket) {
    const endpoint = env.STORAGE_S3_ENDPOINT?.trim() || null;
    const prefix = (env.STORAGE_S3_PREFIX ?? '').trim().replace(/^\/+/, '');
    return {
      kind: 's3',
      bucket,
      endpoint,
      region: env.STORAGE_S3_REGION?.trim() || 'us-east-1',
      accessKeyId: env.STORAGE_S3_ACCESS_KEY_ID || null,
      secretAccessKey: env.STORAGE_S3_SECRET_ACCESS_KEY || null,
      // S3-compatible servers (Supabase Storage among them) want the bucket in the path; AWS does not
      forcePathStyle: env.STORAGE_S3_FORCE_PATH_STYLE ? env.STORAGE_S3_FORCE_PATH_STYLE === 'true' : endpoint !== null,
      prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
    };
  }
  const dir = env.STORAGE_DIR?.trim();
  return { kind: 'local', dir: dir ? path.resolve(dir) : dataDir ? path.join(dataDir, 'archivos') : null };
}

/** The configured backend. A folder without DATA_DIR (the in-memory database of the tests) is a temporary one. */
export function createStorage(s: StorageSettings): Storage {
  if (s.kind === 's3') return s3Storage(s);
  return localStorage(s.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'notaria-archivos-')));
}
