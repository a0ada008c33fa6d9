export { adminRoutes } from './routes';
