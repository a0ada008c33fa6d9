import path from 'node:path';
import { cloudflare } from '@cloudflare/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { SECURITY_HEADERS } from '#shared/security-headers';
import { appServer } from './vite.app-server.ts';

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
      this.emitFile({ type: 'asset', fileName: '_headers', source: `${lines.join('\n')}\n` });
    },
  };
}

/**
 * How the app's code is split into files (docs/decisions/0078-react-on-the-server.md): everything
 * the entry needs in one file, TanStack Query with the app's query modules in one, the cards in
 * one, the HTTP client in one (loaded with the first request), a few small modules most screens
 * share in one, the work screens' small shared parts in one (the downloads' tray and the PNG button
 * stay chunks of their own, loaded when used), the downloads' modules in one, pan and zoom in one,
 * the geometry fidelity's shared parts in one; each screen's own code beside them.
 * Fewer, larger files compress better than the many small shared chunks the bundler makes alone,
 * and every file a screen may load is one more name in the entry's preload map.
 */
const clientChunks = {
  groups: [
    { name: 'shell', tags: ['$initial' as const], priority: 2 },
    { name: 'common', test: /shared[\\/](grid-rules|renditions|models|limits)\.ts$|frontend[\\/]ui[\\/]useHydrated\.ts$/, priority: 1 },
    {
      name: 'queries',
      test: /node_modules[\\/]@tanstack[\\/]|frontend[\\/]queries[\\/](client|QueryScope|rendered-data|gallery|dashboard|history|cache|mutations|hooks|tombstones|anonymous-page)\.tsx?$/,
      priority: 1,
    },
    {
      name: 'cards',
      test: /frontend[\\/]gallery[\\/](CardImages|CardMore|LikeBadge|DotsLoader|hooks|layout|placeholder|copy|useProgressiveCount)\.tsx?$|frontend[\\/]ui[\\/](Masonry\.tsx|card-icons\.ts)$|frontend[\\/]viewer[\\/]LazyViewer\.tsx$|node_modules[\\/]thumbhash[\\/]/,
      priority: 1,
    },
    { name: 'api', test: /node_modules[\\/]hono[\\/]|frontend[\\/]api[\\/](client|gallery|likes|generations|lineage)\.ts$/, priority: 1 },
    // Small modules the signed-in work screens (studio, projects, compare, review, the board, the
    // dashboard) share: a project's types, its version names and what is named after them
    // (downloads' file names, captions cut at a word, the board's address), compare's address, a
    // request's idempotency key, 4K prices, saving a file, the upscale button's CSS, the studio's
    // batches (the studio and the jobs cache map them) and the delete of a generation. One file
    // rather than a dozen: each is one more name in the entry.
    {
      name: 'work',
      test: /shared[\\/](project-types|version-names|print|messages[\\/]print)\.ts$|frontend[\\/]ui[\\/](words|save-blob)\.ts$|frontend[\\/]studio[\\/](download|idempotency)\.ts$|frontend[\\/]board[\\/]add-from-address\.ts$|frontend[\\/]compare[\\/]compare-url\.ts$|frontend[\\/]upscale[\\/]upscale\.css$|frontend[\\/]studio[\\/]history\.ts$|frontend[\\/]queries[\\/]generations\.ts$/,
      priority: 1,
    },
    // The downloads' modules, apart from the work chunk so the studio never loads them.
    {
      name: 'downloads',
      test: /frontend[\\/]downloads[\\/](api|copy|progress|requests|save-target|selection|start|store|stream-download|zip-entries|master)\.ts$/,
      priority: 1,
    },
    // Pan and zoom (the viewport, its gestures and the hook that binds them), shared by compare, the
    // viewer and the mask editor.
    { name: 'pan-zoom', test: /frontend[\\/]compare[\\/](layout|hooks|viewport|gestures|usePanZoom)\.ts$/, priority: 1 },
    // The geometry badge, overlay and their rules, shared by the studio, projects, compare and the
    // dashboard: one file and one style sheet rather than a handful (the viewer keeps its own part).
    { name: 'fidelity', test: /frontend[\\/]fidelity[\\/](?!ViewerFidelity)|shared[\\/]drawing-inputs\.ts$/, priority: 1 },
  ],
};

// One Vite for both halves. `vite dev` runs the Worker inside workerd with hot reload next to
// the app; `vite build` writes the app to dist/client and the Worker to dist/parti with the
// wrangler.json that `npm start` (wrangler dev) and `npm run deploy` (wrangler deploy) use: the
// app first, then its prerendered screens, then the Worker that renders the others
// (vite.app-server.ts).
export default defineConfig(() => {
  const server = appServer();
  return {
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
      server.plugin,
    ],
    builder: { buildApp: server.buildApp },
    // React 19 has useSyncExternalStore; the shim wouter imports for older Reacts is not shipped.
    resolve: { alias: [{ find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: path.join(rootDir, 'frontend/app/use-sync-external-store.ts') }] },
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
    environments: {
      client: { build: { rollupOptions: { output: { codeSplitting: clientChunks } } } },
    },
  };
});
