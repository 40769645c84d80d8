// Finds Chromium for the browser tests: CHROMIUM_PATH, /usr/bin/chromium, or installs Debian's package when root.
import fs from 'node:fs';
import { installDebianPackage } from './debian-package.mjs';

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((p) => fs.existsSync(p)) ?? null;
}

export function ensureChromium() {
  let found = findChromium();
  if (found) return found;
  const notice = 'Chromium no está instalado: instalando el paquete chromium de Debian (apt-get)...';
  if (installDebianPackage('chromium', notice)) found = findChromium();
  if (found) return found;
  console.error(
    'No se encontró Chromium para las pruebas del navegador.\n' +
      'Instálelo con "apt-get install -y chromium" (como root) o indique su ruta en CHROMIUM_PATH.',
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());
