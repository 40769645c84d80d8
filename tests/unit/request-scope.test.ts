import { describe, expect, it } from 'vitest';
import { RequestScope } from '../../server/request-scope';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('RequestScope', () => {
  it('gives a run its value through awaits and timers, and nothing outside a run', async () => {
    const scope = new RequestScope<string>();
    expect(scope.get()).toBeUndefined();
    const seen = await scope.run('a', async () => {
      await tick();
      const inner = await Promise.resolve().then(() => scope.get());
      return [scope.get(), inner];
    });
    expect(seen).toEqual(['a', 'a']);
    expect(scope.get()).toBeUndefined();
  });

  it('keeps concurrent runs apart, also while one ends before the other', async () => {
    const scope = new RequestScope<number>();
    const run = (n: number, waits: number) =>
      scope.run(n, async () => {
        const seen: (number | undefined)[] = [];
        for (let i = 0; i < waits; i++) {
          await tick();
          seen.push(scope.get());
        }
        return seen;
      });
    const [short, long] = await Promise.all([run(1, 1), run(2, 4)]);
    expect(short).toEqual([1]);
    expect(long).toEqual([2, 2, 2, 2]);
  });

  it('works again for the next run after every run has ended, a failed one too', async () => {
    const scope = new RequestScope<string>();
    await expect(scope.run('x', async () => Promise.reject(new Error('falla')))).rejects.toThrow('falla');
    expect(scope.get()).toBeUndefined();
    expect(await scope.run('y', async () => (await tick(), scope.get()))).toBe('y');
    expect(scope.get()).toBeUndefined();
  });
});
