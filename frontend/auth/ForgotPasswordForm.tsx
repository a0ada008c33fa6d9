import { useEffect, useId, useState, type FormEvent } from 'react';
import { authMessages } from '#shared/messages/auth';
import { errorMessage } from '../api/client';
import { requestPasswordReset } from './session-actions';
import './auth.css';

/**
 * "Forgot password?" inside the sign-in card: an email, then the same note whether or not an
 * account exists (the Worker answers alike). The link arrives by email.
 */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const emailId = useId();
  const errorId = useId();

  useEffect(() => {
    document.title = `${authMessages.forgotTitle} — Parti`;
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await requestPasswordReset(email);
      setSentTo(email.trim());
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h1 className="auth-title">{authMessages.forgotTitle}</h1>
      {sentTo ? (
        <p className="auth-note" role="status">
          {authMessages.resetLinkSent(sentTo)}
        </p>
      ) : (
        <form className="auth-form" onSubmit={(event) => void submit(event)} aria-describedby={error ? errorId : undefined}>
          <p className="auth-intro">{authMessages.forgotIntro}</p>
          <label htmlFor={emailId}>Email</label>
          <input
            id={emailId}
            type="email"
            name="email"
            autoComplete="email"
            required
            autoFocus
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          {error && (
            <div className="form-error" role="alert" id={errorId}>
              {error}
            </div>
          )}
          <button type="submit" className="button button--primary auth-submit" disabled={busy}>
            {busy ? authMessages.sendingResetLink : authMessages.sendResetLink}
          </button>
        </form>
      )}
      <p className="auth-switch">
        <button type="button" className="link-button" onClick={onBack}>
          {authMessages.backToLogin}
        </button>
      </p>
    </>
  );
}
