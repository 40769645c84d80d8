import type { Config } from './config.js';
import type { Db } from './db/db.js';
import type { Mailer } from './mail.js';
import type { Storage } from './storage/index.js';
import type { ServiciosConfig } from '../domain/resource.js';
import type { Firmas } from './escrituras/firma.js';
import type { EstadoCertificados } from './auth/acceso-certificado.js';

/** What every route module receives: settings, database, mail and log. */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** Uploaded files (server/storage/). */
  storage: Storage;
  log: (message: string) => void;
  /** The notaría's signing certificate for electronic copies (null: none, production without NOTARIA_P12_FILE). */
  firmas: Firmas;
  /** The gateway's public key (a JWT of role anon), as a hosted Supabase project has. */
  anonKey: string;
  /**
   * Services declarations served by the generic handler besides the registry's
   * (resources/index.ts): a test's fixture resource, registered at start.
   */
  extraResources?: readonly ServiciosConfig[];
  /** The certificate sign-in's run-time state (trust files, listener port), set by boot.ts. */
  certificados?: EstadoCertificados;
}
