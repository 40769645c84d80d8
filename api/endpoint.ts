import type { z } from 'zod';
import { admin, anyone, signedIn, staffMember, staffOfNotaria, type AccessRule } from '../domain/resource';
import type { AuditAction, AuditEntity } from '../domain/auditoria';
import type { RecursoEvento } from '../domain/eventos';

/**
 * One endpoint of the services API, declared once: the server mounts it (server/endpoints.ts:
 * access, validation, the answer), the OpenAPI document describes it (server/openapi.ts), the
 * portal's servicios data provider fills its path (resources/*.ts name endpoints, never paths),
 * the audit log and the live events read what it touches, and the tests iterate over all of them
 * (the 401 sweep, the door of each, every answer against its schema).
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Where the services API lives; every endpoint's path is relative to it unless it names its own base. */
export const API_BASE = '/nt/demo/v1/servicios';

/** A multipart upload: the file in `archivo`, the other fields validated by `fields`. */
export interface Multipart {
  multipart: z.ZodObject;
}

/** An answer that is not JSON: a file streamed from the storage, a stream of server-sent events, a redirect (303). */
export type RawAnswer = { file: true } | { events: true } | { redirect: true };

/**
 * Who passes an endpoint's door, before anything is read: the same access rules as the resources'
 * (domain/resource.ts). `anyone` needs no token; any other rule needs a signed-in session (else
 * 401) and then answers `refused` to a caller the rule does not let through. Rules about the row
 * (whose case, which notaría) are the service's, and answer 404 like a row that does not exist.
 */
export interface Door {
  rule: AccessRule;
  /** The answer to a signed-in caller the rule does not let through. */
  refused: { status: 403 | 404; message: string };
}

const NOT_FOUND = { status: 404, message: 'Recurso no encontrado' } as const;
export const doors = {
  /** No token needed. */
  anyone: { rule: anyone, refused: NOT_FOUND },
  /** Any signed-in session. */
  signedIn: { rule: signedIn, refused: NOT_FOUND },
  /** Staff of some notaría (the token's notarías); others see an unknown path. */
  staff: { rule: staffMember, refused: NOT_FOUND },
  /** Staff of some notaría or an admin. */
  staffOrAdmin: { rule: staffOfNotaria(), refused: NOT_FOUND },
  /** Admins; others see an unknown path. */
  admin: { rule: admin, refused: NOT_FOUND },
} satisfies Record<string, Door>;

export interface Endpoint {
  method: Method;
  /** The path, relative to `base`, with `{name}` parameters (as OpenAPI writes them). */
  path: string;
  /** API_BASE unless given (the auth-proxy function lives at /functions/v1). */
  base?: string;
  /** One line, in Spanish: the OpenAPI summary. */
  summary: string;
  /** Further Spanish text for the reference: rules, what answers 404. */
  description?: string;
  /** The group it is listed under in the reference. */
  tag: string;
  /** Objects (perhaps preprocessed): their properties are the path's and the query's parameters. */
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType | Multipart;
  /** The JSON answer's schema; null: no body (204); a file or an event stream. */
  answer: z.ZodType | RawAnswer | null;
  /** The status of success; 200 unless given (204 when the answer is null). */
  status?: 200 | 201 | 204;
  access: Door;
  /**
   * The audit log's row for each call (server/audit.ts): the entity, the action (from the method
   * unless given) and the path parameter that names the record (none: a list).
   */
  audit?: { entity: AuditEntity; action?: AuditAction; id?: string };
  /** What of a case its success changes, for the live streams (server/eventos.ts). */
  events?: readonly RecursoEvento[];
  /** The setting that limits how often one caller may call it (429 beyond), for the reference. */
  rateLimit?: string;
  /**
   * The body must be declared as JSON, whatever it holds (415 before anything is read): an
   * anonymous action must not be callable by a form or text/plain body, which another website can
   * make a visitor's browser send without asking.
   */
  jsonOnly?: true;
}

/** Identity with type checking, keeping the literal types (schemas, method) for the handlers. */
export const endpoint = <E extends Endpoint>(e: E): E => e;

/** The path's `{name}` parameters, in order. */
export const pathParams = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

/** The full path of an endpoint: its base and path. */
export const fullPath = (e: Pick<Endpoint, 'base' | 'path'>) => `${e.base ?? API_BASE}${e.path}`;

/** The full path of an endpoint with its `{name}` parameters filled, URL-encoded, from `values`: a link to a record. */
export const linkTo = (e: Pick<Endpoint, 'base' | 'path'>, values: Record<string, string>) =>
  fullPath(e).replace(/\{(\w+)\}/g, (_, name: string) => {
    if (values[name] === undefined) throw new Error(`${e.path}: falta ${name}`);
    return encodeURIComponent(values[name]);
  });

export const isMultipart = (body: Endpoint['body']): body is Multipart => !!body && 'multipart' in body;
export const isRaw = (answer: Endpoint['answer']): answer is RawAnswer => !!answer && ('file' in answer || 'events' in answer || 'redirect' in answer);

/**
 * A value as the server may hold it before JSON.stringify writes it: a Date becomes the ISO text
 * the schema's string describes (node-postgres reads timestamps as Dates).
 */
export type Wire<T> = T extends string ? string | Date : T extends readonly (infer U)[] ? Wire<U>[] : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;
