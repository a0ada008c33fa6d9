import { useState } from 'react';

interface PasswordInputProps {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  autoFocus?: boolean;
}

/** A password field with its Show/Hide button, as on the sign-in form. */
export function PasswordInput({ id, name, value, onChange, autoComplete, autoFocus = false }: PasswordInputProps) {
  const [shown, setShown] = useState(false);
  return (
    <div className="password-field">
      <input
        id={id}
        type={shown ? 'text' : 'password'}
        name={name}
        autoComplete={autoComplete}
        required
        autoFocus={autoFocus}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <button
        type="button"
        className="password-toggle"
        aria-pressed={shown}
        aria-label={shown ? 'Hide password' : 'Show password'}
        onClick={() => setShown((state) => !state)}
      >
        {shown ? 'Hide' : 'Show'}
      </button>
    </div>
  );
}
