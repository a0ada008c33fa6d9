import { StrictMode } from 'react';
import { Router } from 'wouter';
import type { RenderedState } from '#shared/app-document';
import { RenderedAuthContext } from '../auth/store';
import { App } from './App';

/**
 * The app as the server renders it and the browser hydrates it: with `rendered`, the router and
 * the session store start from the path, search and session status the document was rendered
 * with (wouter's ssrPath and ssrSearch), and follow the real ones once hydrated. Without it (a
 * document the browser renders alone), from the real ones at once.
 */
export function AppRoot({ rendered }: { rendered: Pick<RenderedState, 'path' | 'search' | 'auth'> | null }) {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (!rendered) return app;
  return (
    <Router ssrPath={rendered.path} ssrSearch={rendered.search}>
      <RenderedAuthContext value={rendered.auth}>{app}</RenderedAuthContext>
    </Router>
  );
}
