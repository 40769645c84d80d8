import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { TIPOS_DOCUMENTO, normalizeIdentifier, type TipoDocumento } from '../domain/identifiers.js';
import { storageSettings, type StorageSettings } from './storage/index.js';

/** Every setting of the server, read once from the environment (see .env.example). */
export interface Config {
  port: number;
  /** Address the server listens on: 127.0.0.1 unless HOST says otherwise. */
  host: string;
  dataDir: string | null; // null = in memory (tests)
  databaseUrl: string | null;
  jwtSecret: string;
  /**
   * Accounts granted the admin role, as canonical 'TIPO:NUMERO' (e.g. 'NIF:00000000T'): only the
   * account whose document type and number both match. Empty in production unless ADMIN_DOCUMENTS.
   */
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
   * Shared with the auth-proxy function (AUTH_PROXY_SECRET): a request carrying it may name the
   * caller's address in X-Portal-Client-Address. Random per process when unset, so only the
   * in-process function knows it.
   */
  authProxySecret: string;
  /** Bounds of uploaded documents (see server/services/documentos.ts). */
  documentos: LimitesDocumentos;
  /** Messages one account may write in one case's conversation a minute (MENSAJES_POR_MINUTO). */
  mensajesPorMinuto: number;
  /** Minutes between two unread-message e-mails of one case to one side (AVISO_MENSAJES_MINUTOS). */
  avisoMensajesMinutos: number;
  /** Future appointments one persona may hold (CITAS_FUTURAS_POR_PERSONA). */
  citasFuturasPorPersona: number;
  /** The PKCS#12 that signs electronic copies of every notaría without one of its own, and its password (NOTARIA_P12_FILE, NOTARIA_P12_PASSWORD). */
  notariaP12File: string | null;
  notariaP12Password: string;
  /** A notaría's own PKCS#12 by its sign-in id (NOTARIA_P12_FILE_NOT001, NOTARIA_P12_PASSWORD_NOT001). */
  notariaP12PorNotaria: Record<string, { file: string; password: string }>;
  /** The portal's public address (PUBLIC_URL): the verification URL of a copy's QR, where a certificate sign-in returns; unset: the request's or server's own. */
  publicUrl: string | null;
  /** Public CSV look-ups one address may make in an hour (VERIFICACIONES_POR_HORA). */
  verificacionesPorHora: number;
  /** Future appointments one booking account may hold, whoever they are for (CITAS_FUTURAS_POR_CUENTA). */
  citasFuturasPorCuenta: number;
  /** Life of an access token in seconds (ACCESS_TOKEN_SECONDS, at most 15 minutes; shorter in tests of the refresh). */
  accessTokenSeconds: number;
  /** Open event streams (GET /eventos) one account may hold at once: one per tab of the portal. */
  eventosPorUsuario: number;
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
  /** Where uploaded files live (STORAGE_DIR, STORAGE_S3_*; see server/storage/). */
  storage: StorageSettings;
  /**
   * SEGUNDO_FACTOR_OFICINA: 'obligatorio' (default) gives staff and admin rights only to a session
   * that proved a passkey or a certificate; 'opcional' (development and tests only) gives them
   * after the PIN alone. Refused with NODE_ENV=production.
   */
  segundoFactorOficina: 'obligatorio' | 'opcional';
  /** Passkeys (server/auth/passkeys.ts): WEBAUTHN_RP_ID, WEBAUTHN_ORIGIN, WEBAUTHN_RP_NAME; unset = the request's Host (development). */
  webauthn: WebauthnSettings;
  /** Certificate sign-in and linking (server/auth/certificados.ts, server/cert-login.ts; README). */
  certCaFile: string | null;
  certCrlFile: string | null;
  /** Port of the HTTPS listener that asks for a client certificate; null = off; 0 = any free port (tests). */
  certLoginPort: number | null;
  /** The listener's public address when a proxy serves it elsewhere (CERT_LOGIN_URL). */
  certLoginUrl: string | null;
  tlsCertFile: string | null;
  tlsKeyFile: string | null;
  /** Shared with a TLS-terminating proxy that passes the client certificate in X-Client-Cert. */
  certProxySecret: string | null;
  /** What one /rest/v1 request may cost (see server/gateway/limits.ts) and which schemas it may name. */
  gateway: GatewaySettings;
  /** Personal data (server/services/privacidad-*.ts): how long blocked data is kept, per kind, and identity images. */
  privacidad: PrivacidadSettings;
}

/** Days, per kind of data, that blocked data (an accepted erasure, LOPDGDD art. 32) is kept before it is destroyed. */
export interface PrivacidadSettings {
  /** Personas, their privilegios and links (RETENCION_FICHAS_DIAS; 10 years: Ley 10/2010 art. 25). */
  retencionFichasDias: number;
  /** Appointments (RETENCION_CITAS_DIAS; 3 years: the limitation of data-protection infringements, LOPDGDD art. 78). */
  retencionCitasDias: number;
  /** How often the retention job runs (RETENCION_INTERVALO_SEGUNDOS). */
  intervaloSegundos: number;
  /** Days identity-document images are kept after the identity was verified or every case of their person finished (DOCUMENTOS_IDENTIDAD_DIAS). */
  documentosIdentidadDias: number;
}

export interface WebauthnSettings {
  /** The relying party's id: the portal's domain name (e.g. notaria.example), null = the request's host. */
  rpId: string | null;
  /** The origins the browser may answer from (e.g. https://notaria.example); empty = the request's own. */
  origins: string[];
  /** Shown by the browser when it asks for the passkey. */
  rpName: string;
}

export interface LimitesDocumentos {
  /** Bytes a client account may hold in documents it uploaded (CUOTA_CUENTA_MB). */
  cuotaCuentaBytes: number;
  /** Bytes one case, or one persona's documents, may hold (CUOTA_DOCUMENTOS_MB). */
  cuotaDuenoBytes: number;
  /** Uploads one account may make a minute (SUBIDAS_POR_MINUTO). */
  subidasPorMinuto: number;
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
  /** `Accept: application/vnd.pgrst.plan` answers the read's plan (PostgREST's db-plan-enabled). */
  plan: boolean;
}

/** A reason the server cannot start that the operator can fix: printed as it is, without a stack. */
export class StartupError extends Error {}

const DEV_SECRET = 'development-secret-not-for-production-use-0123456789';
/** The placeholder of .env.example: as public as the development secret. */
const EXAMPLE_SECRET = 'change-me-in-production-at-least-32-characters';

/** Development default of ADMIN_DOCUMENTS: the seeded demo admin. */
export const DEV_ADMIN_DOCUMENTS = 'NIF:00000000T';

/** True for addresses only this machine can reach (127.0.0.0/8, ::1, localhost). */
export function isLoopback(address: string | null | undefined): boolean {
  const a = (address ?? '').trim().toLowerCase().replace(/^\[|\]$/g, '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  return a === 'localhost' || a === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

/**
 * ADMIN_DOCUMENTS: comma-separated 'TIPO:NUMERO' entries. A bare number is refused: matching on
 * the number alone let anyone register that number as another document type and be admin.
 */
export function parseAdminDocuments(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const m = /^([A-Za-z]+)\s*:\s*(.+)$/.exec(entry);
      const tipo = m?.[1].toUpperCase() === 'DNI' ? 'NIF' : m?.[1].toUpperCase();
      const numero = m ? normalizeIdentifier(m[2]) : '';
      if (!m || !TIPOS_DOCUMENTO.includes(tipo as TipoDocumento) || !/^[A-Z0-9]{1,20}$/.test(numero)) {
        throw new StartupError(
          `ADMIN_DOCUMENTS no válido ("${entry.slice(0, 40)}"): cada entrada es TIPO:NUMERO con TIPO NIF, NIE o PASAPORTE, p. ej. ADMIN_DOCUMENTS=NIF:00000000T.`,
        );
      }
      return `${tipo}:${numero}`;
    });
}

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

/** A positive whole-number setting, or its default. */
const positiveInt = (value: string | undefined, fallback: number) => {
  const n = positive(value, fallback);
  return Number.isInteger(n) ? n : fallback;
};

/** A whole number of zero or more, or its default (0 days: destroyed at the next run). */
const nonNegativeInt = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n >= 0 ? n : fallback;
};
/** Development listens for certificate sign-in at 8443 unless CERT_LOGIN_PORT says otherwise; production and tests only when set. */
export const DEV_CERT_LOGIN_PORT = 8443;

function certificadoSettings(env: NodeJS.ProcessEnv, production: boolean) {
  const port = (env.CERT_LOGIN_PORT ?? '').trim().toLowerCase();
  const certLoginPort = port === 'off' || port === 'no' ? null
    : port && Number.isInteger(Number(port)) && Number(port) >= 0 ? Number(port)
    : !production && env.NODE_ENV !== 'test' ? DEV_CERT_LOGIN_PORT : null;
  const file = (v: string | undefined) => (v?.trim() ? path.resolve(v.trim()) : null);
  return {
    certCaFile: file(env.CERT_CA_FILE),
    certCrlFile: file(env.CERT_CRL_FILE),
    certLoginPort,
    certLoginUrl: env.CERT_LOGIN_URL?.trim().replace(/\/+$/, '') || null,
    tlsCertFile: file(env.TLS_CERT_FILE),
    tlsKeyFile: file(env.TLS_KEY_FILE),
    certProxySecret: env.CERT_PROXY_SECRET?.trim() || null,
    publicUrl: env.PUBLIC_URL?.trim().replace(/\/+$/, '') || null,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const production = overrides.production ?? env.NODE_ENV === 'production';
  const jwtSecret = overrides.jwtSecret ?? (env.JWT_SECRET || DEV_SECRET);
  const publicSecret = jwtSecret === DEV_SECRET || jwtSecret === EXAMPLE_SECRET || jwtSecret.length < 32;
  if (production && (jwtSecret === DEV_SECRET || jwtSecret === EXAMPLE_SECRET)) {
    throw new StartupError('JWT_SECRET es obligatorio en producción (NODE_ENV=production): una clave larga y aleatoria.');
  }
  const host = overrides.host ?? (env.HOST?.trim() || '127.0.0.1');
  // the development secret is public: whoever reaches the port could sign an admin token
  if (!isLoopback(host) && publicSecret) {
    throw new StartupError(
      `HOST=${host} expone el portal a la red y exige un JWT_SECRET propio (al menos 32 caracteres aleatorios, distinto del de desarrollo y del de .env.example).`,
    );
  }
  const list = (v: string | undefined) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const segundoFactor = (env.SEGUNDO_FACTOR_OFICINA ?? '').trim().toLowerCase() || 'obligatorio';
  if (segundoFactor !== 'obligatorio' && segundoFactor !== 'opcional') {
    throw new StartupError(`SEGUNDO_FACTOR_OFICINA no válido ("${segundoFactor.slice(0, 20)}"): obligatorio u opcional.`);
  }
  const segundoFactorOficina = overrides.segundoFactorOficina ?? segundoFactor;
  if (production && segundoFactorOficina === 'opcional') {
    throw new StartupError('SEGUNDO_FACTOR_OFICINA=opcional no se admite en producción (NODE_ENV=production): el personal y el administrador necesitan llave de acceso o certificado.');
  }
  const dataDir = 'dataDir' in overrides ? (overrides.dataDir ?? null) : env.DATA_DIR === ':memory:' ? null : path.resolve(env.DATA_DIR || '.data');
  return {
    port: Number(env.PORT || 8080),
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    jwtSecret,
    // production names no admin by default: the first stranger to register the demo document would be one
    adminDocuments: parseAdminDocuments(env.ADMIN_DOCUMENTS ?? (production ? '' : DEV_ADMIN_DOCUMENTS)),
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
    authProxySecret: env.AUTH_PROXY_SECRET || randomBytes(32).toString('base64url'),
    citasFuturasPorPersona: positiveInt(env.CITAS_FUTURAS_POR_PERSONA, 3),
    notariaP12File: env.NOTARIA_P12_FILE || null,
    notariaP12Password: env.NOTARIA_P12_PASSWORD ?? '',
    notariaP12PorNotaria: Object.fromEntries(
      Object.entries(env)
        .filter(([k, v]) => k.startsWith('NOTARIA_P12_FILE_') && v)
        .map(([k, file]) => {
          const notaria = k.slice('NOTARIA_P12_FILE_'.length);
          return [notaria, { file: file!, password: env[`NOTARIA_P12_PASSWORD_${notaria}`] ?? '' }];
        }),
    ),
    verificacionesPorHora: positiveInt(env.VERIFICACIONES_POR_HORA, 60),
    mensajesPorMinuto: positiveInt(env.MENSAJES_POR_MINUTO, 10),
    documentos: {
      cuotaCuentaBytes: positiveInt(env.CUOTA_CUENTA_MB, 200) * 1024 * 1024,
      cuotaDuenoBytes: positiveInt(env.CUOTA_DOCUMENTOS_MB, 100) * 1024 * 1024,
      subidasPorMinuto: positiveInt(env.SUBIDAS_POR_MINUTO, 10),
    },
    avisoMensajesMinutos: positiveInt(env.AVISO_MENSAJES_MINUTOS, 60),
    citasFuturasPorCuenta: positiveInt(env.CITAS_FUTURAS_POR_CUENTA, 10),
    accessTokenSeconds: Math.min(15 * 60, positiveInt(env.ACCESS_TOKEN_SECONDS, 15 * 60)),
    eventosPorUsuario: positiveInt(env.EVENTOS_POR_USUARIO, 6),
    bodyGraceSeconds: positive(env.BODY_GRACE_SECONDS, 10),
    bodyMinBytesPerSecond: positive(env.BODY_MIN_BYTES_PER_SECOND, 16 * 1024),
    dbStatementTimeoutSeconds: positive(env.DB_STATEMENT_TIMEOUT_SECONDS, 10),
    dbConnectTimeoutSeconds: positive(env.DB_CONNECT_TIMEOUT_SECONDS, 3),
    storage: storageSettings(env, dataDir),
    segundoFactorOficina,
    webauthn: {
      rpId: env.WEBAUTHN_RP_ID?.trim() || null,
      origins: list(env.WEBAUTHN_ORIGIN),
      rpName: env.WEBAUTHN_RP_NAME?.trim() || 'Portal de la notaría',
    },
    ...certificadoSettings(env, production),
    gateway: {
      maxRows: positiveInt(env.GATEWAY_MAX_ROWS, 1000),
      maxEmbedDepth: positiveInt(env.GATEWAY_MAX_EMBED_DEPTH, 6),
      maxEmbeddedRows: positiveInt(env.GATEWAY_MAX_EMBEDDED_ROWS, 50_000),
      maxAnswerBytes: positiveInt(env.GATEWAY_MAX_ANSWER_BYTES, 20_000_000),
      schemas: list(env.GATEWAY_SCHEMAS ?? 'public'),
      plan: env.GATEWAY_PLAN === 'true',
    },
    privacidad: {
      retencionFichasDias: nonNegativeInt(env.RETENCION_FICHAS_DIAS, 3650),
      retencionCitasDias: nonNegativeInt(env.RETENCION_CITAS_DIAS, 1095),
      intervaloSegundos: positiveInt(env.RETENCION_INTERVALO_SEGUNDOS, 3600),
      documentosIdentidadDias: nonNegativeInt(env.DOCUMENTOS_IDENTIDAD_DIAS, 30),
    },
    ...overrides,
  };
}
