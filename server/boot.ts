import type { AddressInfo } from 'node:net';
import { cargarFirmas } from './escrituras/firma.js';
import { StartupError, loadConfig, type Config } from './config.js';
import { openDb, type Db } from './db/db.js';
import { migrate } from './db/migrate.js';
import { startAutovacuum } from './db/autovacuum.js';
import { createMailer } from './mail.js';
import { startNotificaciones } from './notificaciones/index.js';
import { startAvisosMensajes } from './avisos-mensajes.js';
import { signAnonKey } from './auth/jwt.js';
import { syncAdminRoles } from './auth/roles.js';
import { createHttpServer } from './http-server.js';
import { hostPermitido } from './host-permitido.js';
import { createStorage } from './storage/index.js';
import { barrerAlArrancar, startBarridoArchivos } from './storage/barrido.js';
import { startRetencion } from './services/privacidad-retencion.js';
import { ASSET_HEADERS, securityHeaderValues } from './security.js';
import type { createApp } from './app.js';
import type { AppContext } from './context.js';
import { estadoInicial } from './auth/acceso-certificado.js';
import { startCertLogin, type CertLogin } from './cert-login.js';

export interface RunningServer {
  url: string;
  port: number;
  ctx: AppContext;
  app: ReturnType<typeof createApp>['app'];
  applied: string[];
  /** The certificate sign-in listener (server/cert-login.ts): its port (null when off) and development's generated files. */
  certLogin: CertLogin;
  close(): Promise<void>;
}

/** Opens the database, migrates (and seeds) it, and serves the app. Used by main.ts and the tests. */
export async function startServer(
  overrides: Partial<Config> = {},
  opts: { db?: Db; log?: (m: string) => void; extraResources?: AppContext['extraResources'] } = {},
): Promise<RunningServer> {
  const config = loadConfig(process.env, overrides);
  const log = opts.log ?? ((m: string) => console.log(m));
  // The database opens (PGlite compiles its wasm off the main thread) while the routes load.
  const [db, { createApp }] = await Promise.all([opts.db ?? openDb(config), import('./app.js')]);
  const applied = await migrate(db, { seed: config.seedDemo });
  // A first start's migrations and seed grow the embedded database's memory to ~680 MB resident,
  // which it never gives back (229 MB after a restart): it opens again in a fresh thread.
  if (applied.length) await db.renew?.();
  await syncAdminRoles(db, config.adminDocuments);
  // read by the database's own rules on appointments (0010_citas_por_persona.sql, 0050_citas_titular_y_cuenta.sql)
  await db.query(
    `insert into servicios.ajustes (clave, valor) values ('citas_futuras_por_persona', to_jsonb($1::int)), ('citas_futuras_por_cuenta', to_jsonb($2::int))
     on conflict (clave) do update set valor = excluded.valor`,
    [config.citasFuturasPorPersona, config.citasFuturasPorCuenta],
  );
  // PostgreSQL vacuums by itself; the embedded database needs the server to do it
  const autovacuum = db.kind === 'pglite' ? await startAutovacuum(db, log) : null;
  const ctx: AppContext = {
    config,
    db,
    log,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, log, production: config.production }),
    anonKey: await signAnonKey(config.jwtSecret),
    storage: createStorage(config.storage),
    firmas: cargarFirmas({ p12File: config.notariaP12File, p12Password: config.notariaP12Password, porNotaria: config.notariaP12PorNotaria, production: config.production }),
    extraResources: opts.extraResources,
  };
  ctx.certificados = estadoInicial(ctx);
  const { app, direct, eventos } = createApp(ctx);
  // appointment e-mails (booked, moved, cancelled) queued by the database
  const avisos = startNotificaciones(db, ctx.mailer, log);
  // files whose row never committed (a crash between the two) or whose row is gone
  await barrerAlArrancar(db, ctx.storage, log);
  const barrido = startBarridoArchivos(db, ctx.storage, log);
  // blocked personal data past its legal period destroyed, and recorded (LOPDGDD art. 32)
  const retencion = startRetencion(db, config.privacidad, ctx.storage, log);
  // a conversation's message unread for 10 minutes is e-mailed to the other side
  const avisosMensajes = startAvisosMensajes(db, log, config.avisoMensajesMinutos);
  const { server, stop } = createHttpServer(app.fetch, config.host, await securityHeaderValues(config), direct, ASSET_HEADERS, hostPermitido(config));
  try {
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(config.port, config.host, resolve));
  } catch (e) {
    await avisos.stop();
    await barrido.stop();
    await retencion.stop();
    await avisosMensajes.stop();
    await autovacuum?.stop();
    await db.close();
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new StartupError(`El puerto ${config.port} ya está en uso: detén el programa que lo ocupa o elige otro PORT.`);
    if (code === 'EADDRNOTAVAIL') throw new StartupError(`HOST=${config.host} no es una dirección de esta máquina: use 127.0.0.1 (solo esta máquina) o 0.0.0.0 (toda la red).`);
    if (code === 'EACCES') throw new StartupError(`Este usuario no puede abrir el puerto ${config.port}: elige otro PORT (de 1024 en adelante).`);
    throw e;
  }
  const port = (server.address() as AddressInfo).port;
  let certLogin: CertLogin;
  try {
    certLogin = await startCertLogin(ctx, config.publicUrl ?? `http://localhost:${port}`, log);
  } catch (e) {
    await stop();
    await avisos.stop();
    await barrido.stop();
    await avisosMensajes.stop();
    await autovacuum?.stop();
    await db.close();
    throw e;
  }
  return {
    url: `http://localhost:${port}`,
    port,
    ctx,
    app,
    applied,
    certLogin,
    async close() {
      eventos.cerrar(); // open event streams would hold the HTTP server's close
      await certLogin.close();
      await stop();
      await avisos.stop();
      await barrido.stop();
    await retencion.stop();
      await avisosMensajes.stop();
      await autovacuum?.stop();
      await db.close();
    },
  };
}
