import os from 'node:os';
import { execFileSync } from 'node:child_process';

export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGb: number;
  node: string;
  os: string;
  date: string;
  /** 1-minute load average when the run started: the machine may be shared. */
  loadAverage: number;
  /** `chromium --version` of the browser the bundle and lighthouse benches drive. */
  chromium: string;
}

function chromiumVersion(): string {
  try {
    return execFileSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium', ['--version'], { encoding: 'utf8', timeout: 10_000 }).trim();
  } catch {
    return 'not found';
  }
}

export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    date: new Date().toISOString(),
    loadAverage: Math.round(os.loadavg()[0] * 100) / 100,
    chromium: chromiumVersion(),
  };
}
