import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Context } from 'hono';
import { HttpError } from './http.js';
import { API_BASE } from '../api/endpoint.js';
import { meta } from '../api/meta.js';

/**
 * The API's readable reference: Swagger UI (npm swagger-ui-dist, served from this server, no CDN)
 * showing openapi.json, with 'Authorize' for the bearer token and 'Try it out' on every call, so a
 * developer signs in (the auth-proxy function's actions) and calls the API from the page alone.
 * The page's own script is a file too: the portal's Content-Security-Policy allows no inline script.
 */
const require = createRequire(import.meta.url);
const DIST = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const BASE = `${API_BASE}${meta.reference.path}`;

const PAGINA = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Referencia de la API de servicios · Portal de la Notaría</title>
<link rel="stylesheet" href="${BASE}/swagger-ui.css">
</head>
<body>
<div id="referencia"></div>
<script src="${BASE}/swagger-ui-bundle.js"></script>
<script src="${BASE}/inicio.js"></script>
</body>
</html>
`;

const INICIO = `window.ui = SwaggerUIBundle({
  url: '${API_BASE}${meta.openapi.path}',
  dom_id: '#referencia',
  deepLinking: true,
  persistAuthorization: true,
  tryItOutEnabled: true,
  displayRequestDuration: true,
});
`;

/** The files of the page, by name: the page's own and Swagger UI's. */
const ARCHIVOS: Record<string, { type: string; body: () => string | Buffer }> = {
  'inicio.js': { type: 'text/javascript; charset=utf-8', body: () => INICIO },
  'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', body: () => fs.readFileSync(path.join(DIST, 'swagger-ui-bundle.js')) },
  'swagger-ui.css': { type: 'text/css; charset=utf-8', body: () => fs.readFileSync(path.join(DIST, 'swagger-ui.css')) },
};

export const paginaReferencia = (c: Context) => c.html(PAGINA);

export function archivoReferencia(c: Context, nombre: string) {
  const archivo = Object.hasOwn(ARCHIVOS, nombre) ? ARCHIVOS[nombre] : undefined;
  if (!archivo) throw new HttpError(404, 'Recurso no encontrado');
  return c.body(archivo.body() as string, 200, { 'Content-Type': archivo.type, 'Cache-Control': 'public, max-age=3600' });
}
