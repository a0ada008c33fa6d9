import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { authMessages } from '#shared/messages/auth';
import { ApiError, errorMessage } from '../api/client';
import { paths, postLoginTarget } from '../app/routing';
import { PasswordInput } from './PasswordInput';
import { resetPassword } from './session-actions';
import './auth.css';

/** Where "ask for a new link" goes: the sign-in card's forgot-password form. */
const FORGOT_PATH = `${paths.login}?mode=forgot`;

/**
 * /reset-password?token=…: the page a reset email links to. A new password, twice; on success the
 * user is signed in (every other session has ended) and lands where a sign-in lands.
 */
export function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [, navigate] = useLocation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : authMessages.resetLinkMissing);
  const [linkUnusable, setLinkUnusable] = useState(!token);
  const passwordId = useId();
  const confirmId = useId();
  const errorId = useId();

  useEffect(() => {
    document.title = `${authMessages.resetTitle} — Parti`;
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password !== confirm) {
      setError(authMessages.passwordsDiffer);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const user = await resetPassword(token, password);
      navigate(postLoginTarget(null, user.plan), { replace: true });
    } catch (failure) {
      setError(errorMessage(failure));
      setLinkUnusable(failure instanceof ApiError && failure.field === 'token');
      setBusy(false);
    }
  };

  return (
    <section className="page page--auth">
      <div className="auth-card">
        <h1 className="auth-title">{authMessages.resetTitle}</h1>
        <form className="auth-form" onSubmit={(event) => void submit(event)} aria-describedby={error ? errorId : undefined}>
          <p className="auth-intro">{authMessages.resetIntro}</p>
          <label htmlFor={passwordId}>{authMessages.newPassword}</label>
          <PasswordInput id={passwordId} name="new-password" autoComplete="new-password" value={password} onChange={setPassword} autoFocus={!linkUnusable} />
          <label htmlFor={confirmId}>{authMessages.confirmPassword}</label>
          <PasswordInput id={confirmId} name="confirm-password" autoComplete="new-password" value={confirm} onChange={setConfirm} />
          {error && (
            <div className="form-error" role="alert" id={errorId}>
              {error}
            </div>
          )}
          <button type="submit" className="button button--primary auth-submit" disabled={busy || linkUnusable}>
            {busy ? authMessages.settingNewPassword : authMessages.setNewPassword}
          </button>
        </form>
        <p className="auth-switch">
          {linkUnusable ? (
            <Link href={FORGOT_PATH} className="link-button">{authMessages.askNewLink}</Link>
          ) : (
            <Link href={paths.login} className="link-button">{authMessages.backToLogin}</Link>
          )}
        </p>
      </div>
    </section>
  );
}
