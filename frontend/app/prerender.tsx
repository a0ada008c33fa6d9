/** The build's renderer (vite.app-server.ts): the screens without data of their own, once, in Node. */
import { prerender } from 'react-dom/static';
import type { PrerenderedMarkup, RenderedState } from '#shared/app-document';
import { RENDER_IN_ONE_PASS, serverApp } from './server-app';

export async function prerenderScreen(state: RenderedState): Promise<PrerenderedMarkup> {
  const { element, text } = await serverApp(state);
  if (!text) throw new Error(`${state.path} has no title or description to prerender`);
  const { prelude } = await prerender(element, RENDER_IN_ONE_PASS);
  return { text, markup: await new Response(prelude).text() };
}
