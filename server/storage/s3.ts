import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { assertKey, type Storage } from './storage.js';

export interface S3Settings {
  bucket: string;
  /** An S3-compatible endpoint (Supabase Storage: https://<project>.supabase.co/storage/v1/s3); AWS when null. */
  endpoint: string | null;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Bucket in the path (…/bucket/key), as Supabase Storage and most S3-compatible servers want. */
  forcePathStyle: boolean;
  /** Folder inside the bucket, e.g. 'portal/'. */
  prefix: string;
}

/** Files in an S3-compatible bucket, through the official AWS SDK. */
export function s3Storage(s: S3Settings): Storage {
  const client = new S3Client({
    region: s.region,
    // a stream is sent with its length as one plain PUT, not as aws-chunked with a trailing
    // checksum, which not every S3-compatible server reads
    requestChecksumCalculation: 'WHEN_REQUIRED',
    forcePathStyle: s.forcePathStyle,
    ...(s.endpoint ? { endpoint: s.endpoint } : {}),
    ...(s.accessKeyId && s.secretAccessKey ? { credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } } : {}),
  });
  const Key = (key: string) => `${s.prefix}${assertKey(key)}`;
  return {
    kind: 's3',
    async put(key, body, contentType) {
      if (body instanceof Uint8Array) {
        await client.send(new PutObjectCommand({ Bucket: s.bucket, Key: Key(key), Body: body, ContentType: contentType, ContentLength: body.byteLength }));
        return;
      }
      // a single PUT needs the length first: a stream waits in a temporary file, never in memory
      const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'portal-subida-'));
      try {
        const file = path.join(dir, 'archivo');
        await pipeline(body, fs.createWriteStream(file));
        const { size } = await fsp.stat(file);
        await client.send(new PutObjectCommand({ Bucket: s.bucket, Key: Key(key), Body: fs.createReadStream(file), ContentType: contentType, ContentLength: size }));
      } finally {
        await fsp.rm(dir, { recursive: true, force: true });
      }
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: s.bucket, Key: Key(key) }));
        if (!out.Body) return null;
        return { body: out.Body as Readable, size: out.ContentLength ?? null };
      } catch (e) {
        if (e instanceof NoSuchKey || (e as { name?: string }).name === 'NoSuchKey' || (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw e;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: Key(key) }));
    },
    async *list(before) {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: s.bucket, Prefix: s.prefix || undefined, ContinuationToken: token }));
        for (const o of page.Contents ?? []) {
          if (!o.Key || !o.LastModified || o.LastModified >= before) continue;
          yield o.Key.slice(s.prefix.length);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
