import { Hono } from 'hono';
import { expect, it } from 'vitest';
import { fewLargeBodiesAtATime } from '../../server/http';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

it('requests with a large or chunked body go on a few at a time, in order; small or no bodies never wait', async () => {
  const app = new Hono();
  let inside = 0;
  let most = 0;
  const order: string[] = [];
  const waiting: (() => void)[] = [];
  app.use('*', fewLargeBodiesAtATime(2));
  app.post('/:name', async (c) => {
    if (c.req.header('Content-Length') === '100000' || c.req.header('Transfer-Encoding')) {
      inside++;
      most = Math.max(most, inside);
      await new Promise<void>((resolve) => waiting.push(resolve));
      inside--;
    }
    order.push(c.req.param('name'));
    return c.text('ok');
  });
  app.delete('/:name', (c) => c.text('ok'));
  const post = (name: string, headers: Record<string, string>) => app.request(`/${name}`, { method: 'POST', headers, body: 'x' });

  const large = ['a', 'b', 'c', 'd', 'e'].map((name) => post(name, { 'Content-Length': '100000' }));
  const unknown = post('chunked', { 'Transfer-Encoding': 'chunked' }); // its size is unknown, so large
  await tick();
  expect(inside).toBe(2);
  // neither waits behind the six
  expect((await post('small', { 'Content-Length': '100' })).status).toBe(200);
  expect((await app.request('/x', { method: 'DELETE' })).status).toBe(200); // no body at all
  while (order.length < 7) {
    waiting.splice(0).forEach((go) => go());
    await tick();
  }
  expect(most).toBe(2);
  expect(order).toEqual(['small', 'a', 'b', 'c', 'd', 'e', 'chunked']);
  expect((await Promise.all([...large, unknown])).map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
});
