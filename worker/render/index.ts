/** The public screens' documents, rendered by React on the server (docs/decisions/0078-react-on-the-server.md). */
export { renderedRoutes } from './routes';
export { cachedAnonymousDocument, documentCacheKey } from './html-cache';
