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
  /** What one /rest/v1 request may cost (see server/gateway/limits.ts) and which schemas it may name. */
  gateway: GatewaySettings;
}

export interface GatewaySettings {
  /** Rows a read answers at most, at the top level and per parent in each embed (PostgREST's db-max-rows). */
  maxRows: number;
  /** Embeds nested in one another. */
  maxEmbedDepth: number;
  /** Rows all the embeds of one read may produce together, counted before the read runs. */
  maxEmbeddedRows: number;
  /** Bytes of the rows one read may put into its answer, counted before it runs. */
  maxAnswerBytes: number;
  /** Schemas Accept-Profile / Content-Profile may name (PostgREST's db-schemas); the first is the default. */
  schemas: string[];
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

/** A positive integer setting, or its default. */
function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : fallback;
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
    gateway: {
      maxRows: positive(env.GATEWAY_MAX_ROWS, 1000),
      maxEmbedDepth: positive(env.GATEWAY_MAX_EMBED_DEPTH, 6),
      maxEmbeddedRows: positive(env.GATEWAY_MAX_EMBEDDED_ROWS, 50_000),
      maxAnswerBytes: positive(env.GATEWAY_MAX_ANSWER_BYTES, 20_000_000),
      schemas: list(env.GATEWAY_SCHEMAS ?? 'public'),
    },
    ...overrides,
  };
}
