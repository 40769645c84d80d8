// npm test: every test. Type check of each layer, ESLint, unused code (knip), unit and integration tests
// (Vitest), build, then browser journeys (Playwright, Chromium). Any finding of a step fails the run.
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensurePoppler } from './ensure-poppler.mjs';
import { startTempPostgres } from './temp-postgres.mjs';

const started = Date.now();
const step = (title, cmd, args, env = {}) => {
  console.log(`\n=== ${title} ===`);
  const t = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`\n${title}: falló (código ${r.status}).`);
    process.exit(r.status ?? 1);
  }
  console.log(`${title}: ${Math.round((Date.now() - t) / 1000)} s`);
};
const node = process.execPath;

// the deeds' tests read and verify PDFs with poppler (pdfsig, pdftotext, pdftoppm)
ensurePoppler();
// each layer with its own libraries: domain/ and resources/ without DOM or Node, server/ without DOM, src/ without Node
step('Comprobación de tipos por capa', node, ['scripts/typecheck.mjs']);
// typescript-eslint, the rules of hooks and the boundaries between layers and between pages (eslint.config.js)
step('ESLint', node, ['node_modules/eslint/bin/eslint.js', '--max-warnings', '0', '.']);
// unused files, exports, types and dependencies (knip.jsonc)
step('Código sin usar (knip)', node, ['node_modules/knip/bin/knip.js', '--no-progress']);
// The DATABASE_URL path is tested on a real PostgreSQL server when the machine has one.
const postgres = await startTempPostgres();
if (!postgres) console.log('(No hay PostgreSQL instalado: las pruebas de DATABASE_URL se omiten; instale el paquete postgresql.)');
try {
  step('Pruebas unitarias y de integración (Vitest)', node, ['node_modules/vitest/vitest.mjs', 'run'], postgres ? { TEST_DATABASE_URL: postgres.url } : {});
} finally {
  postgres?.stop();
}
step('Construcción del portal', node, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
const chromium = ensureChromium();
step('Pruebas en el navegador (Playwright, Chromium)', node, ['node_modules/@playwright/test/cli.js', 'test'], { CHROMIUM_PATH: chromium });
console.log(`\nTodas las pruebas pasaron en ${Math.round((Date.now() - started) / 1000)} s.`);
