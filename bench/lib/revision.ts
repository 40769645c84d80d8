/**
 * A git revision checked out beside the working tree, for `--vs=REV`: a temporary worktree that
 * shares node_modules, in which a bench builds what it compares (the SPA, the server bundle).
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { REPO_ROOT, tempDir } from './server.js';

export interface Revision {
  rev: string;
  /** The worktree's folder. */
  dir: string;
  /** Runs `node <args>` in the worktree; throws with `what` if it fails. */
  node(what: string, ...args: string[]): void;
  remove(): void;
}

export function checkoutRevision(rev: string): Revision {
  const dir = tempDir('notaria-vs-');
  const git = (...args: string[]) => {
    const r = spawnSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr.trim()}`);
  };
  fs.rmSync(dir, { recursive: true, force: true });
  git('worktree', 'add', '--detach', dir, rev);
  const remove = () => spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: REPO_ROOT });
  try {
    fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  } catch (e) {
    remove();
    throw e;
  }
  return {
    rev,
    dir,
    node(what, ...args) {
      const r = spawnSync(process.execPath, args, { cwd: dir, stdio: 'inherit' });
      if (r.status !== 0) throw new Error(`${what} of ${rev} failed`);
    },
    remove,
  };
}
