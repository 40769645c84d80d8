// npm run typecheck: the type check of each layer with its own libraries (README, "The rules the
// tools enforce"): domain/ and resources/ without the DOM's or Node's types, server/ without the
// DOM, the portal without Node's, the tests, bench and scripts with both. Stops at the first layer
// with an error. tsconfig.json (every folder, DOM and Node) is the editors'.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const LAYERS = [
  ['domain', 'domain/ y resources/ (sin DOM ni Node)'],
  ['server', 'server/ y supabase/functions (Node, sin DOM)'],
  ['src', 'src/ y providers/ (DOM, sin Node)'],
  ['tools', 'tests/, bench/, scripts/ (DOM y Node)'],
];

export function typecheck() {
  for (const [layer, what] of LAYERS) {
    const started = Date.now();
    const r = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', `tsconfig.${layer}.json`, '--noEmit'], { cwd: ROOT, stdio: 'inherit' });
    console.log(`tsconfig.${layer}.json, ${what}: ${r.status === 0 ? 'sin errores' : 'con errores'} (${Math.round((Date.now() - started) / 1000)} s)`);
    if (r.status !== 0) return r.status ?? 1;
  }
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(typecheck());
