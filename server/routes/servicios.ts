import { Hono } from 'hono';
import type { AppContext } from '../context.js';
import { notFound, rejectNulInUrl } from '../http.js';
import { authRoutes } from './auth.js';
import { factoresRoutes } from './factores.js';
import { certificadoRoutes } from './certificados.js';
import { personaNotariaRoutes } from './persona-notaria.js';
import { expedientesRoutes } from './expedientes.js';
import { personaLookupRoutes } from './persona-lookup.js';
import { personaRoutes } from './personas.js';
import { privilegioRoutes } from './privilegios.js';
import { legacyRoutes } from './legacy.js';
import { clientsRoutes } from './clients.js';
import { notificacionesRoutes } from './notificaciones.js';
import { auditoriaRoutes } from './auditoria.js';
import { identidadRoutes } from './identidad.js';
import { despachoRoutes } from './despacho.js';
import { auditTrail } from '../audit.js';
import { efectosArchivos } from '../storage/subida.js';
import { documentosRoutes } from './documentos.js';
import { copiasMensajesRoutes } from './copias-mensajes.js';
import { borradoresRoutes } from './borradores.js';
import { copiasElectronicasRoutes } from './copias-electronicas.js';
import { scopeTransactions } from '../db/request-transaction.js';
import { API_BASE } from '../../api/endpoint.js';
import { recursosRoutes } from './recursos.js';
import { metaRoutes } from './meta.js';
import { serviciosResources } from '../../resources/index.js';
import { centroEventos, type CentroEventos } from '../eventos.js';
import { eventosRoutes } from './eventos.js';
import { privacidadDespachoRoutes, privacidadRoutes } from './privacidad.js';

/** Live streams one server holds at most (GET /eventos): each costs a socket and a few KB. */
export const MAX_EVENTOS = 10_000;

/** The notary services API, under API_BASE (api/endpoint.ts). */
export function serviciosRoutes(appCtx: AppContext, eventos: CentroEventos = centroEventos(appCtx.db, appCtx.log, { porUsuario: appCtx.config.eventosPorUsuario, total: MAX_EVENTOS })) {
  // every call of ctx.db inside a change joins the change's transaction (see auditTrail)
  const ctx = { ...appCtx, db: scopeTransactions(appCtx.db) };
  const app = new Hono();
  // changes of cases announced to the live streams once committed (server/eventos.ts); outermost, so after the commit
  app.use('*', eventos.trasConfirmar);
  // uploads stored before the change's transaction; files of failed requests removed (storage/subida.ts)
  app.use('*', efectosArchivos(ctx));
  // one audit row per request on personas, privilegios, expedientes and actos (server/audit.ts)
  app.use('*', auditTrail(ctx, API_BASE));
  app.use('*', rejectNulInUrl);
  app.route('/', metaRoutes(ctx));
  app.route('/', authRoutes(ctx));
  app.route('/', factoresRoutes(ctx));
  app.route('/', certificadoRoutes(ctx));
  app.route('/', eventosRoutes(ctx, eventos));
  app.route('/', personaNotariaRoutes(ctx));
  app.route('/', documentosRoutes(ctx));
  app.route('/', copiasMensajesRoutes(ctx));
  app.route('/', borradoresRoutes(ctx));
  app.route('/', copiasElectronicasRoutes(ctx));
  app.route('/', expedientesRoutes(ctx));
  app.route('/', privacidadDespachoRoutes(ctx));
  app.route('/', despachoRoutes(ctx));
  app.route('/', privacidadRoutes(ctx));
  app.route('/', personaLookupRoutes(ctx));
  app.route('/', personaRoutes(ctx));
  app.route('/', privilegioRoutes(ctx));
  app.route('/', notificacionesRoutes(ctx));
  app.route('/', legacyRoutes(ctx)); // /usuarios, /clientes
  app.route('/', clientsRoutes(ctx));
  app.route('/', auditoriaRoutes(ctx));
  app.route('/', identidadRoutes(ctx));
  // the declarations with `crud`, served from the declaration alone (routes/recursos.ts)
  app.route('/', recursosRoutes(ctx, [...serviciosResources, ...(ctx.extraResources ?? [])]));
  // an unknown path of the API is a JSON 404, never the SPA's index.html
  app.all('*', () => {
    throw notFound('Recurso no encontrado');
  });
  return app;
}
