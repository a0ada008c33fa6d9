/** The owner's projects: their routes, and what a generation job needs to place its result in one. */
export { projectRoutes } from './routes';
export { findProject, joinProjectStatements } from './queries';
