import path from 'node:path';
import { cloudflare } from '@cloudflare/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { SECURITY_HEADERS } from '#shared/security-headers';

const rootDir = import.meta.dirname;

/**
 * Static assets never reach the Worker, so their security headers come from a `_headers`
 * file written from the same record the Worker's middleware uses. Hashed assets are immutable.
 */
function staticHeaders(): Plugin {
  return {
    name: 'parti-static-headers',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle() {
      const lines = ['/*', ...Object.entries(SECURITY_HEADERS).map(([name, value]) => `  ${name}: ${value}`)];
      lines.push('/assets/*', '  Cache-Control: public, max-age=31536000, immutable');
      // The review page's address carries its link's token (docs/decisions/0071-review-links.md).
      lines.push('/review/*', '  ! Referrer-Policy', '  Referrer-Policy: no-referrer', '  X-Robots-Tag: noindex');
      this.emitFile({ type: 'asset', fileName: '_headers', source: `${lines.join('\n')}\n` });
    },
  };
}

/**
 * The built app runs on Preact's React-compatible layer (docs/decisions/0057-preact-in-the-build.md):
 * the same components at a fraction of react-dom's bytes, so the landing and the gallery stay
 * within their JavaScript budget (frontend/app/react-on-preact.ts adds the hook Preact lacks). `vite dev` and the jsdom tests keep React itself.
 */
const PREACT_ALIASES = [
  { find: /^react$/, replacement: path.join(rootDir, 'frontend/app/react-on-preact.ts') },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

// One Vite for both halves. `vite dev` runs the Worker inside workerd with hot reload next to
// the app; `vite build` writes the app to dist/client and the Worker to dist/parti with the
// wrangler.json that `npm start` (wrangler dev) and `npm run deploy` (wrangler deploy) use.
export default defineConfig(({ command }) => ({
  root: path.join(rootDir, 'frontend'),
  publicDir: path.join(rootDir, 'frontend/public'),
  plugins: [
    react(),
    cloudflare({
      configPath: path.join(rootDir, 'wrangler.toml'),
      // The same local D1/R2/Durable Object state as `wrangler d1 migrations apply --local`
      // (and `--persist-to $PERSIST_DIR`), so `npm run dev` sees the migrated database.
      persistState: { path: process.env.PERSIST_DIR ?? path.join(rootDir, '.wrangler/state') },
    }),
    staticHeaders(),
  ],
  resolve: { alias: command === 'build' ? PREACT_ALIASES : [] },
  build: {
    // The plugin writes the app to dist/client and the Worker to dist/parti.
    outDir: path.join(rootDir, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    // Source maps are not published with the app.
    sourcemap: false,
    // jsPDF's optional HTML and SVG renderers, which the board never calls
    // (docs/decisions/0074-presentation-board.md): not bundled, so they add no chunks.
    rollupOptions: { external: ['html2canvas', 'dompurify', 'canvg'] },
  },
}));
