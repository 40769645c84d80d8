import { Hono, type Context } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import type { z } from 'zod';
import type { AppContext } from './context.js';
import { requireUser, type AuthEnv, type SessionUser } from './auth/middleware.js';
import { HttpError, json, parseWith, readJson } from './http.js';
import type { ArchivosEnv } from './storage/subida.js';
import { permits } from '../domain/resource.js';
import { fullPath, isMultipart, type Endpoint, type Method, type Wire } from '../api/endpoint.js';
import { ENDPOINTS } from '../api/index.js';
import { viewerOf } from './auth/viewer.js';
import { MENSAJE_SOLO_JSON } from '../supabase/functions/auth-proxy/contract.js';

/**
 * Mounts the endpoints declared in api/ (api/endpoint.ts): each at its method and path, behind its
 * door (a token for any rule but `anyone`, then the rule), with its params, query and JSON body
 * validated by its schemas (400 with the schema's Spanish messages, before the handler runs), and
 * its answer written as JSON with its status. The handler gets the validated input and answers
 * the data; a file or an event stream answers its own Response.
 */
export type EndpointEnv = {
  Variables: ArchivosEnv['Variables'] & {
    /** The signed-in caller (absent behind the `anyone` door). */
    user: SessionUser;
    /** The endpoint being served: what the audit log and the live events read of it. */
    endpoint: Endpoint;
  };
};

type Out<S> = S extends z.ZodType ? z.output<S> : never;

export interface Input<E extends Endpoint> {
  params: E['params'] extends z.ZodType ? Out<E['params']> : Record<string, string>;
  query: E['query'] extends z.ZodType ? Out<E['query']> : Record<string, never>;
  body: E['body'] extends z.ZodType ? Out<E['body']> : undefined;
}

/** What a handler answers: the JSON data of its schema (nothing for a 204), or a Response of its own. */
type Answer<E extends Endpoint> = E['answer'] extends z.ZodType ? Wire<z.input<E['answer']>> | Response : E['answer'] extends null ? void | Response : Response;

export type Handler<E extends Endpoint> = (c: Context<EndpointEnv>, input: Input<E>) => Promise<Answer<E>> | Answer<E>;

/** '/expediente/{id}/documentos' → '/expediente/:id/documentos'. */
export const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** The JSON body, or nothing when none is sent and the schema makes it optional. */
async function bodyOf(c: Context, schema: z.ZodType): Promise<unknown> {
  const optional = schema.safeParse(undefined).success;
  if (optional && !(c.req.header('Content-Type') ?? '').includes('json')) return undefined;
  return readJson(c);
}

/** The routes of some endpoints, to be mounted at the services base (or the endpoint's own). */
export class Endpoints {
  readonly app = new Hono<EndpointEnv>();
  constructor(private readonly ctx: AppContext) {}

  /**
   * Mounts `e` answered by `handler`; `opts.before` runs after the door and before the input is read
   * (a limit that must count invalid requests too).
   */
  serve<E extends Endpoint>(e: E, handler: Handler<E>, opts: { before?: (c: Context<EndpointEnv>) => Promise<void> | void } = {}): this {
    const signIn = requireUser(this.ctx);
    const door = e.access;
    this.app.on(e.method, honoPath(e.path), async (c, next) => {
      c.set('endpoint', e);
      if (e.jsonOnly && (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase() !== 'application/json') {
        throw new HttpError(415, MENSAJE_SOLO_JSON);
      }
      if (door.rule.roles.includes('anon')) return next();
      return signIn(c as unknown as Context<AuthEnv>, async () => {
        if (!permits(door.rule, viewerOf(c.get('user')))) throw new HttpError(door.refused.status, door.refused.message);
        await next();
      });
    }, async (c) => {
      await opts.before?.(c);
      const input = {
        params: e.params ? parseWith(e.params, c.req.param()) : c.req.param(),
        query: e.query ? parseWith(e.query, c.req.query()) : {},
        body: e.body && !isMultipart(e.body) ? parseWith(e.body, await bodyOf(c, e.body)) : undefined,
      } as Input<E>;
      const out = (await handler(c, input)) as unknown;
      if (out instanceof Response) return out;
      if (e.answer === null) return c.body(null, 204);
      return json(c, out, (e.status ?? 200) as 200 | 201);
    });
    return this;
  }
}

/** The endpoint a request names (method and full path), with its path parameters; null for none. */
export function endpointOf(method: string, path: string): { endpoint: Endpoint; params: Record<string, string> } | null {
  // own methods only: the router looks a method up in a plain object ('toString' would find Object.prototype's)
  if (!Object.hasOwn(METHODS, method)) return null;
  const [matches, stash] = router().match(method === 'HEAD' ? 'GET' : method, path);
  const hit = matches[0];
  if (!hit) return null;
  const [endpoint, names] = hit;
  // the router answers each parameter's place in `stash` (or, without a stash, its value)
  const params = Object.fromEntries(Object.entries(names).map(([k, v]) => [k, stash ? stash[v as number] : (v as string)]));
  return { endpoint, params: params as Record<string, string> };
}

const METHODS = { GET: true, HEAD: true, POST: true, PUT: true, PATCH: true, DELETE: true } satisfies Record<Method | 'HEAD', true>;

let built: TrieRouter<Endpoint> | null = null;
function router(): TrieRouter<Endpoint> {
  if (built) return built;
  built = new TrieRouter<Endpoint>();
  for (const e of ENDPOINTS) built.add(e.method, honoPath(fullPath(e)), e);
  return built;
}
