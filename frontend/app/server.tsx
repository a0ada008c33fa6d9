/** The Worker's renderer (worker/render/contract.ts): React's streaming server renderer, in workerd. */
import { renderToReadableStream } from 'react-dom/server';
import type { RenderScreen } from '../../worker/render/contract';
import { RENDER_IN_ONE_PASS, serverApp } from './server-app';

export const renderScreen: RenderScreen = async (state) => {
  const { element, text } = await serverApp(state);
  const body = await renderToReadableStream(element, {
    ...RENDER_IN_ONE_PASS,
    onError: (error: unknown) => console.error('server render failed', error),
  });
  return { text, body };
};
