import { startServer } from './boot.js';
import { StartupError } from './config.js';

const started = Date.now();
const server = await startServer().catch((e: unknown) => {
  if (!(e instanceof StartupError)) throw e;
  console.error(`\n  No se pudo arrancar el portal: ${e.message}\n`);
  process.exit(1);
});
const { config } = server.ctx;

console.log(`
  Portal de la Notaría listo en ${server.url}  (${Date.now() - started} ms)
  Base de datos: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite en ${config.dataDir}`}${
    server.applied.length ? `  (${server.applied.length} migraciones aplicadas)` : ''
  }
  Correo: ${config.smtpUrl ? 'SMTP' : `bandeja de desarrollo en ${server.url}/dev/outbox`}
${await demoUsers(server)}`);

async function demoUsers(s: typeof server): Promise<string> {
  const { rows } = await s.ctx.db
    .query<{ tipo: string; numero: string; email: string; admin: boolean }>(
      `select tipo_documento as tipo, numero_documento as numero, email, false as admin from servicios.usuarios order by numero_documento`,
    )
    .catch(() => ({ rows: [] as { tipo: string; numero: string; email: string; admin: boolean }[] }));
  if (!rows.length) return '';
  const lines = rows.map((u) => {
    const role = s.ctx.config.adminDocuments.includes(u.numero.toUpperCase()) ? 'admin' : 'cliente';
    return `    ${u.tipo} ${u.numero.padEnd(10)} ${u.email.padEnd(32)} ${role}`;
  });
  return `  Usuarios de demostración (el PIN llega a la bandeja de desarrollo):\n${lines.join('\n')}\n`;
}

// the first Ctrl-C or SIGTERM stops gracefully (at most a few seconds); a second one does not wait
let stopping = false;
const shutdown = async () => {
  if (stopping) process.exit(1);
  stopping = true;
  await server.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
