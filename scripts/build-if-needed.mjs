// Builds the SPA when dist/ is missing or older than any of its sources.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const SOURCES = ['src', 'api', 'domain', 'providers', 'resources', 'scripts/vite-plugins.ts', 'index.html', 'formulario.html', 'vite.config.ts', 'package-lock.json'];

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((f) => newest(path.join(p, f))));
}

export function buildIfNeeded() {
  const built = fs.existsSync('dist/index.html') ? fs.statSync('dist/index.html').mtimeMs : 0;
  if (built && built >= Math.max(...SOURCES.map(newest))) return;
  console.log('Construyendo el portal (vite build)...');
  const r = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfNeeded();
