import { Hono } from 'hono';
import type { AppEnv } from '../lib/context';

// Filled in by its issue; mounted in app.ts from the start so every route has one home.
export const promptRoutes = new Hono<AppEnv>();
