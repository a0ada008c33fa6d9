/**
 * A workspace's logo as the practice will see it: a tile with the logo (or an empty frame), a
 * button that opens the file picker, and one that takes the logo away. The native file control
 * named no file the page could style and showed no logo at all; the picker stays the browser's own.
 */
import { useId, useRef } from 'react';
import { WORKSPACE_LOGO_TYPES } from '#shared/limits';
import { Icon } from '../ui/icons';
import { heroIcon } from '../ui/tool-icons';
import { logoFieldCopy } from './copy';

interface LogoFieldProps {
  label: string;
  hint: string;
  /** The logo the tile shows (a saved one's URL or a picked file's preview); null for none yet. */
  src: string | null;
  busy?: boolean;
  onPick: (file: File) => void;
  /** No Remove button without it. */
  onRemove?: () => void;
}

export function LogoField({ label, hint, src, busy = false, onPick, onRemove }: LogoFieldProps) {
  const picker = useRef<HTMLInputElement>(null);
  const ids = { label: useId(), hint: useId() };
  return (
    <div className="logo-field" role="group" aria-labelledby={ids.label} aria-describedby={ids.hint}>
      <span id={ids.label} className="workspace-field-label">
        {label}
      </span>
      <div className="logo-field__row">
        <span className={`logo-field__tile${src ? '' : ' is-empty'}`}>
          {src ? <img src={src} alt={logoFieldCopy.preview} /> : <Icon size={24} path={heroIcon} />}
        </span>
        <div className="logo-field__actions">
          <button type="button" className="button" disabled={busy} onClick={() => picker.current?.click()}>
            {src ? logoFieldCopy.replace : logoFieldCopy.choose}
          </button>
          {src && onRemove && (
            <button type="button" className="button" disabled={busy} onClick={onRemove}>
              {logoFieldCopy.remove}
            </button>
          )}
        </div>
      </div>
      <input
        ref={picker}
        type="file"
        accept={WORKSPACE_LOGO_TYPES.join(',')}
        hidden
        aria-label={label}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file picked again after a refusal is a new choice.
          event.target.value = '';
          if (file) onPick(file);
        }}
      />
      <p className="workspace-hint" id={ids.hint}>
        {hint}
      </p>
    </div>
  );
}
