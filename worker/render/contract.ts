/**
 * What the Worker asks of the app's server renderer (frontend/app/server.tsx), which reaches the
 * Worker's bundle as `virtual:parti/app-server` (vite.app-server.ts): the Worker's type check sees
 * this contract, not the app's code, and the app's type check holds the renderer to it.
 */
import type { RenderedState, ScreenText } from '#shared/app-document';

interface RenderedScreen {
  /** The document's title and description; null keeps the shell's (and its `noindex`). */
  text: ScreenText | null;
  /** The app's markup for the state, streamed as React renders it. */
  body: ReadableStream<Uint8Array>;
}

/** Renders the app for one request's state, with a QueryClient of its own. */
export type RenderScreen = (state: RenderedState) => Promise<RenderedScreen>;
