/** Saved presentation boards: their routes, the practice a board names, and the logos boards keep in use. */
export { boardRoutes } from './routes';
export { latestPractice, logosInUse } from './queries';
