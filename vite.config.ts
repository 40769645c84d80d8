import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { antdStaticStyles, buildTimeData, bundleStats, narrowImport, precompress } from './scripts/vite-plugins.ts';

const server = process.env.VITE_PROXY_TARGET || 'http://localhost:8080';

const SIDE_EFFECT_FREE =
  /[\\/]node_modules[\\/](?:react-markdown|remark-[\w-]+|micromark[\w-]*|mdast-[\w-]+|hast-[\w-]+|unist-[\w-]+|unified|vfile[\w-]*|property-information|papaparse|markdown-table|decode-named-character-reference|character-entities[\w-]*|trough|bail|ccount|devlop|zwitch|longest-streak|comma-separated-tokens|space-separated-tokens|style-to-object|inline-style-parser|is-plain-obj|extend|is-buffer|parse-entities|mdurl|repeat-string|xtend|@supabase[\\/](?:supabase-js|auth-js|realtime-js|storage-js|phoenix)|iceberg-js|error-stack-parser|stackframe|rc-picker|@rc-component[\\/]color-picker)[\\/]/;

/**
 * The registry's data (resources/refine.ts), the signed-in providers and what they share with every
 * page (see codeSplitting); not the pages' routes (resources/page-routes.ts, data at build), which
 * Root reads, nor the declarations, which the pages that edit their records load.
 */
const PORTAL_CORE =
  /[\\/]resources[\\/](?:refine|servicios-url)\.ts$|[\\/]providers[\\/](?:access-control|i18n|servicios-data|servicios-pendientes|servicios-paths|supabase-data)|[\\/]domain[\\/](?:access|resource-messages|temp-id)\.ts$|[\\/]node_modules[\\/]dayjs[\\/](?:dayjs\.min|locale[\\/]es)\.js$/;

// Two entries: the portal (index.html) and the act form shown in an iframe (formulario.html).
export default defineConfig({
  // precompress: every asset also as .br and .gz, served by content negotiation (server/static.ts);
  // buildTimeData: the endpoints' and the pages' routes as data, without the schemas of their declarations
  // narrowImport: antd's form context (read by every input) needs rc-field-form's FormProvider only;
  // the package's index brings the form engine and async-validator (~10 KB) to pages without a form
  plugins: [
    buildTimeData(['api/routes.ts', 'resources/page-routes.ts', 'resources/refine.ts', 'resources/admin.ts']),
    narrowImport(/[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/, 'rc-field-form', 'rc-field-form/es/FormContext'),
    react(),
    antdStaticStyles(),
    bundleStats(),
    precompress(),
  ],
  resolve: {
    alias: [
      // Refine's query strings (list pages' URL state) through qs-esm: qs itself brings ~95 KB of
      // polyfill packages (side-channel, get-intrinsic, object-inspect...) to every signed-in page.
      { find: /^qs$/, replacement: fileURLToPath(new URL('./src/vendor/qs.ts', import.meta.url)) },
      // rc-util's React/render, which antd's wave effect calls: one that works with React 19 and
      // without Babel's regenerator runtime (src/vendor/rc-render.ts)
      { find: /^rc-util\/es\/React\/render$/, replacement: fileURLToPath(new URL('./src/vendor/rc-render.ts', import.meta.url)) },
    ],
  },
  build: {
    rollupOptions: {
      input: { main: 'index.html', formulario: 'formulario.html' },
      // Packages whose modules only define things, but that do not say so (no "sideEffects": false),
      // so their unused code stayed in the bundle: @refinedev/antd's index imports react-markdown
      // and remark-gfm (the markdown stack, 13 KB on the wire, for its MarkdownField, unused) and
      // @refinedev/core's imports papaparse (CSV import/export, unused); @refinedev/supabase's
      // imports supabase-js (its createClient, re-exported) where the portal gives it a PostgREST
      // client of its own (providers/supabase-client.ts). @refinedev/devtools-internal imports
      // error-stack-parser (CommonJS) for a trace it builds only in development.
      treeshake: { moduleSideEffects: (id: string) => !SIDE_EFFECT_FREE.test(id) },
      output: {
        // Automatic splitting made 66-81 files for a signed-in page (every set of lazy pages sharing
        // a few antd components or schemas got its own chunk), each answer with ~1 KB of headers
        // and its own compression window. Common chunks smaller than this (source bytes, before
        // minification) are copied into the chunks that read them instead; a registry in rolldown's
        // runtime keeps one execution and one state per module across the copies (React contexts
        // stay one). Measured (npm run bench -- --only=bundle, bytes Chromium received): 10,000 →
        // 27 files for /datos-personales, 50,000 → 20 (404 KB), 120,000 → 14 but 412 KB (more code
        // copied in than headers saved). The style files stay the same ten as without it.
        //
        // The copies also hit what the Portal (src/Portal.tsx) loads for every signed-in page: the
        // registry and the providers reached a page chunk as well (~11-15 KB Brotli twice on
        // /expedientes, /admin/notarias, /despacho). They form one chunk of their own, which the
        // Portal loads and the pages reuse. Only modules the login page does not use (it must
        // not load the registry): the test names them, without their dependencies.
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 50_000 },
          groups: [{ name: 'registry', test: (id: string) => PORTAL_CORE.test(id), includeDependenciesRecursively: false }],
        },
      },
    },
    chunkSizeWarningLimit: 1500,
    // bench/profile.ts maps a CPU profile's samples to packages and source folders through these
    sourcemap: process.env.PROFILE_SOURCEMAP ? 'hidden' : false,
    // dist/.vite/manifest.json: what each route loads, read by `npm run bench` (bench/bundle.ts)
    manifest: true,
  },
  server: {
    proxy: Object.fromEntries(['/nt', '/rest', '/functions', '/geo', '/dev'].map((p) => [p, server])),
  },
});
