/**
 * The app's server renderer and what the build knows of the built app, provided by
 * vite.app-server.ts (in tests by vitest.config.ts): declared here so the Worker's type check
 * never compiles the app's code (docs/decisions/0078-react-on-the-server.md).
 */
// An ambient module names its types only through import() (a relative import may not appear in it).
/* eslint-disable @typescript-eslint/consistent-type-imports */
declare module 'virtual:parti/app-server' {
  export const renderScreen: import('./contract').RenderScreen;
  export const workerBuild: import('#shared/app-document').WorkerBuild | null;
}
