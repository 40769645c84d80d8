import type { Context } from 'hono';
import type { AppContext } from '../context.js';
import { HttpError, json } from '../http.js';
import { Endpoints } from '../endpoints.js';
import { certificados } from '../../api/acceso.js';
import { verifyToken } from '../auth/jwt.js';
import { rolesOf } from '../auth/roles.js';
import { startSession } from '../auth/sessions.js';
import { findUsuarioById, type Usuario } from '../auth/users.js';
import { MOTIVOS, CertificadoNoValido } from '../auth/certificados.js';
import { accederConCertificado, canjearCodigo, estadoDe, validar, vincular } from '../auth/acceso-certificado.js';
import { estadoValido, paginaDeError, redirigirAlPortal, sameSecret } from '../cert-login.js';

/** The header a TLS-terminating proxy puts the client certificate in (PEM, URL-encoded PEM or base64 DER). */
export const CLIENT_CERT_HEADER = 'X-Client-Cert';
/** The header that proves the request comes from that proxy: CERT_PROXY_SECRET. */
export const CERT_PROXY_SECRET_HEADER = 'X-Cert-Proxy-Secret';

const SESION_TERMINADA = 'La sesión ha caducado. Inicie sesión de nuevo.';

async function usuarioDePersona(ctx: AppContext, personaId: string): Promise<Usuario> {
  const { rows } = await ctx.db.query<{ id: string }>('select id from servicios.usuarios where persona_id = $1', [personaId]);
  const usuario = rows[0] && (await findUsuarioById(ctx.db, rows[0].id));
  if (!usuario) throw new HttpError(401, SESION_TERMINADA);
  return usuario;
}

/** A refusal of a certificate: 400 with the Spanish reason, nothing changed. */
const noValido = (e: unknown) => (e instanceof CertificadoNoValido ? new HttpError(400, e.message, undefined, 'certificado_no_valido') : e);

/**
 * Certificates and the session (api/acceso.ts): linking one to the signed-in account, starting a
 * sign-in with one (through the listener, or a proxy's header), exchanging the code of that
 * sign-in for a session, and the current session's facts.
 */
export function certificadoRoutes(ctx: AppContext) {
  return new Endpoints(ctx)
    .serve(certificados.link, async (c, { body }) => {
      const cert = await validar(ctx, body.certificateData).catch((e: unknown) => { throw noValido(e); });
      const usuario = await usuarioDePersona(ctx, c.get('user').id);
      if (usuario.tipoDocumento !== cert.tipoDocumento || usuario.numeroDocumento.toUpperCase() !== cert.numeroDocumento) {
        throw new HttpError(400, new CertificadoNoValido(MOTIVOS.otroDocumento).message, undefined, 'certificado_no_valido');
      }
      const { nuevo } = await ctx.db.transaction((tx) => vincular(tx, usuario, cert));
      return json(c, {
        message: nuevo ? 'Certificado vinculado correctamente' : 'Este certificado ya estaba vinculado a su cuenta',
        certificado: { titular: cert.nombre, tipoDocumento: cert.tipoDocumento, numeroDocumento: cert.numeroDocumento, emisor: cert.emisor, validoHasta: cert.validoHasta.toISOString() },
      }, nuevo ? 201 : 200);
    })
    .serve(certificados.signIn, async (c, { query }) => {
      const estado = estadoDe(ctx);
      const pagina = estadoValido(query.estado);
      const enCabecera = c.req.header(CLIENT_CERT_HEADER);
      const secreto = c.req.header(CERT_PROXY_SECRET_HEADER);
      if (enCabecera && secreto && ctx.config.certProxySecret && sameSecret(secreto, ctx.config.certProxySecret)) {
        return desdeCabecera(c, ctx, enCabecera, pagina);
      }
      const q = pagina ? `?estado=${pagina}` : '';
      if (ctx.config.certLoginUrl) return c.redirect(`${ctx.config.certLoginUrl}/${q}`, 303);
      if (estado.puerto === null) return paginaDeError(c, estado.portal, MOTIVOS.sinListaDeConfianza.replace(/^el acceso/, 'El acceso'), 503);
      return c.redirect(`https://${new URL(c.req.url).hostname}:${estado.puerto}/${q}`, 303);
    })
    .serve(certificados.session, async (c, { body }) => {
      const usuario = await findUsuarioById(ctx.db, await canjearCodigo(ctx.db, body.codigo));
      if (!usuario) throw new HttpError(400, 'El código de acceso con certificado no es válido o ha caducado.');
      if (body.externalIdNotaria) {
        await ctx.db.query(
          `insert into servicios.persona_notaria (persona_id, notaria_id)
           select $1, idint from public.notarias where externalidnotaria = $2 on conflict do nothing`,
          [usuario.personaId, body.externalIdNotaria],
        );
      }
      const tokens = await startSession(ctx, usuario, { metodo: 'certificado', userAgent: c.req.header('user-agent') });
      return { message: 'Acceso correcto', ...tokens, idPersona: usuario.personaId };
    })
    .serve(certificados.verify, async (c) => {
      const header = c.req.header('Authorization') ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!token) throw new HttpError(401, 'No se encontró el token de autenticación');
      const result = await verifyToken(ctx.config.jwtSecret, token);
      if (!result.ok) throw new HttpError(401, result.reason === 'expired' ? 'Token caducado' : 'Token inválido');
      const { claims } = result;
      if (claims.role !== 'authenticated' || typeof claims.sub !== 'string' || typeof claims.sid !== 'string') throw new HttpError(401, 'Token inválido');
      const { rows } = await ctx.db.query<{ usuarioId: string; inicio: Date; caduca: Date }>(
        `select s.usuario_id as "usuarioId", s.created_at as inicio, s.expires_at as caduca
           from servicios.sesiones s join servicios.usuarios u on u.id = s.usuario_id
          where s.id::text = $1 and u.persona_id::text = $2 and s.revoked_at is null and s.expires_at > now()`,
        [claims.sid, claims.sub],
      );
      const sesion = rows[0];
      if (!sesion) throw new HttpError(401, SESION_TERMINADA);
      const usuario = await findUsuarioById(ctx.db, sesion.usuarioId);
      if (!usuario) throw new HttpError(401, SESION_TERMINADA);
      const roles = await rolesOf(ctx.db, usuario.id);
      const metodos = Array.isArray(claims.amr) ? claims.amr.filter((m): m is string => typeof m === 'string') : [];
      return {
        persona: { idPersona: usuario.personaId, tipoDocumento: usuario.tipoDocumento, numeroDocumento: usuario.numeroDocumento, email: usuario.email },
        roles,
        appRole: claims.app_role === 'admin' ? ('admin' as const) : ('assistant' as const),
        notarias: Array.isArray(claims.notarias) ? claims.notarias : [],
        sesion: { id: claims.sid, inicio: new Date(sesion.inicio).toISOString(), caduca: new Date(sesion.caduca).toISOString() },
        // what this session proved, and since when (the session's start: it is proven at sign-in)
        garantia: {
          metodos,
          nivel: typeof claims.aal === 'number' ? claims.aal : metodos.some((m) => m !== 'pin') ? 2 : 1,
          desde: new Date(sesion.inicio).toISOString(),
        },
      };
    }).app;
}

/** The proxy's variant: the certificate comes in the header, already presented over TLS to the proxy. */
async function desdeCabecera(c: Context, ctx: AppContext, valor: string, pagina: string | null) {
  const estado = estadoDe(ctx);
  let texto = valor.trim();
  // nginx's $ssl_client_escaped_cert is URL-encoded PEM
  if (texto.includes('%')) {
    try { texto = decodeURIComponent(texto); } catch { /* left as it came: refused as unreadable */ }
  }
  try {
    return redirigirAlPortal(c, estado.portal, await accederConCertificado(ctx, texto), pagina);
  } catch (e) {
    if (e instanceof CertificadoNoValido || e instanceof HttpError) return paginaDeError(c, estado.portal, e.message, 400);
    throw e;
  }
}
