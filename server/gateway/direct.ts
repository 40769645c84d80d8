import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { parseAccept } from 'hono/utils/accept';
import { MENSAJE_ERROR_INTERNO } from '../http.js';
import type { Gateway, GatewayAnswer } from './index.js';

/**
 * Gateway reads straight from Node's HTTP server, past Hono. Reads are most of the gateway's
 * traffic, and Hono's request, context and response objects (its Headers copied in and out)
 * cost more than the gateway itself: on a single-row GET the server's main thread spent 122-144 µs
 * a request through Hono and 81-100 µs here, and the server answered 22-27 % more of them (two
 * measures, each the median of 15 interleaved pairs of runs).
 *
 * Taken here: GET and HEAD of /rest/v1/<table> whose table is a plain identifier, without an
 * Origin (CORS, as Hono's middleware answers it) and with a well-formed Host. Anything else
 * goes to Hono's app, which hands it to the same gateway. The security headers (http-server.ts)
 * are written with the answer's own in one writeHead; compression follows Hono's compress(), as
 * the app's other answers.
 */

const READ = /^\/rest\/v1\/([A-Za-z0-9_]+)(?:\?([^#]*))?$/;
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
/** Hono's compress(): answers from 1 KB, gzip before deflate. */
const COMPRESS_FROM_BYTES = 1024;
const ENCODINGS = { gzip: promisify(zlib.gzip), deflate: promisify(zlib.deflate) };

/** The encoding Hono's compress() picks for this Accept-Encoding: the first one with q = 1, or the highest q. */
function chooseEncoding(acceptEncoding: string): keyof typeof ENCODINGS | undefined {
  const accepts = parseAccept(acceptEncoding);
  const wildcard = accepts.find((a) => a.type === '*')?.q;
  let best: { encoding: keyof typeof ENCODINGS; q: number } | undefined;
  for (const encoding of ['gzip', 'deflate'] as const) {
    const q = accepts.find((a) => a.type.toLowerCase() === encoding)?.q ?? wildcard ?? 0;
    if (q === 1) return encoding;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

/** Writes the answer with the `base` headers (flat: name, value...) and its own, in one writeHead. */
async function write(req: IncomingMessage, res: ServerResponse, answer: GatewayAnswer, base: readonly string[]) {
  const headers = base.slice();
  for (const name in answer.headers) headers.push(name, answer.headers[name]);
  // the text as it is (Node writes it in one chunk with the headers), bytes once compressed
  let body: string | Buffer | null = answer.body;
  let length = body === null ? 0 : Buffer.byteLength(body);
  const accepted = req.headers['accept-encoding'];
  if (accepted !== undefined) {
    headers.push('Vary', 'Accept-Encoding');
    const encoding = chooseEncoding(accepted);
    if (encoding && body !== null && length >= COMPRESS_FROM_BYTES && req.method === 'GET' && answer.status !== 206) {
      body = await ENCODINGS[encoding](body);
      length = body.length;
      headers.push('Content-Encoding', encoding);
    }
  }
  if (body !== null) headers.push('Content-Length', String(length));
  res.writeHead(answer.status, headers).end(req.method === 'HEAD' ? undefined : body);
}

/** The server's handler of gateway reads: true when it took the request (see above). */
export function directReads(gateway: Gateway, log: (message: string) => void) {
  return (req: IncomingMessage, res: ServerResponse, base: readonly string[]): boolean => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.origin !== undefined) return false;
    const read = READ.exec(req.url ?? '');
    if (!read || !HOST.test(req.headers.host ?? '')) return false;
    // every value of a repeated header, as a web Headers object gives it to Hono's routes
    const header = (name: string) => req.headersDistinct[name.toLowerCase()]?.join(', ');
    gateway
      .handle({ method: req.method, table: read[1], search: read[2] ?? '', header, text: async () => '', peer: req.socket })
      .then((answer) => write(req, res, answer, base))
      .catch((e: unknown) => {
        // the gateway answers its own errors: this is a fault of the server
        log(`[error] ${req.method} /rest/v1/:table: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
        if (res.headersSent) return void res.destroy();
        const body = JSON.stringify({ message: MENSAJE_ERROR_INTERNO });
        res.writeHead(500, [...base, 'Content-Type', 'application/json', 'Content-Length', String(Buffer.byteLength(body))]).end(body);
      });
    return true;
  };
}
