import fs from 'node:fs';
import path from 'node:path';
import { StartupError } from '../config.js';

/**
 * The file naming the process that has the embedded database open, as Postgres's postmaster.pid
 * does for a Postgres server. PGlite writes a postmaster.pid too, but with the PID -42: nothing
 * stops a second server (npm start run twice, a restart overlapping the old process) from
 * opening the same DATA_DIR, and two databases writing the same files as if alone corrupt them.
 */
export const LOCK_FILE = 'portal.pid';

/** DATA_DIRs this process holds: a second open in the same process is refused too. */
const held = new Set<string>();

/** What initdb puts in a data directory (also half-way, if a first start was killed), and our lock. */
const DATABASE_ENTRY = /^(PG_VERSION|base|global|pg_\w+|postgresql(\.auto)?\.conf|postmaster\.(pid|opts)|portal\.pid)$/;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // alive, but another user's
  }
  // a zombie (killed, not yet reaped by its parent) holds nothing any more; without /proc, alive
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return true;
  }
}

const inUse = (dir: string, holder: string) =>
  new StartupError(
    `DATA_DIR ${dir} ya lo usa otro servidor del portal (${holder}): detenlo antes de arrancar este, ` +
      `o elige otro DATA_DIR. Si ese proceso no es un servidor del portal, borra ${path.join(dir, LOCK_FILE)}.`,
  );

/** The folder, made if missing, refused if it holds anything but a database (initdb refuses it too). */
function databaseFolder(dataDir: string): string {
  let dir: string;
  let foreign: string[];
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    dir = fs.realpathSync(dataDir);
    foreign = fs.readdirSync(dir).filter((name) => !DATABASE_ENTRY.test(name));
  } catch (e) {
    throw new StartupError(`No se puede usar DATA_DIR ${dataDir}: ${(e as Error).message}`);
  }
  if (foreign.length && !fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new StartupError(
      `DATA_DIR ${dir} no está vacío y no es una base de datos (tiene ${foreign.slice(0, 3).join(', ')}${foreign.length > 3 ? '…' : ''}): ` +
        'elige una carpeta nueva o vacía.',
    );
  }
  return dir;
}

/**
 * Takes DATA_DIR for this process, or throws a StartupError: it is not a database folder, or a
 * live process has it (named). A lock left by a process that is gone (killed, crashed, or a
 * container's earlier life, whose PID may now be ours) is taken over at once, so a restart after a
 * crash does not wait. Answers the release.
 */
export function claimDataDir(dataDir: string): () => void {
  const dir = databaseFolder(dataDir);
  if (held.has(dir)) throw inUse(dir, 'este mismo proceso');
  const file = path.join(dir, LOCK_FILE);
  for (let attempt = 1; ; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' }); // fails if the file exists
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new StartupError(`No se puede usar DATA_DIR ${dir}: ${(e as Error).message}`);
    }
    const holder = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
    // a second EEXIST: another server started at the same moment and took it
    if (attempt > 1 || (holder > 0 && holder !== process.pid && isAlive(holder))) throw inUse(dir, `PID ${holder}`);
    fs.rmSync(file, { force: true });
  }
  held.add(dir);
  return () => {
    held.delete(dir);
    fs.rmSync(file, { force: true });
  };
}
