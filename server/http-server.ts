import { HOST_NO_PERMITIDO } from './host-permitido.js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { RequestError, getRequestListener } from '@hono/node-server';
import { MENSAJE_DEMASIADO_GRANDE, MENSAJE_ERROR_INTERNO } from './http.js';
import { isAssetRequest } from './static.js';

type Fetch = Parameters<typeof getRequestListener>[0];

/** What Node's HTTP parser refuses before any route sees the request, and what the caller is told. */
const PARSER_REFUSALS: Record<string, [status: number, reason: string, message: string]> = {
  // the request line and headers together are over Node's limit (16 KB): a huge in.(…) filter
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'La dirección o las cabeceras de la petición son demasiado largas'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Payload Too Large', MENSAJE_DEMASIADO_GRANDE],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'La petición tardó demasiado en llegar'],
};
const MALFORMED: [number, string, string] = [400, 'Bad Request', 'La petición HTTP no es válida'];
const EXPECTATION = 'La cabecera Expect solo admite 100-continue';

/** How long answers in progress may take once the server is stopping; Docker kills after 10 s. */
const STOP_GRACE_MS = 5000;

export interface HttpServer {
  server: Server;
  /**
   * Stops taking requests and resolves once every connection is closed. Answers in progress
   * finish and say Connection: close, so keep-alive clients go: Node's close() only ends idle
   * connections, and a client that keeps its connections busy kept the server up (measured: still
   * answering 30 s after SIGTERM under load). After STOP_GRACE_MS the rest are cut.
   */
  stop(): Promise<void>;
}

/**
 * The app's HTTP server, as @hono/node-server's serve() makes it, except that it sets the security
 * headers (security.ts) on every answer, lets `direct` answer the requests it takes, and answers
 * what is refused before any route sees the request: too long, malformed or too slow (Node's
 * parser), a path with a backslash or a bad Host (@hono/node-server), an Expect other than
 * 100-continue (Node). Theirs is a bare status line; here it is answered as every other error of
 * the server: a JSON {message} in Spanish with the security headers.
 */
export function createHttpServer(
  fetch: Fetch,
  hostname: string,
  securityHeaders: Record<string, string>,
  /**
   * Answers the requests it takes (true) before Hono's app sees them, with `headers` (flat: name,
   * value, name, value...) besides its own: gateway reads (gateway/direct.ts).
   */
  direct: (req: IncomingMessage, res: ServerResponse, headers: readonly string[]) => boolean = () => false,
  /** The headers of a GET or HEAD of a built asset (isAssetRequest), instead of securityHeaders. */
  assetHeaders: Readonly<Record<string, string>> = securityHeaders,
  /** Whether a request's Host is answered (development: this machine's names, host-permitido.ts); null: every Host. */
  hostAllowed: ((host: string | undefined) => boolean) | null = null,
): HttpServer {
  /** A refusal's body and headers: {message} as JSON, the app's security headers, and the end of the connection. */
  const refusal = (message: string) => {
    const body = JSON.stringify({ message });
    const headers = {
      ...securityHeaders,
      'Content-Type': 'application/json',
      'Content-Length': String(Buffer.byteLength(body)),
      Connection: 'close',
    };
    return { body, headers };
  };
  const answer = (status: number, message: string) => {
    const { body, headers } = refusal(message);
    return new Response(body, { status, headers });
  };

  const app = getRequestListener(fetch, {
    hostname,
    // a RequestError: no Request could be made of it; anything else was thrown by the app itself
    errorHandler: (e) => (e instanceof RequestError ? answer(400, MALFORMED[2]) : answer(500, MENSAJE_ERROR_INTERNO)),
  });
  let stopping = false;
  // A direct answer writes the security headers with its own in one writeHead, from this flat list:
  // a dozen setHeader calls, or spreading them into an object per answer, cost the server 4-6 µs a
  // gateway read (0.5 µs as a list).
  const securityList = Object.entries(securityHeaders).flat();
  const server = createServer((req, res) => {
    // before anything reads the request: another name may be a DNS-rebinding page (host-permitido.ts)
    if (hostAllowed && !hostAllowed(req.headers.host)) {
      const { body, headers } = refusal(HOST_NO_PERMITIDO);
      res.writeHead(403, headers).end(body);
      return;
    }
    if (!stopping && direct(req, res, securityList)) return;
    const headers = isAssetRequest(req.method, req.url) ? assetHeaders : securityHeaders;
    for (const name in headers) res.setHeader(name, headers[name]);
    // once stopping, every answer says Connection: close; Hono's app answers gateway reads too
    if (stopping) res.setHeader('Connection', 'close');
    void app(req, res);
  });

  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // as Node does: no answer on a dead socket, or in the middle of another answer on it
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent: boolean } })._httpMessage;
    if (err.code !== 'ECONNRESET' && socket.writable && !inFlight?.headersSent) {
      const [status, reason, message] = PARSER_REFUSALS[err.code ?? ''] ?? MALFORMED;
      const { body, headers } = refusal(message);
      const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.write(`HTTP/1.1 ${status} ${reason}\r\n${lines.join('')}\r\n${body}`);
    }
    socket.destroy();
  });

  server.on('checkExpectation', (_req, res: ServerResponse) => {
    const { body, headers } = refusal(EXPECTATION);
    res.writeHead(417, headers).end(body);
  });

  return {
    server,
    async stop() {
      stopping = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const cut = setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS);
      await closed;
      clearTimeout(cut);
    },
  };
}
