import { startServer } from './boot.js';
import { StartupError, isLoopback } from './config.js';

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
  Correo: ${config.smtpUrl ? 'SMTP' : `bandeja de desarrollo en ${server.url}/dev/outbox${isLoopback(config.host) ? '' : ' (solo desde esta máquina)'}`}
${isLoopback(config.host) ? '' : `  Escuchando en ${config.host}:${server.port}: accesible desde la red.\n`}${certificadoNotice()}${adminNotice()}${segundoFactorNotice()}${await demoUsers(server)}`);

/** How the demo staff and admin pass the office's second factor (SEGUNDO_FACTOR_OFICINA). */
function segundoFactorNotice(): string {
  if (config.segundoFactorOficina === 'opcional') {
    return '  AVISO: SEGUNDO_FACTOR_OFICINA=opcional: el personal y el administrador entran solo con el PIN. Solo para desarrollo y pruebas; en producción no arranca.\n';
  }
  if (config.production) return '';
  return (
    '  Segundo factor del personal y del administrador: obligatorio. En su primer acceso con el PIN el portal les guía para añadir\n' +
    '  una llave de acceso (la del navegador, del sistema o del móvil) y desde entonces la confirman tras el PIN o entran solo con ella.\n' +
    '  Sin llave de acceso a mano: arranque con SEGUNDO_FACTOR_OFICINA=opcional (solo desarrollo).\n'
  );
}

/** Where certificate sign-in listens, and whether it runs on development's generated test files. */
function certificadoNotice(): string {
  const { estado, pruebas } = server.certLogin;
  if (estado.puerto === null) return '';
  const lines = [`  Acceso con certificado digital: https://localhost:${estado.puerto}/ (CERT_LOGIN_PORT)\n`];
  if (pruebas) {
    lines.push(`  DESARROLLO: se han generado en ${pruebas.dir} ${config.tlsCertFile ? '' : 'un certificado TLS autofirmado (el navegador avisará) y '}${config.certCaFile ? '' : 'una AC de pruebas con su CRL (solo sus certificados se admiten; emita uno con npm run certificado:prueba -- NIF correo)'}. No sirven en producción.\n`);
  }
  return lines.join('');
}

/** Says how to name an admin when the configuration names none (production's default). */
function adminNotice(): string {
  if (config.adminDocuments.length) return '';
  return '  Ningún administrador: ADMIN_DOCUMENTS está vacío. Para nombrar uno, arranque con ADMIN_DOCUMENTS=TIPO:NUMERO (p. ej. ADMIN_DOCUMENTS=NIF:12345678Z) y esa cuenta será admin al iniciar sesión.\n';
}

/** The accounts and their roles as stored in the database (servicios.usuario_roles, and staff rows of public.personal). */
async function demoUsers(s: typeof server): Promise<string> {
  // a production database holds real people: their e-mails stay out of the log
  if (s.ctx.config.production) return '';
  type Row = { tipo: string; numero: string; email: string; roles: string };
  const { rows } = await s.ctx.db
    .query<Row>(
      `select u.tipo_documento as tipo, u.numero_documento as numero, u.email,
              concat_ws(', ', coalesce((select string_agg(r.rol, ', ' order by r.rol)
                                          from servicios.usuario_roles r where r.usuario_id = u.id), '-'),
                        -- staff: an active personal row with the account's document (server/auth/staff.ts)
                        (select string_agg('personal de ' || n.nombre, ', ' order by n.nombre)
                           from public.personal s join public.notarias n on n.id = s.notaria_id
                          where s.is_active and s.tipo_documento = u.tipo_documento and s.numero_documento = upper(u.numero_documento))) as roles
         from servicios.usuarios u order by u.numero_documento limit 20`,
    )
    .catch(() => ({ rows: [] as Row[] }));
  if (!rows.length) return '';
  const lines = rows.map((u) => `    ${u.tipo} ${u.numero.padEnd(10)} ${u.email.padEnd(32)} ${u.roles}`);
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
