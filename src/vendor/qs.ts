import { parse, stringify } from 'qs-esm';

/**
 * `qs` as @refinedev/core and @refinedev/react-router import it (`import qs from 'qs'`, then
 * qs.parse / qs.stringify), from qs-esm: the same code without qs's polyfill dependencies
 * (side-channel, get-intrinsic, object-inspect...: ~95 KB of the ~38 KB qs itself, minified, in
 * every signed-in page). vite.config.ts aliases 'qs' here for the browser build; tests/unit/qs.test.ts
 * checks both give the same answers for the options Refine passes.
 */
export { parse, stringify };
export default { parse, stringify };
