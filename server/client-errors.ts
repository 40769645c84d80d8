import type { ServerResponse, Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** What Node's HTTP parser refuses before any route sees the request, and what the caller is told. */
const REFUSALS: Record<string, [status: number, reason: string, message: string]> = {
  // the request line and headers together are over Node's limit (16 KB): a huge in.(…) filter
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'La dirección o las cabeceras de la petición son demasiado largas'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Payload Too Large', 'La petición es demasiado grande'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'La petición tardó demasiado en llegar'],
};
const MALFORMED: [number, string, string] = [400, 'Bad Request', 'La petición HTTP no es válida'];
const EXPECTATION = 'La cabecera Expect solo admite 100-continue';

/**
 * Answers what Node's HTTP server refuses before any route sees the request (too long, malformed,
 * too slow, an Expect other than 100-continue) as every other error of the server: a JSON
 * {message} in Spanish with the app's security headers (`securityHeaders`, as its middleware sets
 * them). Node's own answers are a bare status line.
 */
export function answerClientErrors(server: Server, securityHeaders: Headers): void {
  const headers = (message: string) => ({
    ...Object.fromEntries(securityHeaders),
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(JSON.stringify({ message }))),
    Connection: 'close',
  });

  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // as Node does: no answer on a dead socket, or in the middle of another answer on it
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent: boolean } })._httpMessage;
    if (err.code !== 'ECONNRESET' && socket.writable && !inFlight?.headersSent) {
      const [status, reason, message] = REFUSALS[err.code ?? ''] ?? MALFORMED;
      const lines = Object.entries(headers(message)).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.write(`HTTP/1.1 ${status} ${reason}\r\n${lines.join('')}\r\n${JSON.stringify({ message })}`);
    }
    socket.destroy();
  });

  server.on('checkExpectation', (_req, res: ServerResponse) => {
    res.writeHead(417, headers(EXPECTATION)).end(JSON.stringify({ message: EXPECTATION }));
  });
}
