import { useId, useRef, useState } from 'react';
import { BOARD_CODE_MAX_CHARS, BOARD_DATE_MAX_CHARS, BOARD_PRACTICE_MAX_CHARS, BOARD_VIEW_MAX_CHARS } from '#shared/board-types';
import { boardCopy } from './copy';
import type { BoardSettings } from './board-model';

interface TitleBlockFieldsProps {
  settings: BoardSettings;
  /** What an empty View and Date fall back to (the first image's words, today). */
  defaults: { view: string; date: string };
  logoUrl: string | null;
  onChange: (change: Partial<BoardSettings>) => void;
  /** Uploads a logo (the owner's board only); resolves with its key and a URL to show it. */
  uploadLogo?: (file: File) => Promise<{ key: string; url: string }>;
}

/** The title block's own words: view, practice and logo, date, sheet number and revision. */
export function TitleBlockFields({ settings, defaults, logoUrl, onChange, uploadLogo }: TitleBlockFieldsProps) {
  const ids = useId();
  const [logoState, setLogoState] = useState<'idle' | 'uploading' | 'failed'>('idle');
  const picker = useRef<HTMLInputElement>(null);
  const pickLogo = async (file: File | undefined) => {
    if (!file || !uploadLogo) return;
    setLogoState('uploading');
    try {
      const { key } = await uploadLogo(file);
      onChange({ logoKey: key });
      setLogoState('idle');
    } catch {
      setLogoState('failed');
    }
  };
  // An emptied View or Date follows its default again (null), as a new board does.
  const text = (value: string) => (value.trim() === '' ? null : value);
  return (
    <fieldset className="board-panel board-title-fields">
      <legend>{boardCopy.titleBlock}</legend>
      <label className="board-field">
        <span>{boardCopy.view}</span>
        <input type="text" value={settings.view ?? ''} maxLength={BOARD_VIEW_MAX_CHARS} placeholder={defaults.view}
          onChange={(event) => onChange({ view: text(event.target.value) })} />
      </label>
      <div className="board-field">
        <label htmlFor={`${ids}-practice`}>{boardCopy.practiceName}</label>
        <input id={`${ids}-practice`} type="text" value={settings.practiceName} maxLength={BOARD_PRACTICE_MAX_CHARS} autoComplete="organization"
          aria-describedby={uploadLogo ? `${ids}-practice-hint` : undefined} onChange={(event) => onChange({ practiceName: event.target.value })} />
        {uploadLogo && <small id={`${ids}-practice-hint`} className="board-panel__hint">{boardCopy.practiceHint}</small>}
      </div>
      {uploadLogo && (
        <div className="board-field board-logo">
          <span>{boardCopy.logo}</span>
          {logoUrl && settings.logoKey && <img src={logoUrl} alt={boardCopy.logoAlt(settings.practiceName)} height={40} />}
          <div className="board-logo__actions">
            <button type="button" className="button" aria-disabled={logoState === 'uploading'}
              onClick={() => logoState !== 'uploading' && picker.current?.click()}>
              {settings.logoKey ? boardCopy.replaceLogo : boardCopy.addLogo}
            </button>
            <input ref={picker} type="file" accept="image/png,image/jpeg" hidden aria-label={boardCopy.logo}
              onChange={(event) => {
                void pickLogo(event.target.files?.[0]);
                event.target.value = '';
              }} />
            {settings.logoKey && (
              <button type="button" className="button" onClick={() => onChange({ logoKey: null })}>{boardCopy.removeLogo}</button>
            )}
          </div>
          {logoState === 'failed' && <p className="board-export__status" role="alert">{boardCopy.logoFailed}</p>}
        </div>
      )}
      <div className="board-field-row">
        <label className="board-field">
          <span>{boardCopy.date}</span>
          <input type="text" value={settings.date ?? ''} maxLength={BOARD_DATE_MAX_CHARS} placeholder={boardCopy.datePlaceholder(defaults.date)}
            onChange={(event) => onChange({ date: text(event.target.value) })} />
        </label>
        <label className="board-field">
          <span>{boardCopy.sheet}</span>
          <input type="text" value={settings.sheetNumber} maxLength={BOARD_CODE_MAX_CHARS} onChange={(event) => onChange({ sheetNumber: event.target.value })} />
        </label>
        <label className="board-field">
          <span>{boardCopy.revision}</span>
          <input type="text" value={settings.revision} maxLength={BOARD_CODE_MAX_CHARS} onChange={(event) => onChange({ revision: event.target.value })} />
        </label>
      </div>
    </fieldset>
  );
}
