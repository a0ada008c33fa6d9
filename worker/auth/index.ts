/** Accounts and sessions: the auth and profile routes, the middleware every route uses, and user reads. */
export { authRoutes } from './routes';
export { meRoutes } from './me-routes';
export { currentUser, optionalUser, requireUser, userFromToken } from './middleware';
export { normaliseEmail } from './service';
export { ledgerBalance } from './users';
export { pruneSessions } from './sessions';
export { pruneLoginFailures } from './throttle';
export { pruneResetTokens } from './reset-tokens';
