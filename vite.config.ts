import path from 'node:path';
import { cloudflare } from '@cloudflare/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type Rolldown } from 'vite';
import { SECURITY_HEADERS } from '#shared/security-headers';
import { ROUTE_PRELOADS_ATTRIBUTE } from '#shared/edge';

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
 * The first-screen routes the Worker serves (worker/gallery/first-screen-routes.ts) and the module
 * each one renders (frontend/app/App.tsx).
 */
const FIRST_SCREEN_ROUTES = { '/': 'landing/LandingPage.tsx', '/gallery': 'gallery/GalleryPage.tsx' };

/** A chunk and every chunk it imports statically, by file name. */
function staticClosure(bundle: Rolldown.OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  const output = bundle[fileName];
  if (seen.has(fileName) || output?.type !== 'chunk') return seen;
  seen.add(fileName);
  for (const imported of output.imports) staticClosure(bundle, imported, seen);
  return seen;
}

/**
 * For each first-screen route, an inert `<template data-route-preloads="/route">` in index.html
 * with a modulepreload of every chunk the route needs beyond the entry's (and a preload of their
 * CSS), so the Worker can make the route's code download beside the entry instead of after it
 * (docs/decisions/0058-route-chunks-preloaded.md). A route whose code is in the entry gets none.
 */
function routePreloads(): Plugin {
  let base = '/';
  return {
    name: 'parti-route-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return [];
        const loaded = staticClosure(bundle, entry.fileName);
        const loadedCss = new Set([...loaded].flatMap((file) => chunkCss(bundle, file)));
        return Object.entries(FIRST_SCREEN_ROUTES).flatMap(([route, module]): HtmlTagDescriptor[] => {
          const id = path.join(rootDir, 'frontend', module);
          const chunk = Object.values(bundle).find((output) => output.type === 'chunk' && output.moduleIds.includes(id));
          if (!chunk) throw new Error(`parti-route-preloads: ${module} is in no chunk`);
          const files = [...staticClosure(bundle, chunk.fileName)].filter((file) => !loaded.has(file));
          const css = [...new Set(files.flatMap((file) => chunkCss(bundle, file)))].filter((file) => !loadedCss.has(file));
          if (files.length === 0 && css.length === 0) return [];
          const links: HtmlTagDescriptor[] = [
            ...files.map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` } })),
            ...css.map((file) => ({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `${base}${file}` } })),
          ];
          return [{ tag: 'template', attrs: { [ROUTE_PRELOADS_ATTRIBUTE]: route }, children: links, injectTo: 'head' }];
        });
      },
    },
  };
}

function chunkCss(bundle: Rolldown.OutputBundle, fileName: string): string[] {
  const output = bundle[fileName];
  return output?.type === 'chunk' ? [...(output.viteMetadata?.importedCss ?? [])] : [];
}


// One Vite for both halves. `vite dev` runs the Worker inside workerd with hot reload next to
// the app; `vite build` writes the app to dist/client and the Worker to dist/parti with the
// wrangler.json that `npm start` (wrangler dev) and `npm run deploy` (wrangler deploy) use.
export default defineConfig(() => ({
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
    routePreloads(),
  ],
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
