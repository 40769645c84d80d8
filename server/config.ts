import path from 'node:path';

/** Every setting of the server, read once from the environment (see .env.example). */
export interface Config {
  port: number;
  dataDir: string | null; // null = in memory (tests)
  databaseUrl: string | null;
  jwtSecret: string;
  adminDocuments: string[];
  smtpUrl: string | null;
  mailFrom: string;
  geonamesUsername: string | null;
  corsOrigins: string[];
  seedDemo: boolean;
  production: boolean;
  distDir: string;
  /** Caps on issuing sign-in PINs (counted in the database; see server/auth/pin-store.ts). */
  pinLimits: { perUserSeconds: number; perUserDay: number; perIpHour: number };
  /**
   * How many proxies in front of the server may be believed about the client's address
   * (X-Forwarded-For). 0: none, the socket's address is used (see callerAddress in server/auth/pins.ts).
   */
  trustProxy: number;
  /**
   * A large request body (over 64 KB, or chunked) must have arrived at bodyMinBytesPerSecond on
   * average once its first bodyGraceSeconds are over, else 408 (see fewLargeBodiesAtATime).
   */
  bodyGraceSeconds: number;
  bodyMinBytesPerSecond: number;
  /**
   * Seconds a statement may run: PostgreSQL's statement_timeout (DATABASE_URL), PGlite's watchdog
   * (which stops the embedded database and opens it again). Answered 503. Scripts are not limited.
   */
  dbStatementTimeoutSeconds: number;
  /**
   * DATABASE_URL: seconds to open a connection or wait for a pooled one, and to answer the check of
   * a server that has not answered for a second; past it the server counts as down (503 at once)
   * until it answers again.
   */
  dbConnectTimeoutSeconds: number;
}

/** A reason the server cannot start that the operator can fix: printed as it is, without a stack. */
export class StartupError extends Error {}

const DEV_SECRET = 'development-secret-not-for-production-use-0123456789';

/** TRUST_PROXY: 'true' is one proxy, a number is that many, anything else none. */
function trustedHops(value: string | undefined): number {
  const v = (value ?? '').trim().toLowerCase();
  if (v === 'true' || v === 'yes') return 1;
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** A positive number setting, or its default when unset or not a positive number. */
function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const production = env.NODE_ENV === 'production';
  const jwtSecret = env.JWT_SECRET || DEV_SECRET;
  if (production && jwtSecret === DEV_SECRET) {
    throw new StartupError('JWT_SECRET es obligatorio en producción (NODE_ENV=production): una clave larga y aleatoria.');
  }
  const list = (v: string | undefined) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return {
    port: Number(env.PORT || 8080),
    dataDir: env.DATA_DIR === ':memory:' ? null : path.resolve(env.DATA_DIR || '.data'),
    databaseUrl: env.DATABASE_URL || null,
    jwtSecret,
    adminDocuments: list(env.ADMIN_DOCUMENTS ?? '00000000T').map((d) => d.toUpperCase()),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Notaría <no-reply@notaria.example>',
    geonamesUsername: env.GEONAMES_USERNAME || null,
    corsOrigins: list(env.CORS_ORIGINS),
    seedDemo: env.SEED_DEMO !== 'false',
    production,
    distDir: path.resolve(env.DIST_DIR || 'dist'),
    pinLimits: {
      perUserSeconds: Number(env.PIN_INTERVAL_SECONDS || 60),
      perUserDay: Number(env.PIN_DAILY_LIMIT || 10),
      perIpHour: Number(env.PIN_IP_HOURLY_LIMIT || 30),
    },
    trustProxy: trustedHops(env.TRUST_PROXY),
    bodyGraceSeconds: positive(env.BODY_GRACE_SECONDS, 10),
    bodyMinBytesPerSecond: positive(env.BODY_MIN_BYTES_PER_SECOND, 16 * 1024),
    dbStatementTimeoutSeconds: positive(env.DB_STATEMENT_TIMEOUT_SECONDS, 10),
    dbConnectTimeoutSeconds: positive(env.DB_CONNECT_TIMEOUT_SECONDS, 3),
    ...overrides,
  };
}
