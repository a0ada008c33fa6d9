/** robots.txt and the sitemap (docs/decisions/0094-search-and-previews.md). */
export { seoRoutes } from './routes';
