import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { bundleStats, precompress } from './scripts/vite-plugins';

const server = process.env.VITE_PROXY_TARGET || 'http://localhost:8080';

// Two entries: the portal (index.html) and the act form shown in an iframe (formulario.html).
export default defineConfig({
  // precompress: every asset also as .br and .gz, served by content negotiation (server/static.ts)
  plugins: [react(), bundleStats(), precompress()],
  build: {
    rollupOptions: { input: { main: 'index.html', formulario: 'formulario.html' } },
    chunkSizeWarningLimit: 1500,
    // dist/.vite/manifest.json: what each route loads, read by `npm run bench` (bench/bundle.ts)
    manifest: true,
  },
  server: {
    proxy: Object.fromEntries(['/nt', '/rest', '/functions', '/geo', '/dev'].map((p) => [p, server])),
  },
});
