/**
 * The documents React renders outside the browser (docs/decisions/0078-react-on-the-server.md):
 * the build prerenders `/`, `/about` and `/pricing`, the Worker renders `/gallery` and
 * `/review/:token` per request, and both wrap the app's markup in the built index.html the same
 * way, with the state the browser hydrates from.
 */
import type { GalleryPage } from './gallery-types';
import type { ReviewPage } from './review-types';

/** The screens whose first render happens outside the browser. */
export const SERVER_SCREENS = ['landing', 'about', 'pricing', 'gallery', 'review'] as const;
export type ServerScreen = (typeof SERVER_SCREENS)[number];

/** The screens rendered once, at build time (they show no data of their own). */
export const PRERENDERED_SCREENS = { landing: '/', about: '/about', pricing: '/pricing' } as const satisfies Partial<Record<ServerScreen, string>>;

/** The id of the `<script type="application/json">` carrying the rendered state. */
export const RENDERED_STATE_ELEMENT_ID = 'parti-rendered';

/**
 * What a document was rendered from. The app hydrates with exactly this (the path and search for
 * its router, the session status for its store, the data for its query cache), so its first
 * render matches the HTML; then it follows the real address and session.
 */
export interface RenderedState {
  path: string;
  /** Without the leading `?`. */
  search: string;
  /** 'loading' when a session hint cookie says the visitor may be signed in. */
  auth: 'signedOut' | 'loading';
  /** The first anonymous gallery page of a search: the gallery's cards, the landing's strip. */
  gallery?: { q: string; page: GalleryPage };
  /** A review link's page. */
  review?: { token: string; page: ReviewPage };
}

/** What the build knows of the built app, for the documents it and the Worker write. */
export interface ClientBuild {
  /** Changes with every build: the edge cache's keys carry it, so no stored document names old files. */
  id: string;
  /**
   * The built index.html in three parts: up to `</head>`, from `</head>` to the root element's
   * opening tag, and from the root's closing tag on.
   */
  shell: { head: string; bodyStart: string; bodyEnd: string };
  /** Per screen, what it loads beyond the entry: its chunks (modulepreloaded) and stylesheets. */
  screens: Record<ServerScreen, { scripts: string[]; styles: string[] }>;
}

/** A screen the build rendered once. */
export interface PrerenderedMarkup {
  /** The document's title; null keeps the shell's. */
  title: string | null;
  /** The root element's content. */
  markup: string;
}

/** What the build hands the Worker: null under `vite dev`, where the browser renders every screen. */
export interface WorkerBuild extends ClientBuild {
  /** The prerendered screens the Worker serves itself, adding the gallery's first page to them. */
  prerendered: Record<'landing' | 'about', PrerenderedMarkup>;
}

/** The root element of index.html, whose content the app renders. */
const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * JSON safe inside a `<script>` element: `<`, `>` and `&` (so no prompt can close the element or
 * open a comment) and the two line separators JavaScript once rejected are escaped as \\u.
 */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Splits a built index.html around its empty root element. */
export function splitShell(html: string): ClientBuild['shell'] {
  const headEnd = html.indexOf('</head>');
  const root = html.indexOf(ROOT_ELEMENT);
  if (headEnd < 0 || root < headEnd) throw new Error(`index.html needs a </head> and then ${ROOT_ELEMENT}`);
  const rootOpen = root + ROOT_ELEMENT.indexOf('</div>');
  return { head: html.slice(0, headEnd), bodyStart: html.slice(headEnd, rootOpen), bodyEnd: html.slice(rootOpen) };
}

/**
 * Everything before the app's markup: the shell's head with the screen's title, its stylesheets
 * and its chunks' modulepreloads (so they download beside the entry, not after it), then the
 * body up to the root's opening tag.
 */
export function documentStart(build: ClientBuild, screen: ServerScreen, title: string | null): string {
  const { scripts, styles } = build.screens[screen];
  const head = title === null ? build.shell.head : build.shell.head.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  const links = [
    ...styles.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`),
    ...scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
  ];
  return `${head}${links.join('')}${build.shell.bodyStart}`;
}

/** The built index.html itself: the app's bare shell, which the browser renders alone. */
export function shellDocument(build: ClientBuild): string {
  return build.shell.head + build.shell.bodyStart + build.shell.bodyEnd;
}

/** Everything after the app's markup: the root's closing tag, the rendered state, the rest of the shell. */
export function documentEnd(build: ClientBuild, state: RenderedState): string {
  const script = `<script type="application/json" id="${RENDERED_STATE_ELEMENT_ID}">${scriptSafeJson(state)}</script>`;
  return build.shell.bodyEnd.replace('</div>', `</div>${script}`);
}
