// npm start, first half: builds the SPA if needed and the server bundle (the database is created,
// migrated and seeded by the server on its first start). The second half, in package.json, runs
// the server in npm start's own shell (`exec env $(node scripts/server-command.mjs)`): no Node
// process of ours waits beside it.
import { spawnSync } from 'node:child_process';
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
// The server bundle is built in a process of its own, as the SPA is: esbuild's synchronous API
// keeps its service (a Go process of ~260 MB resident) and a worker thread alive in the process
// that called it.
const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
