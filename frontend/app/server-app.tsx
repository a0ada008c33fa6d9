/**
 * The app as rendered outside the browser, by the Worker (server.tsx) and the build
 * (prerender.tsx): the same tree the browser hydrates (AppRoot), with a QueryClient of the
 * render's own, seeded with the data the document will carry (docs/decisions/0078-react-on-the-server.md).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import type { RenderedState } from '#shared/app-document';
import { galleryItemQuery } from '../gallery/image-query';
import { createQueryClient } from '../queries/client';
import { seedRenderedData } from '../queries/rendered-data';
import { AppRoot } from './AppRoot';
import { preloadScreen } from './App';
import { screenText } from './page-text';

/**
 * The element to render for `state`, once the code of its screen is loaded (so nothing suspends:
 * the documents' CSP allows none of React's inline scripts), and the words of its head.
 */
export async function serverApp(state: RenderedState) {
  await preloadScreen(state.path);
  const client = createQueryClient();
  seedRenderedData(client, state);
  // The browser's first render takes the image from the document itself (frontend/gallery/ImagePage.tsx).
  if (state.image) client.setQueryData(galleryItemQuery(state.image.item.id).queryKey, state.image.item);
  const element = (
    <QueryClientProvider client={client}>
      <AppRoot rendered={state} />
    </QueryClientProvider>
  );
  return { element, text: screenText(state) };
}

/**
 * Everything in one pass, nothing streamed after the shell: React would otherwise move a large
 * Suspense boundary's content after the rest and swap it in with an inline script, which the
 * documents' Content-Security-Policy refuses (shared/security-headers.ts).
 */
export const RENDER_IN_ONE_PASS = { progressiveChunkSize: Infinity } as const;
