import { app } from './app';

export { LiveUpdates } from './realtime/live-updates';

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
