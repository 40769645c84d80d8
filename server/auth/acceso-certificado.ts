import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/db.js';
import { HttpError } from '../http.js';
import { listaDeConfianza, validarCertificado, type CertificadoValido } from './certificados.js';
import { bindDocumento } from './identidad.js';
import { createUsuario, findUsuario, type Usuario } from './users.js';

/**
 * Where the certificate sign-in stands at run time: the trust-list files (configured, or the
 * development test CA), the listener's port and the portal's address it sends the browser back to.
 * Filled by boot.ts once the servers listen; read by the routes at each request.
 */
export interface EstadoCertificados {
  caFile: string | null;
  crlFile: string | null;
  /** The listener's port (CERT_LOGIN_PORT, or the one the system gave for 0); null when off. */
  puerto: number | null;
  /** The portal's public address, without a trailing slash: PUBLIC_URL or the server's own. */
  portal: string;
}

export const estadoInicial = (ctx: AppContext): EstadoCertificados => ({
  caFile: ctx.config.certCaFile,
  crlFile: ctx.config.certCrlFile,
  puerto: null,
  portal: ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`,
});

export const estadoDe = (ctx: AppContext): EstadoCertificados => ctx.certificados ?? estadoInicial(ctx);

/** Validates against the trust list of the running server. */
export function validar(ctx: AppContext, data: string | Uint8Array): Promise<CertificadoValido> {
  const estado = estadoDe(ctx);
  return validarCertificado(data, listaDeConfianza(estado.caFile, estado.crlFile));
}

export const CERTIFICADO_DE_OTRA_CUENTA = 'Este certificado ya está vinculado a otra cuenta.';
export const SIN_EMAIL_PARA_REGISTRO =
  'Su certificado no incluye un correo electrónico y usted aún no tiene cuenta en el portal: regístrese con su documento y su correo electrónico; después podrá acceder con su certificado.';
export const EMAIL_DE_OTRA_CUENTA =
  'El correo electrónico de su certificado ya pertenece a otra cuenta del portal: regístrese con su documento y otro correo electrónico; después podrá acceder con su certificado.';

/**
 * Links a validated certificate to the account (or notes its use again) and records that the
 * account's document is proven by it. Runs in the caller's transaction.
 */
export async function vincular(tx: Queryable, usuario: Usuario, cert: CertificadoValido): Promise<{ id: string; nuevo: boolean }> {
  const { rows } = await tx.query<{ id: string; nuevo: boolean }>(
    `insert into servicios.certificados (usuario_id, huella, sujeto, emisor, numero_serie, valido_hasta)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (huella) do update set ultimo_uso = now() where certificados.usuario_id = excluded.usuario_id
     returning id, (xmax = 0) as nuevo`,
    [usuario.id, cert.huella, cert.sujeto, cert.emisor, cert.numeroSerie, cert.validoHasta],
  );
  if (!rows[0]) throw new HttpError(409, CERTIFICADO_DE_OTRA_CUENTA);
  await bindDocumento(tx, usuario.id, 'certificado');
  return rows[0];
}

const hashCodigo = (codigo: string) => createHash('sha256').update(codigo).digest('hex');
/** How long the code of the redirect to the portal may be exchanged. */
const CODIGO_SEGUNDOS = 120;

/**
 * A validated certificate signs in: the account of its document (registered now when new, with the
 * certificate's e-mail), the certificate linked, and a one-time code for the portal to exchange.
 */
export async function accederConCertificado(ctx: AppContext, data: string | Uint8Array): Promise<string> {
  const cert = await validar(ctx, data);
  let usuario = await findUsuario(ctx.db, cert.numeroDocumento, cert.tipoDocumento);
  if (!usuario) {
    if (!cert.email) throw new HttpError(400, SIN_EMAIL_PARA_REGISTRO);
    try {
      usuario = await createUsuario(ctx.db, { tipoDocumento: cert.tipoDocumento, numeroDocumento: cert.numeroDocumento, email: cert.email });
    } catch (e) {
      if (e instanceof HttpError && e.status === 409) throw new HttpError(409, EMAIL_DE_OTRA_CUENTA);
      // registered at this very moment by another request: sign in to that account
      usuario = await findUsuario(ctx.db, cert.numeroDocumento, cert.tipoDocumento);
      if (!usuario) throw e;
    }
  }
  const account = usuario;
  const codigo = randomBytes(32).toString('base64url');
  await ctx.db.transaction(async (tx) => {
    const { id } = await vincular(tx, account, cert);
    await tx.query(
      `insert into servicios.certificado_codigos (codigo_hash, certificado_id, expires_at)
       values ($1, $2, now() + make_interval(secs => $3))`,
      [hashCodigo(codigo), id, CODIGO_SEGUNDOS],
    );
    // codes nobody exchanged stay a day at most
    await tx.query(`delete from servicios.certificado_codigos where created_at < now() - interval '1 day'`);
  });
  return codigo;
}

export const CODIGO_NO_VALIDO = 'El código de acceso con certificado no es válido o ha caducado. Vuelva a acceder con su certificado.';

/** The account a code names, once: a second exchange or a late one is refused. */
export async function canjearCodigo(db: Queryable, codigo: string): Promise<string> {
  const { rows } = await db.query<{ usuarioId: string }>(
    `update servicios.certificado_codigos k set used_at = now()
       from servicios.certificados c
      where k.codigo_hash = $1 and k.used_at is null and k.expires_at > now() and c.id = k.certificado_id
      returning c.usuario_id as "usuarioId"`,
    [hashCodigo(codigo)],
  );
  if (!rows[0]) throw new HttpError(400, CODIGO_NO_VALIDO);
  return rows[0].usuarioId;
}
