/**
 * 4. Start: spawn `node --import tsx server/main.ts` and time until GET /health answers 200.
 * First start on an empty DATA_DIR (create, migrate, seed) < 10 s; restart on it < 2 s.
 * Figures are the median of several starts (all values in the detail): the machine is shared.
 * Also the idle server's resident memory 10 s after each start: a first start migrates and seeds,
 * and the embedded database's memory once grew by ~450 MB there and never shrank (≤ 300 MB).
 * Then the same as a user runs it, package.json's `start` script in a shell, in development mode (it
 * builds what is missing, then the shell becomes the server): every process it leaves running,
 * summed (npm's own, which a user also has, is not counted).
 */
import type { Bench } from './lib/bench.js';
import { below } from './lib/report.js';
import { startServer } from './lib/server.js';
import { median, round, sleep } from './lib/stats.js';

const seconds = (ms: number[]) => ms.map((m) => `${round(m / 1000, 2)} s`).join(', ');

export const startup: Bench = {
  name: 'startup',
  title: 'time to first healthy answer',
  async run(ctx) {
    const firstRuns = ctx.quick ? 1 : 3;
    const restartsPerDir = ctx.quick ? 2 : 3;
    const first: number[] = [];
    const restarts: number[] = [];
    const firstRss: number[] = [];
    const restartRss: number[] = [];
    const idleRss = async (s: { rssMb(): number | null }) => {
      await sleep(10_000);
      return s.rssMb() ?? NaN;
    };
    for (let i = 0; i < firstRuns; i++) {
      const s = await startServer({ name: 'startup', empty: true });
      first.push(s.readyMs);
      if (i === 0) firstRss.push(await idleRss(s));
      await s.stop();
      for (let j = 0; j < restartsPerDir; j++) {
        const r = await startServer({ name: 'startup', dataDir: s.dataDir });
        restarts.push(r.readyMs);
        if (i === 0 && j === 0) restartRss.push(await idleRss(r));
        await r.stop();
      }
    }
    ctx.figure('first start, empty DATA_DIR (create, migrate, seed)', round(median(first) / 1000, 2), 's', below(10, 's'),
      `median of ${first.length}: ${seconds(first)}`);
    ctx.figure('restart on the same DATA_DIR', round(median(restarts) / 1000, 2), 's', below(2, 's'),
      `median of ${restarts.length}: ${seconds(restarts)}`);
    ctx.figure('idle server RSS 10 s after a first start', round(median(firstRss), 1), 'MB', below(300, 'MB'));
    ctx.figure('idle server RSS 10 s after a restart', round(median(restartRss), 1), 'MB', below(300, 'MB'));

    // npm start's own process stays beside the server while it runs: what it holds counts too (a
    // first start once left esbuild's service, ~260 MB, running there for the server's lifetime);
    // it builds the SPA first when dist/ is older than its sources, as on a fresh clone
    const npmStart = async (dataDir?: string) => {
      const s = await startServer({ name: 'startup-npm-start', npmStart: true, timeoutMs: 600_000, ...(dataDir ? { dataDir } : { empty: true }) });
      await sleep(10_000);
      const processes = s.processes();
      await s.stop();
      return { dataDir: s.dataDir, processes, mb: processes.reduce((a, p) => a + p.mb, 0) };
    };
    const list = (ps: { command: string; mb: number }[]) => ps.map((p) => `${p.command.slice(0, 60)} ${round(p.mb, 1)} MB`).join('; ');
    const firstNpm = await npmStart();
    ctx.figure('npm start: idle processes RSS 10 s after a first start', round(firstNpm.mb, 1), 'MB', below(300, 'MB'), list(firstNpm.processes));
    const againNpm = await npmStart(firstNpm.dataDir);
    ctx.figure('npm start: idle processes RSS 10 s after a restart', round(againNpm.mb, 1), 'MB', below(300, 'MB'), list(againNpm.processes));
  },
};
