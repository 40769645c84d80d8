// Installs a Debian package when a tool the project runs is missing: only as root, with apt-get.
import { spawnSync } from 'node:child_process';

/**
 * Installs `name` with apt-get (after an apt-get update if the first try fails), saying so first
 * with `notice`; false when it cannot (not root, no apt-get) or the install failed. `noRecommends`:
 * only the package and what it depends on.
 */
export function installDebianPackage(name, notice, { noRecommends = false } = {}) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
  if (!isRoot || !hasApt) return false;
  console.log(notice);
  const run = (cmd) => spawnSync('sh', ['-c', cmd], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status;
  if (run(`apt-get install -y ${noRecommends ? '--no-install-recommends ' : ''}${name}`) === 0) return true;
  run('apt-get update');
  return run(`apt-get install -y ${noRecommends ? '--no-install-recommends ' : ''}${name}`) === 0;
}
