/**
 * The state a server-rendered document carries (shared/app-document.ts), read once: main.tsx
 * hydrates with it, the query client is seeded from it and the landing's strip shows its page.
 * Null in a document the browser renders alone (the app shell, `npm run dev`) and outside a browser.
 */
import { RENDERED_STATE_ELEMENT_ID, type RenderedState } from '#shared/app-document';

function isRenderedState(value: unknown): value is RenderedState {
  if (typeof value !== 'object' || value === null) return false;
  const { path, search, auth } = value as Partial<RenderedState>;
  return typeof path === 'string' && typeof search === 'string' && (auth === 'signedOut' || auth === 'loading');
}

/** The state in `doc`, or null when there is none or it does not parse. */
export function readRenderedState(doc: Document): RenderedState | null {
  const text = doc.getElementById(RENDERED_STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isRenderedState(value) ? value : null;
  } catch {
    return null;
  }
}

let documentState: RenderedState | null | undefined;

/** This page's rendered state (its document is read the first time). */
export function renderedState(): RenderedState | null {
  if (documentState === undefined) documentState = typeof document === 'undefined' ? null : readRenderedState(document);
  return documentState;
}
