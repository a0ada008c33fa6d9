/** Live updates: the per-user Durable Object and the routes that open its sockets. */
export { LiveUpdates } from './live-updates';
export { realtimeRoutes } from './routes';
