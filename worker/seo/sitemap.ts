/**
 * sitemap.xml (docs/decisions/0094-search-and-previews.md, sitemaps.org): the public pages and
 * every public image's own page. Up to SITEMAP_MAX_URLS addresses it is one file; past that it is
 * an index of files — the public pages, then the public images a range of rowids at a time.
 */
import { galleryImagePath, PUBLIC_PAGES } from '#shared/public-pages';
import type { Database } from '../db/client';
import { sitemapImages, sitemapParts } from './queries';

/** The protocol's limit of addresses in one file. */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapDeps {
  db: Database;
  /** The request's origin: sitemap addresses are absolute. */
  origin: string;
  /** SITEMAP_MAX_URLS, smaller in tests. */
  maxUrls: number;
}

/** Which file: the whole sitemap (or its index), the public pages' file, or one range of images. */
export type SitemapFile = { kind: 'root' } | { kind: 'pages' } | { kind: 'images'; part: number };

interface Entry {
  loc: string;
  /** ms; left out when unknown. */
  lastmod?: number;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

function entryXml(tag: 'url' | 'sitemap', entry: Entry): string {
  const lastmod = entry.lastmod === undefined ? '' : `<lastmod>${new Date(entry.lastmod).toISOString()}</lastmod>`;
  return `<${tag}><loc>${escapeXml(entry.loc)}</loc>${lastmod}</${tag}>`;
}

function urlset(entries: Entry[]): string {
  return `${XML_DECLARATION}<urlset xmlns="${NAMESPACE}">\n${entries.map((entry) => entryXml('url', entry)).join('\n')}\n</urlset>\n`;
}

function sitemapIndex(entries: Entry[]): string {
  return `${XML_DECLARATION}<sitemapindex xmlns="${NAMESPACE}">\n${entries.map((entry) => entryXml('sitemap', entry)).join('\n')}\n</sitemapindex>\n`;
}

/** The address of one file of a sitemap index. */
function sitemapFilePath(file: Exclude<SitemapFile, { kind: 'root' }>): string {
  return `/sitemap/${file.kind === 'pages' ? 'pages' : String(file.part)}.xml`;
}

function pageEntries(origin: string): Entry[] {
  return PUBLIC_PAGES.map((path) => ({ loc: `${origin}${path}` }));
}

async function imageEntries(deps: SitemapDeps, part: number | null): Promise<Entry[]> {
  const images = await sitemapImages(deps.db, deps.maxUrls, part);
  return images.map((image) => ({ loc: `${deps.origin}${galleryImagePath(image.id)}`, lastmod: image.createdAt }));
}

/** The XML of `file`; null when the index has no such file. */
export async function sitemapXml(deps: SitemapDeps, file: SitemapFile): Promise<string | null> {
  if (file.kind === 'pages') return urlset(pageEntries(deps.origin));
  if (file.kind === 'images') {
    const entries = await imageEntries(deps, file.part);
    return entries.length === 0 ? null : urlset(entries);
  }
  const parts = await sitemapParts(deps.db, deps.maxUrls);
  const images = parts.reduce((sum, part) => sum + part.count, 0);
  if (PUBLIC_PAGES.length + images <= deps.maxUrls) return urlset([...pageEntries(deps.origin), ...(await imageEntries(deps, null))]);
  return sitemapIndex([
    { loc: `${deps.origin}${sitemapFilePath({ kind: 'pages' })}` },
    ...parts.map((part) => ({ loc: `${deps.origin}${sitemapFilePath({ kind: 'images', part: part.part })}`, lastmod: part.newest })),
  ]);
}
