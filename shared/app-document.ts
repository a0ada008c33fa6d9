/**
 * The documents React renders outside the browser (docs/decisions/0078-react-on-the-server.md):
 * the build prerenders `/`, `/about` and `/pricing`, the Worker renders `/gallery`, a public
 * image's page and `/review/:token` per request, and wraps the app's markup in the built
 * index.html with the page's meta tags (docs/decisions/0094-search-and-previews.md) and the state
 * the browser hydrates from.
 */
import type { GalleryItem, GalleryPage } from './gallery-types';
import type { ReviewPage } from './review-types';

/** The screens whose first render happens outside the browser. */
export const SERVER_SCREENS = ['landing', 'about', 'pricing', 'gallery', 'image', 'review'] as const;
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
  /** A public image's own page (`/gallery/:id`). */
  image?: { item: GalleryItem };
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

/** What a screen says of itself in its document's head: its title and a sentence for search results and link previews. */
export interface ScreenText {
  title: string;
  description: string;
}

/** A screen the build rendered once. */
export interface PrerenderedMarkup {
  text: ScreenText;
  /** The root element's content. */
  markup: string;
}

/** What the build hands the Worker: null under `vite dev`, where the browser renders every screen. */
export interface WorkerBuild extends ClientBuild {
  /** The prerendered screens, which the Worker answers with their meta tags (and the landing's with the gallery's first page). */
  prerendered: Record<keyof typeof PRERENDERED_SCREENS, PrerenderedMarkup>;
}

/**
 * The head of a public page (docs/decisions/0094-search-and-previews.md): what search engines
 * index it as and what a link preview shows. URLs are absolute, as Open Graph requires.
 */
export interface PageMeta extends ScreenText {
  /** The product's name, as previews label the site. */
  siteName: string;
  /** The page's own address, without what does not change it (tracking parameters). */
  canonical: string;
  /** The preview image: a rendition of a public image; null when there is none to show. */
  image: { url: string; width: number; height: number; alt: string } | null;
  /** False for a page that may be visited but not listed (a gallery search). */
  indexed: boolean;
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
 * The shell's own title, description and `noindex` (frontend/index.html): the shell alone stands
 * for an account's or a sign-in screen, never for a search result; a public page replaces them.
 */
const SHELL_META = /\s*(?:<title>[^<]*<\/title>|<meta name="(?:description|robots)" content="[^"]*"\s*\/?>)/g;

/** The title, description, canonical link, Open Graph and Twitter card tags of a public page. */
function metaTags(meta: PageMeta): string {
  const tag = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    tag('name', 'description', meta.description),
    ...(meta.indexed ? [] : [tag('name', 'robots', 'noindex, follow')]),
    `<link rel="canonical" href="${escapeHtml(meta.canonical)}">`,
    tag('property', 'og:type', 'website'),
    tag('property', 'og:site_name', meta.siteName),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:url', meta.canonical),
  ];
  if (meta.image) {
    tags.push(
      tag('property', 'og:image', meta.image.url),
      tag('property', 'og:image:width', String(meta.image.width)),
      tag('property', 'og:image:height', String(meta.image.height)),
      tag('property', 'og:image:alt', meta.image.alt),
    );
  }
  tags.push(
    tag('name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
  );
  if (meta.image) tags.push(tag('name', 'twitter:image', meta.image.url), tag('name', 'twitter:image:alt', meta.image.alt));
  return tags.join('');
}

/**
 * Everything before the app's markup: the shell's head — with a public page's meta tags in place
 * of the shell's title, description and `noindex`, or as it is (a review link's page) — the
 * screen's stylesheets and its chunks' modulepreloads (so they download beside the entry, not
 * after it), then the body up to the root's opening tag.
 */
export function documentStart(build: ClientBuild, screen: ServerScreen, meta: PageMeta | null): string {
  const { scripts, styles } = build.screens[screen];
  const head = meta === null ? build.shell.head : build.shell.head.replace(SHELL_META, '') + metaTags(meta);
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
