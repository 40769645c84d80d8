import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { assertKey, type Storage } from './storage.js';

/**
 * Files in a folder (by default DATA_DIR/archivos). A file is written under a temporary name,
 * flushed and renamed, so a key either holds the whole file or nothing, also after a crash.
 */
export function localStorage(dir: string): Storage {
  const fileOf = (key: string) => path.join(dir, ...assertKey(key).split('/'));
  const ready = fsp.mkdir(dir, { recursive: true });
  return {
    kind: 'local',
    async put(key, body) {
      await ready;
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        // a stream is written as it arrives (its stream closes the file), then flushed like the bytes
        if (!(body instanceof Uint8Array)) await pipeline(body, fs.createWriteStream(tmp, { flags: 'wx' }));
        const handle = await fsp.open(tmp, body instanceof Uint8Array ? 'wx' : 'r+');
        try {
          if (body instanceof Uint8Array) await handle.writeFile(body);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fsp.rename(tmp, file);
      } catch (e) {
        await fsp.rm(tmp, { force: true });
        throw e;
      }
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const stat = await fsp.stat(file);
        return { body: fs.createReadStream(file), size: stat.size };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async delete(key) {
      await fsp.rm(fileOf(key), { force: true });
    },
    async *list(before) {
      await ready;
      const walk = async function* (folder: string, prefix: string): AsyncGenerator<string> {
        let entries: fs.Dirent[];
        try {
          entries = await fsp.readdir(folder, { withFileTypes: true });
        } catch {
          return;
        }
        for (const e of entries) {
          const full = path.join(folder, e.name);
          if (e.isDirectory()) yield* walk(full, `${prefix}${e.name}/`);
          else if (e.isFile()) {
            const stat = await fsp.stat(full).catch(() => null);
            if (!stat || stat.mtime >= before) continue;
            // a temporary file left by a crash mid-write is no key: its name is returned for removal too
            if (e.name.endsWith('.tmp')) await fsp.rm(full, { force: true });
            else yield `${prefix}${e.name}`;
          }
        }
      };
      yield* walk(dir, '');
    },
  };
}
