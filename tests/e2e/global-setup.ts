import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { buildServer, serverArgs, serverEnv } from '../../scripts/server-command.mjs';
import { freePort } from '../../scripts/free-port.mjs';

export const E2E_JWT_SECRET = 'e2e-test-secret-0123456789abcdef0123';


/** Starts the real server (built SPA, fresh embedded database in a temporary DATA_DIR) for the journeys. */
export default async function globalSetup() {
  buildServer();
  const port = await freePort();
  // the certificate sign-in listener (server/cert-login.ts); its test CA is written under DATA_DIR
  const certLoginPort = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notaria-e2e-'));
  fs.mkdirSync('test-results', { recursive: true });
  const log = fs.createWriteStream(path.resolve('test-results/e2e-server.log'), { flags: 'w' });
  const child = spawn(process.execPath, serverArgs(), {
    env: serverEnv({ ...process.env, PORT: String(port), DATA_DIR: dataDir, JWT_SECRET: E2E_JWT_SECRET, NODE_ENV: 'test',
      // every journey signs in from 127.0.0.1, often as the same demo user: PIN caps would refuse them
      PIN_INTERVAL_SECONDS: '0', PIN_DAILY_LIMIT: '100000', PIN_IP_HOURLY_LIMIT: '100000',
      // blocked personal data destroyed at once (privacidad.spec.ts); nothing else is ever blocked
      RETENCION_FICHAS_DIAS: '0', RETENCION_CITAS_DIAS: '0', RETENCION_INTERVALO_SEGUNDOS: '2',
      // the journeys sign staff and admin in with the PIN alone; tests/e2e/llaves.spec.ts starts its own server with 'obligatorio'
      SEGUNDO_FACTOR_OFICINA: process.env.SEGUNDO_FACTOR_OFICINA ?? 'opcional',
      CERT_LOGIN_PORT: String(certLoginPort) }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`El servidor terminó (código ${child.exitCode}); vea test-results/e2e-server.log`);
    try {
      const res = await fetch(`${url}/nt/demo/v1/servicios/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('El servidor no arrancó en 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  process.env.PORTAL_URL = url;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_CERT_LOGIN_PORT = String(certLoginPort);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
