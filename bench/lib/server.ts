/**
 * The real server as a child process (`node server/.build/main.mjs`, as npm start runs it) on a free port and a
 * temporary DATA_DIR, as an operator starts it. Every process and directory made here is
 * cleaned up by cleanup(), and children are SIGKILLed if the benchmark itself dies.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sleep } from './stats.js';
import { buildServer, serverArgs, serverEnv } from '../../scripts/server-command.mjs';
import { freePort } from '../../scripts/free-port.mjs';
import { API_BASE } from '../../api/endpoint.js';

export { freePort };

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const RESULTS_DIR = path.join(REPO_ROOT, 'bench/results');
export const BENCH_JWT_SECRET = 'bench-secret-0123456789abcdef0123456789';
export const SERVICES = API_BASE;

const live = new Set<ChildProcess>();
const tempDirs = new Set<string>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

export function tempDir(prefix = 'notaria-bench-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

export interface BenchServer {
  url: string;
  port: number;
  dataDir: string;
  pid: number;
  /** ms from spawn until health answered 200. */
  readyMs: number;
  /** Resident memory of the server process in MB (VmRSS), or null once it is gone. */
  rssMb(): number | null;
  /** The process started and every process under it (npm start: its own and the server's), each with its VmRSS in MB. */
  processes(): { command: string; mb: number }[];
  /** SIGTERM (graceful close of the database), SIGKILL after 15 s. */
  stop(): Promise<void>;
  /** SIGKILL: a crash. */
  kill(): Promise<void>;
}

export interface StartOptions {
  /** Names the log file bench/results/logs/<name>.log. */
  name: string;
  /** Existing DATA_DIR to reuse (restart); default a fresh copy of the migrated template. */
  dataDir?: string;
  /** Start on an empty DATA_DIR (create, migrate, seed) instead of a copy of the template. */
  empty?: boolean;
  env?: Record<string, string>;
  timeoutMs?: number;
  /**
   * Another checkout to run instead of the working tree (--vs): its server bundle, built by the
   * caller, started with that checkout's own flags and environment (scripts/server-command.mjs).
   */
  root?: string;
  /**
   * Start as a user does: package.json's `start` script in a shell (it builds what is missing,
   * then the shell becomes the server), in development mode, instead of the server bundle.
   */
  npmStart?: boolean;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((r) => child.once('exit', () => r()));
}

/** The process and its descendants (from /proc's parent ids). */
function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      // "pid (comm) state ppid …": comm may hold spaces, so read after its closing parenthesis
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      parents.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone meanwhile */
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const [pid, ppid] of parents) if (ppid === tree[i]) tree.push(pid);
  return tree;
}

export function readRssMb(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)\s*kB/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

let bundled = false;

export async function startServer(opts: StartOptions): Promise<BenchServer> {
  // the server bundle of the current sources, built once per run (not counted in start-up times)
  if (!bundled && !opts.root) {
    buildServer();
    bundled = true;
  }
  const command = opts.root
    ? ((await import(path.join(opts.root, 'scripts/server-command.mjs'))) as { serverArgs: typeof serverArgs; serverEnv: typeof serverEnv })
    : { serverArgs, serverEnv };
  const dataDir = opts.dataDir ?? (opts.empty ? tempDir() : await freshDataDir());
  const port = await freePort();
  const logDir = path.join(RESULTS_DIR, 'logs');
  fs.mkdirSync(logDir, { recursive: true });
  const log = fs.openSync(path.join(logDir, `${opts.name}.log`), 'a');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    JWT_SECRET: BENCH_JWT_SECRET,
    NODE_ENV: 'test', // not production: the PIN of each sign-in goes to /dev/outbox
    // every bench signs in repeatedly from 127.0.0.1 as the same demo users
    PIN_INTERVAL_SECONDS: '0',
    PIN_DAILY_LIMIT: '100000',
    PIN_IP_HOURLY_LIMIT: '100000',
    // the demo staff and admin sign in with their PIN alone: the bench measures, it does not test sign-in
    SEGUNDO_FACTOR_OFICINA: 'opcional',
    ...opts.env,
  };
  if (!opts.env?.DATABASE_URL) delete env.DATABASE_URL; // the default embedded PGlite in DATA_DIR
  if (opts.npmStart) {
    delete env.NODE_ENV; // development, as a first `npm start` runs
    env.CERT_LOGIN_PORT ??= '0'; // its certificate listener on a free port, not 8443
  }
  const started = performance.now();
  const spawnOptions = { cwd: opts.root ?? REPO_ROOT, env: command.serverEnv(env), stdio: ['ignore', log, log] as ['ignore', number, number] };
  // npm start's script as npm runs it (in a shell, in the project), without npm itself
  const child = opts.npmStart
    ? spawn('sh', ['-c', npmStartScript(opts.root ?? REPO_ROOT)], spawnOptions)
    : spawn(process.execPath, command.serverArgs(), spawnOptions);
  fs.closeSync(log);
  live.add(child);
  child.once('exit', () => live.delete(child));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  let readyMs = 0;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}); see bench/results/logs/${opts.name}.log`);
    }
    try {
      const res = await fetch(`${url}${SERVICES}/health`);
      if (res.ok) {
        readyMs = performance.now() - started;
        break;
      }
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer health within ${(opts.timeoutMs ?? 120_000) / 1000} s`);
    }
    await sleep(20);
  }

  const pid = child.pid!;
  return {
    url,
    port,
    dataDir,
    pid,
    readyMs,
    rssMb: () => readRssMb(pid),
    processes() {
      return processTree(pid).flatMap((p) => {
        const mb = readRssMb(p);
        const command = (() => {
          try {
            return fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0').filter(Boolean).map((a) => path.basename(a)).join(' ');
          } catch {
            return '?';
          }
        })();
        return mb === null ? [] : [{ command, mb }];
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited(child);
      clearTimeout(timer);
    },
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
  };
}

let template: Promise<string> | null = null;
let templateDir: string | null = null;

/**
 * A migrated and seeded DATA_DIR, copied from one made once per run: the first start of an
 * empty directory is slow, and only the startup bench measures it.
 */
export async function freshDataDir(): Promise<string> {
  template ??= (async () => {
    // not measured: on a shared machine (load average 15-20 on 2 cores) a first start took 66-120 s
    const server = await startServer({ name: 'template', empty: true, timeoutMs: 600_000 });
    await server.stop();
    tempDirs.delete(server.dataDir); // kept for the whole run; removed by cleanup({ all: true })
    templateDir = server.dataDir;
    return server.dataDir;
  })();
  const dir = tempDir();
  fs.cpSync(await template, dir, { recursive: true });
  return dir;
}

/** Kills what is still running and removes the temporary directories (the template too with all). */
export async function cleanup(opts: { all?: boolean } = {}) {
  for (const child of [...live]) {
    child.kill('SIGKILL');
    await exited(child);
  }
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
  if (opts.all) {
    if (templateDir) fs.rmSync(templateDir, { recursive: true, force: true });
    template = null;
    templateDir = null;
  }
}

/** The `start` script of the project's package.json at `root`. */
function npmStartScript(root: string): string {
  return (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
}
