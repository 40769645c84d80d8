import { expect, it } from 'vitest';
import { startTestServer } from '../support/server';

/**
 * Stopping (SIGTERM, a deploy) while clients keep their keep-alive connections busy: Node's own
 * close() ends only the connections idle at that moment, and clients that keep theirs busy kept
 * the server answering for as long as they went on.
 */
it('stops within seconds under keep-alive load: answers in progress finish, and tell their clients to go', async () => {
  const server = await startTestServer();
  const url = `${server.url}/rest/v1/notarias?select=id&id=eq.1`;
  const answers: { status: number; connection: string | null }[] = [];
  let running = true;
  const loop = async () => {
    while (running) {
      try {
        const res = await fetch(url); // fetch keeps its connections alive and reuses them at once
        await res.arrayBuffer();
        answers.push({ status: res.status, connection: res.headers.get('Connection') });
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 10)); // a new connection once it stopped listening
      }
    }
  };
  const loops = Array.from({ length: 50 }, loop);
  // the load is on once every loop has had an answer (on a busy host that takes longer than 500 ms)
  for (const deadline = Date.now() + 10_000; answers.length <= 50 && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const before = answers.length;

  const started = performance.now();
  const stopped = server.close().then(() => performance.now() - started);
  // a server that never stops would keep this test waiting: the load ends after 10 s whatever happens
  const took = await Promise.race([stopped, new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), 10_000))]);
  running = false;
  await Promise.all(loops);
  await stopped;

  expect(before).toBeGreaterThan(50); // the load was on
  expect(took).toBeLessThan(3000);
  expect(answers.every((a) => a.status === 200)).toBe(true);
  expect(answers.slice(before).some((a) => a.connection === 'close')).toBe(true);
}, 60_000);
