// Finds poppler's pdfsig and pdftotext (Debian's poppler-utils), which the tests of the deeds use as an
// independent reader and signature verifier; installs the package when root on Debian, as Chromium is.
import { spawnSync } from 'node:child_process';
import { installDebianPackage } from './debian-package.mjs';

const TOOLS = ['pdfsig', 'pdftotext', 'pdftoppm'];
const missing = () => TOOLS.filter((t) => spawnSync('sh', ['-c', `command -v ${t}`]).status !== 0);

export function ensurePoppler() {
  if (!missing().length) return;
  const notice = 'Faltan las herramientas de poppler (pdfsig, pdftotext): instalando el paquete poppler-utils de Debian (apt-get)...';
  installDebianPackage('poppler-utils', notice, { noRecommends: true });
  const left = missing();
  if (!left.length) return;
  console.error(
    `No se encontraron ${left.join(', ')} (poppler-utils), con las que las pruebas leen y verifican los PDF de las escrituras.\n` +
      'Instálelas con "apt-get install -y --no-install-recommends poppler-utils" (como root) o con el gestor de paquetes de su sistema.',
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) ensurePoppler();
