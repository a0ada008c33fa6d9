/**
 * React on the server, at build time (docs/decisions/0078-react-on-the-server.md): the build
 * writes the app first, reads from its bundle what each server-rendered screen loads, prerenders
 * the screens without data of their own in Node, and only then builds the Worker, which gets the
 * app's server renderer and all of that as the module `virtual:parti/app-server`
 * (worker/render/app-server.d.ts).
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { createRunnableDevEnvironment, resolveConfig, type Plugin, type Rolldown, type ViteBuilder } from 'vite';
import {
  PRERENDERED_SCREENS, SERVER_SCREENS, splitShell,
  type ClientBuild, type PrerenderedMarkup, type RenderedState, type ServerScreen, type WorkerBuild,
} from '#shared/app-document';

const rootDir = import.meta.dirname;
const frontend = path.join(rootDir, 'frontend');
const VIRTUAL_ID = 'virtual:parti/app-server';

/**
 * The modules each server-rendered screen loads (frontend/app/App.tsx's lazy screens): the
 * screen's own and the query scope of screens that query.
 */
const SCREEN_MODULES: Record<ServerScreen, string[]> = {
  landing: ['landing/LandingPage.tsx'],
  about: ['landing/LandingPage.tsx'],
  pricing: ['pricing/PricingPage.tsx'],
  gallery: ['gallery/GalleryPage.tsx', 'queries/QueryScope.tsx'],
  image: ['gallery/ImagePage.tsx', 'queries/QueryScope.tsx'],
  review: ['review/ReviewPage.tsx', 'queries/QueryScope.tsx'],
};

/** What `npm test`'s build check and the bench read (scripts/build-output.mjs): the files each screen's first visit loads. */
export const SCREEN_SCRIPTS_FILE = path.join(rootDir, 'dist', 'screen-scripts.json');

/** A chunk and every chunk it imports statically, by file name. */
function staticClosure(bundle: Rolldown.OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  const output = bundle[fileName];
  if (seen.has(fileName) || output?.type !== 'chunk') return seen;
  seen.add(fileName);
  for (const imported of output.imports) staticClosure(bundle, imported, seen);
  return seen;
}

function chunkCss(bundle: Rolldown.OutputBundle, fileName: string): string[] {
  const output = bundle[fileName];
  return output?.type === 'chunk' ? [...(output.viteMetadata?.importedCss ?? [])] : [];
}

/** The client build's facts, from its bundle: the shell, and per screen what it loads beyond the entry. */
function clientBuildOf(bundle: Rolldown.OutputBundle, base: string): { build: ClientBuild; entry: string[] } {
  const html = bundle['index.html'];
  if (html?.type !== 'asset') throw new Error('parti-app-server: the client build has no index.html');
  const entry = Object.values(bundle).find((output) => output.type === 'chunk' && output.isEntry);
  if (!entry) throw new Error('parti-app-server: the client build has no entry chunk');
  const loaded = staticClosure(bundle, entry.fileName);
  const loadedCss = new Set([...loaded].flatMap((file) => chunkCss(bundle, file)));
  const screens = Object.fromEntries(
    SERVER_SCREENS.map((screen) => {
      const files = new Set<string>();
      for (const module of SCREEN_MODULES[screen]) {
        const id = path.join(frontend, module);
        const chunk = Object.values(bundle).find((output) => output.type === 'chunk' && output.moduleIds.includes(id));
        if (!chunk) throw new Error(`parti-app-server: ${module} is in no chunk`);
        for (const file of staticClosure(bundle, chunk.fileName)) if (!loaded.has(file)) files.add(file);
      }
      const styles = new Set([...files].flatMap((file) => chunkCss(bundle, file)).filter((file) => !loadedCss.has(file)));
      return [screen, { scripts: [...files].map((file) => `${base}${file}`), styles: [...styles].map((file) => `${base}${file}`) }];
    }),
  ) as ClientBuild['screens'];
  const id = createHash('sha256').update(Object.keys(bundle).sort().join('\n')).digest('hex').slice(0, 16);
  return { build: { id, shell: splitShell(String(html.source)), screens }, entry: [...loaded].map((file) => `${base}${file}`) };
}

/** The state a prerendered screen hydrates from: signed out, no search, no data. */
function prerenderedState(screen: keyof typeof PRERENDERED_SCREENS): RenderedState {
  return { path: PRERENDERED_SCREENS[screen], search: '', auth: 'signedOut' };
}

/**
 * Stylesheets change no markup: rendering outside the browser skips them, so the Worker's bundle
 * carries none and the prerender needs none of Vite's CSS pipeline.
 */
const noStylesheets: Plugin = {
  name: 'parti-server-no-css',
  enforce: 'pre',
  applyToEnvironment: (environment) => environment.config.consumer === 'server',
  resolveId: (source) => (source.endsWith('.css') ? '\0parti-no-css' : undefined),
  load: (id) => (id === '\0parti-no-css' ? 'export {};' : undefined),
};

interface PrerenderModule {
  prerenderScreen: (state: RenderedState) => Promise<PrerenderedMarkup>;
}

/**
 * Runs `use` with frontend/app/prerender.tsx loaded in Node through Vite's module runner (the
 * app's TypeScript, JSX and `#shared` imports; packages from node_modules as they are), which
 * stays open until `use` is done: rendering loads the screens' modules on the way.
 */
async function withPrerenderer<T>(use: (module: PrerenderModule) => Promise<T>): Promise<T> {
  const config = await resolveConfig(
    {
      configFile: false,
      root: rootDir,
      logLevel: 'warn',
      plugins: [noStylesheets, react()],
      environments: {
        prerender: { consumer: 'server', dev: { moduleRunnerTransform: true }, resolve: { external: true, conditions: ['node'] } },
      },
    },
    'serve',
  );
  const environment = createRunnableDevEnvironment('prerender', config, { hot: false, runnerOptions: { hmr: { logger: false } } });
  await environment.init();
  try {
    return await use(await environment.runner.import<PrerenderModule>(path.join(frontend, 'app/prerender.tsx')));
  } finally {
    await environment.close();
  }
}

/**
 * The plugin, and the build order it needs (vite.config.ts's `builder.buildApp`). `testBuild`
 * stands in for a client build where there is none (the Worker's tests); without it, `vite dev`
 * gets `workerBuild = null` and the browser renders every screen itself.
 */
export function appServer({ testBuild }: { testBuild?: WorkerBuild } = {}): { plugin: Plugin[]; buildApp: (builder: ViteBuilder) => Promise<void> } {
  let client: { build: ClientBuild; entry: string[] } | null = null;
  let workerBuild: WorkerBuild | null = testBuild ?? null;

  const plugin: Plugin = {
    name: 'parti-app-server',
    // One instance for every environment, so the Worker's build sees what the client's recorded.
    sharedDuringBuild: true,
    resolveId(id) {
      return id === VIRTUAL_ID ? `\0${VIRTUAL_ID}` : undefined;
    },
    load(id) {
      if (id !== `\0${VIRTUAL_ID}`) return undefined;
      // Without a build the Worker never renders, so the app's code stays out of `vite dev`'s Worker.
      const renderer = workerBuild
        ? `export { renderScreen } from ${JSON.stringify(path.join(frontend, 'app/server.tsx'))};`
        : `export const renderScreen = () => { throw new Error('no server rendering without a client build'); };`;
      return `${renderer}\nexport const workerBuild = ${JSON.stringify(workerBuild)};\n`;
    },
    configEnvironment(name) {
      // The Worker stays one module, the app's lazy screens included.
      if (name !== 'client') return { build: { rollupOptions: { output: { codeSplitting: false } } } };
      return undefined;
    },
    generateBundle: {
      order: 'post',
      handler(_outputOptions, bundle) {
        if (this.environment.name !== 'client') return;
        client = clientBuildOf(bundle, this.environment.config.base);
      },
    },
  };

  async function buildApp(builder: ViteBuilder): Promise<void> {
    const clientEnvironment = builder.environments.client;
    if (!clientEnvironment) throw new Error('parti-app-server: no client environment');
    await builder.build(clientEnvironment);
    if (!client) throw new Error('parti-app-server: the client build was not seen');
    const { build, entry } = client;
    // The Worker answers each with the request's own address in its meta tags (absolute, as link
    // previews need), so none is written as a static file.
    const prerendered = await withPrerenderer(async ({ prerenderScreen }) => ({
      landing: await prerenderScreen(prerenderedState('landing')),
      about: await prerenderScreen(prerenderedState('about')),
      pricing: await prerenderScreen(prerenderedState('pricing')),
    }));
    workerBuild = { ...build, prerendered };
    writeFileSync(SCREEN_SCRIPTS_FILE, JSON.stringify({ entry, screens: build.screens }, null, 2));
    for (const environment of Object.values(builder.environments)) {
      if (!environment.isBuilt) await builder.build(environment);
    }
  }

  return { plugin: [plugin, noStylesheets], buildApp };
}
