import { writeFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { SECURITY_HEADERS } from '#shared/security-headers';

const outDir = path.resolve(import.meta.dirname, 'dist/client');

/**
 * Static assets never reach the Worker, so their security headers come from a `_headers`
 * file written from the same record the Worker's middleware uses. Hashed assets are immutable.
 */
function staticHeaders(): Plugin {
  return {
    name: 'parti-static-headers',
    apply: 'build',
    closeBundle() {
      const lines = ['/*', ...Object.entries(SECURITY_HEADERS).map(([name, value]) => `  ${name}: ${value}`)];
      lines.push('/assets/*', '  Cache-Control: public, max-age=31536000, immutable');
      writeFileSync(path.join(outDir, '_headers'), `${lines.join('\n')}\n`);
    },
  };
}

const workerOrigin = `http://127.0.0.1:${process.env.WORKER_PORT ?? '8787'}`;

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'frontend'),
  publicDir: path.resolve(import.meta.dirname, 'frontend/public'),
  plugins: [react(), staticHeaders()],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    // Source maps are not published with the app.
    sourcemap: false,
  },
  server: {
    // `npm run dev`: Vite serves the app with hot reload, the Worker answers the API.
    proxy: {
      '/api': { target: workerOrigin, ws: true },
      '/media': workerOrigin,
    },
  },
});
