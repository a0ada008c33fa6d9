import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { accountMessages } from '#shared/messages/account';
import { authMessages } from '#shared/messages/auth';
import { errorMessage } from '../api/client';
import { postLoginTarget } from '../app/routing';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { logIn, signUp } from './session-actions';
import { useProfile } from '../queries/profile';
import { hasSessionHint, useAuth } from './store';
import { TurnstileWidget, useTurnstileSiteKey } from './turnstile';

type Mode = 'login' | 'signup' | 'forgot';

const copy = {
  login: { title: 'Welcome back', submit: accountMessages.login, busy: accountMessages.loggingIn },
  signup: { title: 'Create your studio', submit: accountMessages.signUp, busy: accountMessages.signingUp },
} as const;

/** /login and /auth: one form for signing in and signing up, and "Forgot password?" in its place. */
export function LoginPage() {
  const params = new URLSearchParams(useSearch());
  const redirect = params.get('redirect');
  const [, navigate] = useLocation();
  const status = useAuth((state) => state.status);
  const user = useProfile();
  const requested = params.get('mode');
  const [mode, setMode] = useState<Mode>(requested === 'signup' || requested === 'forgot' ? requested : 'login');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Turnstile, only on sign-up and only when the Worker has it configured.
  const siteKey = useTurnstileSiteKey(mode === 'signup');
  const [turnstileToken, setTurnstileToken] = useState<string | null>(null);
  const [turnstileReset, setTurnstileReset] = useState(0);
  const needsChallenge = mode === 'signup' && siteKey !== null;
  const emailId = useId();
  const passwordId = useId();
  const errorId = useId();

  useEffect(() => {
    if (mode !== 'forgot') document.title = `${mode === 'login' ? accountMessages.login : accountMessages.signUp} — Parti`;
  }, [mode]);

  // A session from before the hint cookie (docs/decisions/0046) has only the httpOnly refresh
  // cookie, which the app never tries without the hint: such a user lands here, so this page asks
  // once, and the refresh sets the hint for every later visit.
  useEffect(() => {
    if (!hasSessionHint()) void useAuth.getState().renew();
  }, []);

  // Once the profile is known (just signed in, or already signed in), leave for the right page.
  useEffect(() => {
    if (status === 'signedIn' && user) navigate(postLoginTarget(redirect, user.plan), { replace: true });
  }, [status, user, redirect, navigate]);

  const switchMode = (next: Mode) => {
    setMode(next);
    setError(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await (mode === 'login' ? logIn(email, password) : signUp(email, password, turnstileToken ?? undefined));
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
      // A Turnstile token is good for one try.
      if (needsChallenge) setTurnstileReset((n) => n + 1);
    }
  };

  if (mode === 'forgot') {
    return (
      <section className="page page--auth">
        <div className="auth-card">
          <ForgotPasswordForm initialEmail={email} onBack={() => switchMode('login')} />
        </div>
      </section>
    );
  }

  return (
    <section className="page page--auth">
      <div className="auth-card">
        <div className="auth-toggle" role="tablist" aria-label="Login or sign up">
          {(['login', 'signup'] as const).map((option) => (
            <button
              key={option}
              type="button"
              role="tab"
              aria-selected={mode === option}
              className={mode === option ? 'is-active' : undefined}
              onClick={() => switchMode(option)}
            >
              {copy[option].submit}
            </button>
          ))}
        </div>
        <h1 className="auth-title">{copy[mode].title}</h1>
        <form className="auth-form" onSubmit={(event) => void submit(event)} aria-describedby={error ? errorId : undefined}>
          <label htmlFor={emailId}>Email</label>
          <input
            id={emailId}
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <label htmlFor={passwordId}>Password</label>
          <div className="password-field">
            <input
              id={passwordId}
              type={showPassword ? 'text' : 'password'}
              name="password"
              autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <button
              type="button"
              className="password-toggle"
              aria-pressed={showPassword}
              aria-label={showPassword ? 'Hide password' : 'Show password'}
              onClick={() => setShowPassword((shown) => !shown)}
            >
              {showPassword ? 'Hide' : 'Show'}
            </button>
          </div>
          {mode === 'login' && (
            <button type="button" className="link-button auth-forgot" onClick={() => switchMode('forgot')}>
              {authMessages.forgotPassword}
            </button>
          )}
          {error && (
            <div className="form-error" role="alert" id={errorId}>
              {error}
            </div>
          )}
          {needsChallenge && <TurnstileWidget siteKey={siteKey} resetKey={turnstileReset} onToken={setTurnstileToken} />}
          <button type="submit" className="button button--primary auth-submit" disabled={busy || (needsChallenge && !turnstileToken)}>
            {busy ? copy[mode].busy : copy[mode].submit}
          </button>
        </form>
        <p className="auth-switch">
          {mode === 'login' ? "Don't have an account? " : 'Already have an account? '}
          <button type="button" className="link-button" onClick={() => switchMode(mode === 'login' ? 'signup' : 'login')}>
            {mode === 'login' ? accountMessages.signUp : accountMessages.login}
          </button>
        </p>
      </div>
    </section>
  );
}
