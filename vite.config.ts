import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { bundleStats, precompress } from './scripts/vite-plugins.ts';

const server = process.env.VITE_PROXY_TARGET || 'http://localhost:8080';

const SIDE_EFFECT_FREE =
  /[\\/]node_modules[\\/](?:react-markdown|remark-[\w-]+|micromark[\w-]*|mdast-[\w-]+|hast-[\w-]+|unist-[\w-]+|unified|vfile[\w-]*|property-information|papaparse|markdown-table|decode-named-character-reference|character-entities[\w-]*|trough|bail|ccount|devlop|zwitch|longest-streak|comma-separated-tokens|space-separated-tokens|style-to-object|inline-style-parser|is-plain-obj|extend|is-buffer|parse-entities|mdurl|repeat-string|xtend|@supabase[\\/](?:supabase-js|auth-js|realtime-js|storage-js|phoenix)|iceberg-js)[\\/]/;

// Two entries: the portal (index.html) and the act form shown in an iframe (formulario.html).
export default defineConfig({
  // precompress: every asset also as .br and .gz, served by content negotiation (server/static.ts)
  plugins: [react(), bundleStats(), precompress()],
  build: {
    rollupOptions: {
      input: { main: 'index.html', formulario: 'formulario.html' },
      // Packages whose modules only define things, but that do not say so (no "sideEffects": false),
      // so their unused code stayed in the bundle: @refinedev/antd's index imports react-markdown
      // and remark-gfm (the markdown stack, 13 KB on the wire, for its MarkdownField, unused) and
      // @refinedev/core's imports papaparse (CSV import/export, unused); @refinedev/supabase's
      // imports supabase-js (its createClient, re-exported) where the portal gives it a PostgREST
      // client of its own (providers/supabase-client.ts).
      treeshake: { moduleSideEffects: (id: string) => !SIDE_EFFECT_FREE.test(id) },
    },
    chunkSizeWarningLimit: 1500,
    // dist/.vite/manifest.json: what each route loads, read by `npm run bench` (bench/bundle.ts)
    manifest: true,
  },
  server: {
    proxy: Object.fromEntries(['/nt', '/rest', '/functions', '/geo', '/dev'].map((p) => [p, server])),
  },
});
