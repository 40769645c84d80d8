import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const server = process.env.VITE_PROXY_TARGET || 'http://localhost:8080';

// Two entries: the portal (index.html) and the act form shown in an iframe (formulario.html).
export default defineConfig({
  plugins: [react()],
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
