import fs from 'node:fs';
import path from 'node:path';
import type { MachineInfo } from './machine.js';

export interface Target {
  text: string;
  ok(value: number): boolean;
}

export const atMost = (limit: number, unit: string): Target => ({ text: `≤ ${limit} ${unit}`, ok: (v) => v <= limit });
export const below = (limit: number, unit: string): Target => ({ text: `< ${limit} ${unit}`, ok: (v) => v < limit });
export const atLeast = (limit: number, unit: string): Target => ({ text: `≥ ${limit} ${unit}`, ok: (v) => v >= limit });

export interface Figure {
  bench: string;
  name: string;
  value: number | null;
  unit: string;
  /** null: printed for information, no target. */
  target: string | null;
  pass: boolean | null;
  detail?: string;
}

export interface Note {
  bench: string;
  kind: 'skipped' | 'failed';
  reason: string;
}

const fmt = (v: number | null) => (v === null || Number.isNaN(v) ? '—' : Number.isInteger(v) ? String(v) : v.toFixed(v < 10 ? 2 : 1));
const verdict = (f: Figure) => (f.pass === null ? 'info' : f.pass ? 'PASS' : 'FAIL');

/** Collects the figures of a run, prints each as it comes, and writes report.md / report.json. */
export class Report {
  readonly figures: Figure[] = [];
  readonly notes: Note[] = [];
  /** 1-minute load average when each bench started: figures from a busy machine are pessimistic. */
  readonly loadAtStart: Record<string, number> = {};

  constructor(
    readonly machine: MachineInfo,
    readonly mode: 'quick' | 'full',
  ) {}

  figure(bench: string, name: string, value: number | null, unit: string, target?: Target, detail?: string) {
    const pass = target && value !== null && !Number.isNaN(value) ? target.ok(value) : target ? false : null;
    const f: Figure = { bench, name, value, unit, target: target?.text ?? null, pass, ...(detail ? { detail } : {}) };
    this.figures.push(f);
    console.log(`  [${verdict(f)}] ${name}: ${fmt(value)} ${unit}${f.target ? `  (target ${f.target})` : ''}${detail ? `  — ${detail}` : ''}`);
  }

  skip(bench: string, reason: string) {
    this.notes.push({ bench, kind: 'skipped', reason });
    console.log(`  skipped: ${reason}`);
  }

  fail(bench: string, reason: string) {
    this.notes.push({ bench, kind: 'failed', reason });
    console.log(`  FAILED to measure: ${reason}`);
  }

  summary(): string {
    const rows = this.figures.map((f) => [f.bench, f.name, `${fmt(f.value)} ${f.unit}`, f.target ?? '', verdict(f)]);
    const head = ['bench', 'figure', 'value', 'target', 'result'];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i])).join('  ');
    const out = [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
    for (const n of this.notes) out.push(`${n.bench}: ${n.kind}: ${n.reason}`);
    const targets = this.figures.filter((f) => f.pass !== null);
    out.push(`${targets.filter((f) => f.pass).length}/${targets.length} targets met`);
    const busy = Object.entries(this.loadAtStart).filter(([, l]) => l > this.machine.cores);
    if (busy.length) out.push(`Warning: load average above ${this.machine.cores} cores when ${busy.map(([b, l]) => `${b} (${l})`).join(', ')} started: figures are pessimistic`);
    return out.join('\n');
  }

  write(dir: string) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'report.json'), JSON.stringify({ mode: this.mode, machine: this.machine, loadAtStart: this.loadAtStart, figures: this.figures, notes: this.notes }, null, 2));
    const m = this.machine;
    const esc = (s: string) => s.replace(/\|/g, '\\|');
    const md = [
      `# Benchmark report (${this.mode})`,
      '',
      `- Date: ${m.date}`,
      `- CPU: ${m.cpu} × ${m.cores} cores; memory ${m.memoryGb} GB; load average at start ${m.loadAverage}`,
      `- Node ${m.node} on ${m.os}; ${m.chromium}`,
      `- Load average when each bench started: ${Object.entries(this.loadAtStart).map(([b, l]) => `${b} ${l}`).join(', ')}` +
        (Object.values(this.loadAtStart).some((l) => l > m.cores) ? ' (busier than its cores: figures are pessimistic)' : ''),
      '',
      '| bench | figure | value | target | result | detail |',
      '|---|---|---|---|---|---|',
      ...this.figures.map(
        (f) => `| ${f.bench} | ${esc(f.name)} | ${fmt(f.value)} ${f.unit} | ${esc(f.target ?? '')} | ${verdict(f)} | ${esc(f.detail ?? '')} |`,
      ),
      '',
      ...this.notes.map((n) => `- **${n.bench}** ${n.kind}: ${esc(n.reason)}`),
      '',
    ].join('\n');
    fs.writeFileSync(path.join(dir, 'report.md'), md);
  }
}
