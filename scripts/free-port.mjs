// A TCP port free at the time of asking, for servers the tests and benchmarks start themselves.
import net from 'node:net';

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}
