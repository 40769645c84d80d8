/**
 * wrk (C, Debian's package) as the load generator of the throughput bench. On this 2-core machine
 * the load generator shares the cores with the server it measures. On the gateway GET, autocannon
 * (Node) took 0.30-0.34 of a core, about 46 µs a request, and still left 0.2-0.27 of the machine
 * idle: the server waited for its next requests. wrk took 0.14-0.17 (about 17 µs a request) and
 * left 0.13; the same server answered 7,100-9,600 requests a second instead of 4,600-7,800.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { installDebianPackage } from '../../scripts/debian-package.mjs';

const REPORTER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'wrk-report.lua');

export interface LoadRun {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers received, and those that were not 2xx/3xx or failed on the socket. */
  answers: number;
  errors: number;
  /** CPU the load generator used, in cores. */
  clientCores: number;
}

/** wrk's path: WRK_PATH, `wrk` on PATH, or Debian's package installed now (as root); null if none. */
export function findWrk(): string | null {
  const onPath = () => spawnSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' }).stdout.trim() || null;
  const found = process.env.WRK_PATH && fs.existsSync(process.env.WRK_PATH) ? process.env.WRK_PATH : onPath();
  if (found) return found;
  return installDebianPackage('wrk', 'wrk no está instalado: instalando el paquete wrk de Debian (apt-get)...') ? onPath() : null;
}

/** CPU seconds (user + system, all its threads) a process has used so far, or null once it is gone. */
export function cpuSeconds(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** One wrk run: one thread, `connections` keep-alive connections, GET `url` for `duration` seconds. */
export function wrk(
  bin: string,
  opts: { url: string; headers?: Record<string, string>; connections: number; duration: number },
): Promise<LoadRun> {
  const headerArgs = Object.entries(opts.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  const args = ['-t1', `-c${opts.connections}`, `-d${opts.duration}s`, '--timeout', '10s', '-s', REPORTER, ...headerArgs, opts.url];
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d));
  child.stderr.on('data', (d: Buffer) => (out += d));
  // /proc/<pid> goes when the process is reaped: keep the last reading (at most 200 ms short)
  let cpu = 0;
  const started = performance.now();
  const poll = setInterval(() => (cpu = cpuSeconds(child.pid!) ?? cpu), 200);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(poll);
      const line = out.split('\n').find((l) => l.startsWith('{"requests"'));
      if (code !== 0 || !line) return reject(new Error(`wrk ${args.join(' ')} failed (${code}): ${out.slice(0, 500)}`));
      const r = JSON.parse(line) as Record<string, number>;
      const errors = r.connect + r.read + r.write + r.status + r.timeout;
      resolve({
        rps: r.requests / (r.durationUs / 1e6),
        p50: r.p50 / 1000,
        p95: r.p95 / 1000,
        p99: r.p99 / 1000,
        answers: r.requests,
        errors,
        clientCores: cpu / ((performance.now() - started) / 1000),
      });
    });
  });
}
