import { applyD1Migrations, reset } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

// The worker project runs its files one after another in one runtime (vitest.config.ts: no
// per-file isolation), so each file starts from empty storage with the real migrations applied:
// the same clean slate a fresh runtime per file gave, without starting workerd fifty times.
await reset();
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
