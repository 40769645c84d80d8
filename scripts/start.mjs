// npm start: builds the SPA if needed, then runs the server (database created, migrated and seeded on first start).
import { spawn } from 'node:child_process';
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
