import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: ['./worker/db/schema.ts', './worker/db/review-schema.ts', './worker/db/payment-schema.ts', './worker/db/auth-schema.ts', './worker/db/project-schema.ts', './worker/db/workspace-schema.ts'],
  out: './migrations',
  migrations: { prefix: 'index' },
});
