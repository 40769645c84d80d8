/**
 * 4. Start: spawn `node --import tsx server/main.ts` and time until GET /health answers 200.
 * First start on an empty DATA_DIR (create, migrate, seed) < 10 s; restart on it < 2 s.
 * Figures are the median of several starts (all values in the detail): the machine is shared.
 * Also the idle server's resident memory 10 s after each start: a first start migrates and seeds,
 * and the embedded database's memory once grew by ~450 MB there and never shrank (≤ 300 MB).
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
  },
};
