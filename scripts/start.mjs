// npm start: builds the SPA if needed and the server bundle, then runs the server (database created, migrated and seeded on first start).
import { spawn, spawnSync } from 'node:child_process';
import { buildIfNeeded } from './build-if-needed.mjs';
import { serverArgs, serverEnv } from './server-command.mjs';

buildIfNeeded();
// The server bundle is built in a process of its own, as the SPA is: esbuild's synchronous API,
// called here, would keep its service (a Go process of ~260 MB resident) and a worker thread
// alive beside the server for as long as the server runs (this process waits for it).
const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
const server = spawn(process.execPath, serverArgs(), { stdio: 'inherit', env: serverEnv(process.env) });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
