// How the server process is started, in one place: npm start, the browser tests and the
// benchmarks run it the way an operator does (npm run dev runs the TypeScript with tsx --watch).
import { SERVER_BUNDLE } from './build-server.mjs';

export { buildServer } from './build-server.mjs';

// --max-semi-space-size=8: V8's young generation in 8 MB halves instead of 16, to keep the
// resident memory low. Not smaller: with 2 MB halves the main thread spent 23-28 % of its time
// in GC (scavenges of 50 requests' live data), with 8 MB 7 %, and the gateway GET did about
// 5,900 req/s instead of 6,600 here; the RSS a minute after the load bench was the same (219 MB).
// The database's worker thread keeps a 6 MB young generation of its own (pglite-in-worker.ts).
// --v8-pool-size=2: two V8 helper threads instead of Node's four, whatever the cores. They compile
// (the database's wasm as it warms up) and, without the flag below, help the GC, on malloc memory that stays
// resident. Load bench on 2 cores, 5 runs with four and 6 with two: 60 s after the load 219-253 MB
// (mean 236) against 202-229 (mean 214), at its end 343-394 against 331-357, at the same requests
// per second there and in the throughput bench.
// --single-threaded-gc: each thread collects its own young generation alone, instead of with the
// helper threads. On 2 busy cores the helpers' share cost more than it saved: the gateway GET on the
// embedded database took 71 instead of 82 µs of the server's CPU and answered 5-7 % more a second
// (two paired runs of 8 rounds, in either order); on PostgreSQL it made no difference.
// --heap-growing-percent=100: after a full collection the old generation may grow to twice what
// survived, not V8's up to four times. Under the load bench (200 connections, answers in ~100 ms)
// requests outlive two scavenges and are promoted; the old generation went from 40 MB to 160-180 MB
// before each full collection, and the heap held up to 275 MB. With the flag, the server's RSS in
// that bench peaked at 342-350 MB instead of 450-500 and ended at 313-330 MB instead of 400-447, at
// the same requests per second and a lower p99 (271-281 against 311 ms). The throughput bench, whose
// requests die young, did not move (gateway GET 21,374 req/s, ratio 0.61).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--v8-pool-size=2', '--single-threaded-gc', '--heap-growing-percent=100'];

/** The arguments for `node` that run the server bundle (build it first with buildServer()). */
export const serverArgs = () => [...SERVER_NODE_FLAGS, SERVER_BUNDLE];

/**
 * The server's environment: `env` plus two glibc malloc settings (each unless set). Freed socket,
 * parser and query buffers stay resident in malloc's arenas, and nothing gives them back:
 * - MALLOC_ARENA_MAX=2: glibc gives each thread (libuv's pool, V8's workers, the database's
 *   worker thread) its own arena; with two the server fell from 266 to 226 MB a minute after the
 *   load bench (200 connections), at the same throughput.
 * - MALLOC_MMAP_THRESHOLD_=65536: blocks of 64 KB and more (a socket read's buffer, a query's
 *   output) are mapped on their own and unmapped when freed. The default threshold grows to
 *   32 MB after the first such free, and then those blocks fragment the arenas: a minute after
 *   the load bench the server held 252 MB, with this 219 MB, at the same throughput.
 */
export const serverEnv = (env) => ({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '65536', ...env });

/**
 * `node scripts/server-command.mjs` prints the server's command line for `exec env …` (npm start,
 * package.json): the malloc settings this environment does not set, node, its flags and the
 * bundle, relative to the project (npm runs scripts there). npm start's shell then becomes the
 * server, instead of a Node parent waiting beside it (47 MB resident for as long as it ran).
 */
if (import.meta.url === `file://${process.argv[1]}`) {
  const env = Object.entries(serverEnv({})).filter(([name]) => !(name in process.env)).map(([name, value]) => `${name}=${value}`);
  process.stdout.write([...env, process.execPath, ...SERVER_NODE_FLAGS, 'server/.build/main.mjs'].join(' ') + '\n');
}
