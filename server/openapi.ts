import { z } from 'zod';
import { ENDPOINTS, API } from '../api/index.js';
import { fullPath, isMultipart, isRaw, pathParams, type Endpoint } from '../api/endpoint.js';

/**
 * The OpenAPI 3.1 document of the services API (and the sign-in actions of the auth-proxy
 * function), generated from the endpoints declared in api/: each path, its parameters, body,
 * answers and who may call it. Schemas are zod's own JSON Schema (draft 2020-12, which OpenAPI 3.1
 * uses), the request side as a caller writes it and the answer as the server writes it.
 */
const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
  return rest;
};

/** The properties of an object schema (params, query) as OpenAPI parameters. */
function parameters(schema: z.ZodType | undefined, where: 'path' | 'query', names: string[] = []) {
  const s = schema ? jsonSchema(schema, 'input') : { properties: {}, required: [] };
  const properties: Record<string, Record<string, unknown>> = { ...Object.fromEntries(names.map((n) => [n, { type: 'string' }])), ...((s.properties ?? {}) as Record<string, Record<string, unknown>>) };
  const required = new Set((s.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, p]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    ...(typeof p.description === 'string' ? { description: p.description } : {}),
    schema: p,
  }));
}

const ERROR = { $ref: '#/components/schemas/Error' };
const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: ERROR } } });

function operation(group: string, name: string, e: Endpoint) {
  const status = e.status ?? (e.answer === null ? 204 : 200);
  const answers: Record<string, unknown> = {};
  if (e.answer === null) answers[status] = { description: 'Hecho' };
  else if (isRaw(e.answer)) {
    if ('redirect' in e.answer) answers[303] = { description: 'Redirige a donde sigue' };
    else if ('events' in e.answer) answers[status] = { description: 'Flujo de eventos (text/event-stream)', content: { 'text/event-stream': { schema: { type: 'string' } } } };
    else answers[status] = { description: 'El archivo', content: { 'application/octet-stream': { schema: { type: 'string', contentEncoding: 'binary' } } } };
  } else answers[status] = { description: 'Correcto', content: { 'application/json': { schema: jsonSchema(e.answer, 'output') } } };
  if (e.params || e.query || e.body) answers[400] = errorAnswer('Datos no válidos: `message` y, por campo, `fieldErrors`');
  const signedIn = !e.access.rule.roles.includes('anon');
  if (signedIn) answers[401] = errorAnswer('Sin sesión o con la sesión terminada');
  answers[e.access.refused.status] ??= errorAnswer(e.access.refused.status === 404 ? 'No existe o no es visible para quien llama' : 'No permitido');
  answers[404] ??= errorAnswer('No existe o no es visible para quien llama');
  if (e.jsonOnly) answers[415] = errorAnswer('El cuerpo no se declaró como JSON');
  if (e.rateLimit) answers[429] = errorAnswer(`Demasiadas peticiones (${e.rateLimit})`);

  let requestBody: unknown;
  if (e.body && isMultipart(e.body)) {
    const fields = jsonSchema(e.body.multipart, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { archivo: { type: 'string', contentMediaType: 'application/octet-stream' }, ...fields.properties },
            required: ['archivo', ...(fields.required ?? [])],
          },
        },
      },
    };
  } else if (e.body) requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(e.body, 'input') } } };

  return {
    operationId: `${group}.${name}`,
    summary: e.summary,
    ...(e.description ? { description: e.description } : {}),
    tags: [e.tag],
    ...(signedIn ? { security: [{ bearer: [] }] } : { security: [] }),
    parameters: [...parameters(e.params, 'path', pathParams(e.path)), ...parameters(e.query, 'query')],
    ...(requestBody ? { requestBody } : {}),
    responses: answers,
  };
}

let document: Record<string, unknown> | null = null;

export function openApiDocument(): Record<string, unknown> {
  if (document) return document;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [group, endpoints] of Object.entries(API)) {
    for (const [name, e] of Object.entries(endpoints as Record<string, Endpoint>)) {
      (paths[fullPath(e)] ??= {})[e.method.toLowerCase()] = operation(group, name, e);
    }
  }
  const tags = [...new Set(ENDPOINTS.map((e) => e.tag))].map((name) => ({ name }));
  document = {
    openapi: '3.1.0',
    info: {
      title: 'Portal de la Notaría: API de servicios',
      version: '1',
      description:
        'Las llamadas del portal: personas, privilegios, expedientes, actos, documentos, copias, citas de la notaría y la identidad. ' +
        'Se accede con un PIN (función auth-proxy: unifiedLogin envía el PIN, loginWithPincode lo canjea por tokens); ' +
        'las demás llamadas llevan el token de acceso como `Authorization: Bearer …`.',
    },
    tags,
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        Error: {
          type: 'object',
          properties: {
            message: { type: 'string', description: 'El motivo, en español' },
            code: { type: 'string', description: 'Un motivo estable para programas (p. ej. sesion_terminada)' },
            fieldErrors: { type: 'object', additionalProperties: { type: 'string' }, description: 'Por campo, su mensaje' },
          },
          required: ['message'],
        },
      },
    },
  };
  return document;
}
