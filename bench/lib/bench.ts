import type { Report, Target } from './report.js';

/** What each bench receives. */
export interface BenchContext {
  /** --quick: a smoke version of a few seconds. */
  quick: boolean;
  /** --vs=REV: a git revision to measure beside the working tree, run for run (benches that support it). */
  vs?: string;
  /** --routes=/a,/b: only these pages (lighthouse), to weigh a change on a few in less time. */
  routes?: string[];
  report: Report;
  /** Records a figure under this bench's name. */
  figure(name: string, value: number | null, unit: string, target?: Target, detail?: string): void;
  skip(reason: string): void;
  log(message: string): void;
}

export interface Bench {
  name: string;
  title: string;
  run(ctx: BenchContext): Promise<void>;
}

/** A feature the bench needs is not there yet: the bench reports 'skipped' instead of failing. */
export class Skip extends Error {}
