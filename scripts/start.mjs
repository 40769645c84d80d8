// npm start: builds the SPA if needed and the server bundle, then runs the server (database created, migrated and seeded on first start).
import { spawn } from 'node:child_process';
import { buildIfNeeded } from './build-if-needed.mjs';
import { buildServer, serverArgs, serverEnv } from './server-command.mjs';

buildIfNeeded();
buildServer();
const server = spawn(process.execPath, serverArgs(), { stdio: 'inherit', env: serverEnv(process.env) });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
