import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import type { PublicUser } from '../platform/context';
import { REFRESH_TOKEN_TTL_SECONDS } from '../platform/limits';
import { toApiUser } from './api-user';
import { closeLiveSession } from '../platform/notify';
import { closeLiveSessionIfRevoked } from './sessions';
import { emailSender } from '../email';
import { limitResetRequests, requestPasswordReset, resetPassword } from './password-reset';
import { verifyAccessToken } from './access-tokens';
import { logIn, logOut, normaliseEmail, refreshSession, signUp, type AuthResult } from './service';
import { limitSignUps, verifyTurnstile } from './signup-guard';
import { authMessages } from '#shared/messages';
import { SESSION_HINT_COOKIE } from '#shared/edge';
import { backgroundTasks, clientIp, type AppContext, type AppEnv } from '../platform/context';
import { AppError } from '../platform/errors';
import { validate } from '../platform/validation';

const REFRESH_COOKIE = 'parti_refresh';
const COOKIE_PATH = '/api/auth';

const credentialsSchema = z.object({
  email: z.string().max(320),
  password: z.string().max(1024),
});

const signUpSchema = credentialsSchema.extend({
  /** The Turnstile widget's token; required only when TURNSTILE_SECRET_KEY is set. */
  turnstile_token: z.string().max(4096).optional(),
});

const forgotSchema = z.object({ email: z.string().max(320) });
const resetSchema = z.object({ token: z.string().max(128), password: z.string().max(1024) });

/**
 * The refresh cookie is SameSite=Strict; this is the second line. A browser sends `Origin` on
 * every POST, so a cross-site one (or `null`, from sandboxes and cross-site redirects) is refused.
 * A request without `Origin` is not from a browser page, and only a browser attaches a victim's
 * cookie, so it is allowed — unless the browser's own `Sec-Fetch-Site` says cross-site.
 */
function refuseCrossSite(c: AppContext): void {
  const origin = c.req.header('Origin');
  const crossSite =
    origin === undefined ? c.req.header('Sec-Fetch-Site') === 'cross-site' : origin !== new URL(c.req.url).origin;
  if (crossSite) throw new AppError('forbidden', authMessages.crossSiteRefused);
}

function authDeps(c: AppContext) {
  return { db: c.var.db, jwtSecret: c.env.JWT_SECRET };
}

function answer<Status extends 200 | 201>(c: AppContext, result: AuthResult, status: Status) {
  setCookie(c, REFRESH_COOKIE, result.refreshToken, {
    path: COOKIE_PATH,
    httpOnly: true,
    secure: true,
    sameSite: 'Strict',
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
  // Readable by the app, and saying only that a refresh cookie may exist
  // (docs/decisions/0046-first-screen-without-waiting.md).
  setCookie(c, SESSION_HINT_COOKIE, '1', { path: '/', secure: true, sameSite: 'Strict', maxAge: REFRESH_TOKEN_TTL_SECONDS });
  c.header('Cache-Control', 'no-store');
  return c.json({ user: toApiUser(result.user satisfies PublicUser), session: result.session }, status);
}

function clearRefreshCookie(c: AppContext) {
  deleteCookie(c, REFRESH_COOKIE, { path: COOKIE_PATH, httpOnly: true, secure: true, sameSite: 'Strict' });
  deleteCookie(c, SESSION_HINT_COOKIE, { path: '/', secure: true, sameSite: 'Strict' });
}

export const authRoutes = new Hono<AppEnv>()
  /** What the sign-up form needs to know: Turnstile's site key when the challenge is on. */
  .get('/config', (c) => {
    const siteKey = c.env.TURNSTILE_SECRET_KEY && c.env.TURNSTILE_SITE_KEY ? c.env.TURNSTILE_SITE_KEY : null;
    c.header('Cache-Control', 'no-store');
    return c.json({ turnstile_site_key: siteKey }, 200);
  })
  .post('/signup', validate('json', signUpSchema), async (c) => {
    const client = { ip: clientIp(c), userAgent: c.req.header('User-Agent') ?? null };
    const { turnstile_token: turnstileToken, ...credentials } = c.req.valid('json');
    await limitSignUps(c.env.SIGNUP_LIMITER, client.ip);
    await verifyTurnstile(c.env.TURNSTILE_SECRET_KEY, turnstileToken, client.ip);
    return answer(c, await signUp(authDeps(c), credentials, client), 201);
  })
  .post('/login', validate('json', credentialsSchema), async (c) => {
    const client = { ip: clientIp(c), userAgent: c.req.header('User-Agent') ?? null };
    return answer(c, await logIn(authDeps(c), c.req.valid('json'), client), 200);
  })
  /** 202 whether or not the email has an account; the link goes out after the answer. */
  .post('/password/forgot', validate('json', forgotSchema), async (c) => {
    const email = normaliseEmail(c.req.valid('json').email);
    await limitResetRequests(c.env.PASSWORD_RESET_LIMITER, clientIp(c), email);
    await requestPasswordReset(
      { ...authDeps(c), sendEmail: emailSender(c.env, c.var.db, c.req.url), inBackground: backgroundTasks(c), origin: new URL(c.req.url).origin },
      email,
    );
    c.header('Cache-Control', 'no-store');
    return c.body(null, 202);
  })
  .post('/password/reset', validate('json', resetSchema), async (c) => {
    const client = { ip: clientIp(c), userAgent: c.req.header('User-Agent') ?? null };
    const result = await resetPassword(authDeps(c), c.req.valid('json'), client);
    await Promise.all(result.endedSessionIds.map((sessionId) => closeLiveSession(c.env, c.var.db, result.user.id, sessionId)));
    return answer(c, result, 200);
  })
  .post('/refresh', async (c) => {
    refuseCrossSite(c);
    try {
      return answer(c, await refreshSession(authDeps(c), getCookie(c, REFRESH_COOKIE)), 200);
    } catch (error) {
      clearRefreshCookie(c);
      await closeLiveSessionIfRevoked(c.env, c.var.db, getCookie(c, REFRESH_COOKIE));
      throw error;
    }
  })
  .post('/logout', async (c) => {
    refuseCrossSite(c);
    const bearer = c.req.header('Authorization')?.replace(/^Bearer\s+/i, '');
    const claims = bearer ? await verifyAccessToken(c.env.JWT_SECRET, bearer) : null;
    const ended = await logOut(authDeps(c), getCookie(c, REFRESH_COOKIE), claims);
    await Promise.all(ended.map(({ userId, sessionId }) => closeLiveSession(c.env, c.var.db, userId, sessionId)));
    clearRefreshCookie(c);
    return c.body(null, 204);
  });
