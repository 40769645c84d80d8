import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/boot';
import { StartupError } from '../../server/config';
import { openDb } from '../../server/db/db';
import { LOCK_FILE } from '../../server/db/data-dir';
import { openPglite } from '../../server/db/pglite';
import { TEST_JWT_SECRET } from '../support/server';

/**
 * What the operator is told when the server cannot start, and the rule behind the commonest
 * case: one embedded database per DATA_DIR. Two PGlite instances writing the same files, each as
 * if alone, corrupt them; PGlite's own postmaster.pid (PID -42) does not stop the second one.
 */

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'notaria-startup-'));
  dirs.push(dir);
  return dir;
};
const open = (dataDir: string) => openDb({ databaseUrl: null, dataDir });

/** A process that is not a portal server, alive until the tests end. */
function otherProcess(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

describe('DATA_DIR: one server at a time', () => {
  it('a second open in the same process is refused until the first is closed, which leaves no lock', async () => {
    const dir = tempDir();
    const db = await open(dir);
    await expect(open(dir)).rejects.toThrow(`DATA_DIR ${fs.realpathSync(dir)} ya lo usa otro servidor del portal (este mismo proceso)`);
    expect((await db.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]); // the first one is untouched
    await db.close();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    const again = await open(dir);
    await again.close();
  }, 60_000);

  it('a DATA_DIR another live process holds is refused, naming its PID and the file to delete if it is wrong', async () => {
    const dir = tempDir();
    const holder = otherProcess();
    fs.writeFileSync(path.join(dir, LOCK_FILE), `${holder.pid}\n`);
    const refusal = await open(dir).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(StartupError);
    expect((refusal as Error).message).toBe(
      `DATA_DIR ${fs.realpathSync(dir)} ya lo usa otro servidor del portal (PID ${holder.pid}): detenlo antes de arrancar este, ` +
        `o elige otro DATA_DIR. Si ese proceso no es un servidor del portal, borra ${path.join(fs.realpathSync(dir), LOCK_FILE)}.`,
    );
    expect(fs.readdirSync(dir)).toEqual([LOCK_FILE]); // no database was created beside it
  });

  it('a lock left by a process that is gone (killed, crashed) is taken over at once', async () => {
    const dir = tempDir();
    const gone = otherProcess();
    gone.kill('SIGKILL');
    await new Promise((resolve) => gone.once('exit', resolve));
    fs.writeFileSync(path.join(dir, LOCK_FILE), `${gone.pid}\n`);
    const db = await open(dir);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    await db.close();
  }, 60_000);

  it('a folder holding other things is not made a database (initdb refuses it too); a half-made one is finished', async () => {
    const home = tempDir();
    fs.writeFileSync(path.join(home, 'notas.txt'), 'mías');
    await expect(open(home)).rejects.toThrow(`DATA_DIR ${fs.realpathSync(home)} no está vacío y no es una base de datos (tiene notas.txt): elige una carpeta nueva o vacía.`);
    expect(fs.readdirSync(home)).toEqual(['notas.txt']);
    // what a first start killed during initdb leaves: folders, no PG_VERSION yet
    const halfMade = tempDir();
    for (const sub of ['base', 'global', 'pg_wal', 'pg_xact']) fs.mkdirSync(path.join(halfMade, sub));
    const db = await open(halfMade);
    expect((await db.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
    await db.close();
  }, 60_000);

  it('a DATA_DIR that cannot be a folder is refused with the reason', async () => {
    const file = path.join(tempDir(), 'fichero');
    fs.writeFileSync(file, '');
    await expect(open(path.join(file, 'datos'))).rejects.toThrow(`No se puede usar DATA_DIR ${path.join(file, 'datos')}: ENOTDIR`);
  });

  it('npm start on a DATA_DIR in use says so in one line and exits with 1', async () => {
    const dir = tempDir();
    const holder = otherProcess();
    fs.writeFileSync(path.join(dir, LOCK_FILE), `${holder.pid}\n`);
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, DATA_DIR: dir, PORT: '0', JWT_SECRET: TEST_JWT_SECRET },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `No se pudo arrancar el portal: DATA_DIR ${fs.realpathSync(dir)} ya lo usa otro servidor del portal (PID ${holder.pid}): ` +
        `detenlo antes de arrancar este, o elige otro DATA_DIR. Si ese proceso no es un servidor del portal, borra ${path.join(fs.realpathSync(dir), LOCK_FILE)}.`,
    );
  }, 60_000);
});

describe('a PostgreSQL that cannot be reached (DATABASE_URL)', () => {
  it('is a StartupError with the reason, which never shows the password', async () => {
    const refusal = await openDb({ databaseUrl: 'postgres://portal:secreto@127.0.0.1:1/notaria', dataDir: null }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(StartupError);
    expect((refusal as Error).message).toBe('No se puede conectar a la PostgreSQL de DATABASE_URL: connect ECONNREFUSED 127.0.0.1:1');
  });
});

describe('a port in use', () => {
  it('is refused with a StartupError naming it, and the database is closed', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '0.0.0.0', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    const db = await openPglite(null);
    try {
      const refusal = await startServer({ port, dataDir: null, databaseUrl: null, jwtSecret: TEST_JWT_SECRET, seedDemo: false }, { db, log: () => undefined }).catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(StartupError);
      expect((refusal as Error).message).toBe(`El puerto ${port} ya está en uso: detén el programa que lo ocupa o elige otro PORT.`);
      await expect(db.query('select 1')).rejects.toThrow();
    } finally {
      taken.close();
    }
  }, 60_000);
});
