import type { Page } from '@playwright/test';
import { test, expect, signIn } from './fixtures';
import { pageRoutes } from '../../resources/page-routes';

/**
 * A page left open does no work: once it has shown its data, React renders nothing until the
 * person or the server (a live event) changes something. /expedientes once set the same filters
 * every 300 ms for as long as it stayed open (a debounced effect that listed Refine's setFilters,
 * new after each call, among its dependencies), re-rendering its table: a phone's battery and
 * every other task on the page paid for it.
 *
 * React's commits are counted through the hook its DevTools use, installed before the page runs.
 */
const COUNT_COMMITS = `window.__commits = 0;
window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { supportsFiber: true, renderers: new Map(), inject: function () { return 1; },
  checkDCE: function () {}, onScheduleFiberRoot: function () {}, onCommitFiberUnmount: function () {}, onPostCommitFiberRoot: function () {},
  onCommitFiberRoot: function () { window.__commits++; } };`;

const commits = (page: Page) => page.evaluate(() => (window as unknown as { __commits: number }).__commits);

/** Waits for a quiet moment: 1.5 s without a commit, within 12 s (the header's clock ticks once a minute). */
async function expectAtRest(page: Page, path: string) {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .tabla-cargando')).toHaveCount(0, { timeout: 15_000 });
  await expect
    .poll(
      async () => {
        const before = await commits(page);
        await page.waitForTimeout(1_500);
        return (await commits(page)) - before;
      },
      { message: `${path} sigue renderizando sin que nada cambie`, timeout: 12_000, intervals: [0] },
    )
    .toBe(0);
}

const routesFor = (role: 'client' | 'staff') =>
  Object.values(pageRoutes)
    .filter((r) => r.opensTo.includes(role) && (role === 'client' || !r.opensTo.includes('client')))
    .map((r) => r.path);

for (const [who, documento, paths] of [
  ['a client', '12345678Z', routesFor('client')],
  ['staff', '11111111H', routesFor('staff')],
  ['the admin', '00000000T', ['/admin/notarias']],
] as const) {
  test(`every page ${who} opens comes to rest once shown`, async ({ page }) => {
    test.slow();
    await page.addInitScript(COUNT_COMMITS);
    await signIn(page, documento);
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator('main#contenido')).toBeVisible();
      await expectAtRest(page, path);
      // a list's search box: the filter it sends once typing stops must not start again by itself
      const search = page.locator('main input.buscador-input');
      if ((await search.count()) > 0) {
        await search.first().fill('zz');
        await expectAtRest(page, `${path} (buscando)`);
      }
    }
  });
}
