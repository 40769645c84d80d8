import autocannon, { type Options, type Result } from 'autocannon';
import { percentile } from './stats.js';

export interface CannonRun {
  result: Result;
  /** Requests per second over the whole run. */
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Responses by status code. */
  statuses: Map<number, number>;
  /** CPU this process (autocannon runs in it) used meanwhile, in cores. */
  clientCores: number;
}

/** Runs autocannon and keeps every response time, so any percentile (p95 too) can be read. */
export async function cannon(opts: Options): Promise<CannonRun> {
  const times: number[] = [];
  const statuses = new Map<number, number>();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const instance = autocannon({ timeout: 10, ...opts });
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    times.push(ms);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  });
  const result = await instance;
  const used = process.cpuUsage(cpu);
  return {
    clientCores: (used.user + used.system) / 1000 / (performance.now() - started),
    result,
    rps: result.requests.total / (result.duration || 1),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    statuses,
  };
}

export const statusText = (m: Map<number, number>) => [...m].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ');
