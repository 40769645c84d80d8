// npm run dev: the server (restarting on change) plus Vite with hot reload, proxying the API to it.
import { spawn } from 'node:child_process';

const port = process.env.PORT || '8080';
const procs = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: port } }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--port', '5173'], {
    stdio: 'inherit',
    env: { ...process.env, VITE_PROXY_TARGET: `http://localhost:${port}` },
  }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
procs.forEach((p) => p.on('exit', stop));
