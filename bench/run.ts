/**
 * `npm run bench [-- --quick] [-- --only=name[,name]] [-- --vs=REV] [-- --routes=/a,/b]`: the quality bars of issue 8;
 * --vs measures git revision REV beside the working tree, run for run (lighthouse, throughput).
 * Runs each bench in order, prints every figure, and writes bench/results/report.{md,json}.
 * Exits 0 even when a target is missed: these are measurements, not tests.
 */
import os from 'node:os';
import { machineInfo } from './lib/machine.js';
import { Report } from './lib/report.js';
import { Skip, type Bench, type BenchContext } from './lib/bench.js';
import { cleanup, RESULTS_DIR } from './lib/server.js';
import { bundle } from './bundle.js';
import { throughput } from './throughput.js';
import { scale } from './scale.js';
import { startup } from './startup.js';
import { load } from './load.js';
import { crash } from './crash.js';
import { lighthouseBench } from './lighthouse.js';
import { escrituras } from './escrituras.js';

const benches: Bench[] = [bundle, lighthouseBench, throughput, scale, startup, load, crash, escrituras];

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const vs = args.find((a) => a.startsWith('--vs='))?.slice('--vs='.length) || undefined;
const routes = args.find((a) => a.startsWith('--routes='))?.slice('--routes='.length).split(',').filter(Boolean);
const unknown = only?.filter((n) => !benches.some((b) => b.name === n)) ?? [];
if (unknown.length) {
  console.error(`Unknown bench: ${unknown.join(', ')}. Benches: ${benches.map((b) => b.name).join(', ')}`);
  process.exit(2);
}

const machine = machineInfo();
const report = new Report(machine, quick ? 'quick' : 'full');
console.log(`Benchmarks (${quick ? 'quick' : 'full'}) on ${machine.cpu} × ${machine.cores}, ${machine.memoryGb} GB, Node ${machine.node}, ${machine.chromium}, load ${machine.loadAverage}${vs ? `; beside ${vs}` : ''}`);

let interrupted = false;
process.on('SIGINT', () => {
  interrupted = true;
  console.log('\ninterrupted: stopping servers');
  void cleanup({ all: true }).then(() => process.exit(130));
});

for (const bench of benches.filter((b) => !only || only.includes(b.name))) {
  if (interrupted) break;
  const loadNow = Math.round(os.loadavg()[0] * 100) / 100;
  report.loadAtStart[bench.name] = loadNow;
  console.log(`\n== ${bench.name}: ${bench.title}  (load average ${loadNow})`);
  const started = Date.now();
  const ctx: BenchContext = {
    quick,
    vs,
    routes,
    report,
    figure: (name, value, unit, target, detail) => report.figure(bench.name, name, value, unit, target, detail),
    skip: (reason) => report.skip(bench.name, reason),
    log: (m) => console.log(`  ${m}`),
  };
  try {
    await bench.run(ctx);
  } catch (e) {
    if (e instanceof Skip) report.skip(bench.name, e.message);
    else report.fail(bench.name, e instanceof Error ? (e.stack ?? e.message) : String(e));
  } finally {
    await cleanup(); // each bench starts from its own servers and data
  }
  console.log(`  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

await cleanup({ all: true });
report.write(RESULTS_DIR);
console.log(`\n== Summary (${quick ? 'quick' : 'full'})\n${report.summary()}`);
console.log(`\nReport: bench/results/report.md, bench/results/report.json`);
process.exit(0);
