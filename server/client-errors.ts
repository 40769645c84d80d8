import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** What Node's HTTP parser refuses before any route sees the request, and what the caller is told. */
const REFUSALS: Record<string, [status: number, reason: string, message: string]> = {
  // the request line and headers together are over Node's limit (16 KB): a huge in.(…) filter
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'La dirección o las cabeceras de la petición son demasiado largas'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Payload Too Large', 'La petición es demasiado grande'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'La petición tardó demasiado en llegar'],
};
const MALFORMED: [number, string, string] = [400, 'Bad Request', 'La petición HTTP no es válida'];

/**
 * Answers the requests Node's HTTP parser refuses (too long, malformed, too slow) as every other
 * error of the server: a JSON {message} in Spanish with the security headers of the app. Node's own
 * answer is a bare status line. `securityHeaders` are the app's, as its middleware sets them.
 */
export function answerClientErrors(server: Server, securityHeaders: Headers): void {
  const common = [...securityHeaders].map(([name, value]) => `${name}: ${value}\r\n`).join('');
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // as Node does: no answer on a dead socket, or in the middle of another answer on it
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent: boolean } })._httpMessage;
    if (err.code !== 'ECONNRESET' && socket.writable && !inFlight?.headersSent) {
      const [status, reason, message] = REFUSALS[err.code ?? ''] ?? MALFORMED;
      const body = JSON.stringify({ message });
      socket.write(
        `HTTP/1.1 ${status} ${reason}\r\n${common}Content-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  });
}
