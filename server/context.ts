import type { Config } from './config.js';
import type { Db } from './db/db.js';
import type { Mailer } from './mail.js';

/** What every route module receives: settings, database, mail and log. */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  log: (message: string) => void;
  /** The gateway's public key (a JWT of role anon), as a hosted Supabase project has. */
  anonKey: string;
}
