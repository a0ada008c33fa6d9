/** The build's renderer (vite.app-server.ts): the screens without data of their own, once, in Node. */
import { prerender } from 'react-dom/static';
import type { PrerenderedMarkup, RenderedState } from '#shared/app-document';
import { RENDER_IN_ONE_PASS, serverApp } from './server-app';

export async function prerenderScreen(state: RenderedState): Promise<PrerenderedMarkup> {
  const { element, title } = await serverApp(state);
  const { prelude } = await prerender(element, RENDER_IN_ONE_PASS);
  return { title, markup: await new Response(prelude).text() };
}
