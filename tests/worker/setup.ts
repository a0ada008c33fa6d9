import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

// Storage is shared by the tests of one file; applying is idempotent.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
