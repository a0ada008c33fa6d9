/** ZIP downloads: the selection route, and the archive of a project that the project and review routes answer with. */
export { downloadRoutes } from './routes';
export { archiveResponse, projectArchive, type Archive } from './service';
