import { app } from './app';
import { createDatabase } from './db/client';
import { notifyBalance } from './platform/notify';
import { sweepOrphanCharges } from './generation';
import { cleanUpUnusedReferences } from './studio';
import { housekeeping } from './housekeeping';

export { LiveUpdates } from './realtime';
export { GenerationWorkflow } from './generation';

export default {
  fetch: app.fetch,
  /** The cron of wrangler.toml: closes and refunds interrupted generation jobs, keeps house, removes unused references. */
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(
      housekeeping(createDatabase(env.DB)).then(({ failures, sessions, orders }) => {
        if (failures + sessions + orders > 0) {
          console.log(`pruned ${failures} sign-in failure(s), ${sessions} ended session(s); closed ${orders} stale order(s)`);
        }
      }),
    );
    ctx.waitUntil(
      sweepOrphanCharges({
        db: createDatabase(env.DB),
        media: env.MEDIA,
        workflow: env.GENERATION_WORKFLOW,
        notifyBalance: (space, profile) => notifyBalance(env, space, profile),
      }).then((result) => {
        if (result.closed > 0) console.log(`closed ${result.closed} interrupted job(s), refunded ${result.credits} credit(s)`);
        if (result.live > 0) console.log(`left ${result.live} old job(s) open: their Workflow still runs them`);
      }),
    );
    // Uploaded references no generation uses, a day after upload.
    ctx.waitUntil(
      cleanUpUnusedReferences({ db: createDatabase(env.DB), media: env.MEDIA }).then((result) => {
        if (result.deleted > 0) console.log(`removed ${result.deleted} unused reference(s)`);
      }),
    );
  },
} satisfies ExportedHandler<Env>;
