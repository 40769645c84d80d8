// A throw-away PostgreSQL server for the tests of the DATABASE_URL path, when the machine has one
// installed (Debian's postgresql package). Returns null when it has none.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { freePort } from './free-port.mjs';
import { installDebianPackage } from './debian-package.mjs';

function findBin() {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs.readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(base, v, 'bin');
    if (fs.existsSync(path.join(bin, 'initdb')) && fs.existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

export async function startTempPostgres() {
  const bin = findBin();
  if (!bin) return null;
  // the gateway's GeoJSON is tested where PostGIS is: Debian's package for this server's version
  const version = path.basename(path.dirname(bin));
  if (!fs.existsSync(`/usr/share/postgresql/${version}/extension/postgis.control`)) {
    installDebianPackage(`postgresql-${version}-postgis-3`, `Instalando PostGIS para PostgreSQL ${version} (apt-get)...`, { noRecommends: true });
  }
  const isRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'notaria-pg-'));
  // initdb refuses to run as root: run the server as the postgres system user then.
  const asUser = (cmd) => (isRoot ? ['runuser', ['-u', 'postgres', '--', 'sh', '-c', cmd]] : ['sh', ['-c', cmd]]);
  if (isRoot) spawnSync('chown', ['postgres', dir]);
  const port = await freePort();
  const data = path.join(dir, 'data');
  const run = (cmd) => {
    const [c, a] = asUser(cmd);
    return spawnSync(c, a, { encoding: 'utf8' });
  };
  const init = run(`${bin}/initdb -D ${data} -A trust -U postgres`);
  if (init.status !== 0) return null;
  const start = run(`${bin}/pg_ctl -D ${data} -o "-p ${port} -k ${dir} -c listen_addresses=127.0.0.1" -l ${dir}/log -w start`);
  if (start.status !== 0) return null;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      run(`${bin}/pg_ctl -D ${data} -m immediate stop`);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
