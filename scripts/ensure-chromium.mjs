// Finds Chromium for the browser tests: CHROMIUM_PATH, /usr/bin/chromium, or installs Debian's package when root.
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((p) => fs.existsSync(p)) ?? null;
}

export function ensureChromium() {
  let found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
  if (isRoot && hasApt) {
    console.log('Chromium no está instalado: instalando el paquete chromium de Debian (apt-get)...');
    const run = (cmd) => spawnSync('sh', ['-c', cmd], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status;
    if (run('apt-get install -y chromium') !== 0) {
      run('apt-get update');
      run('apt-get install -y chromium');
    }
    found = findChromium();
    if (found) return found;
  }
  console.error(
    'No se encontró Chromium para las pruebas del navegador.\n' +
      'Instálelo con "apt-get install -y chromium" (como root) o indique su ruta en CHROMIUM_PATH.',
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());
