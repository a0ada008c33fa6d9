import { useState, type FormEvent } from 'react';
import { REVIEWER_NAME_MAX_CHARS } from '#shared/limits';
import { reviewRequestMessages } from '#shared/messages/review-requests';
import { Modal } from '../ui/Modal';
import { reviewMessages } from './copy';
import { cleanReviewerName } from './rules';

/** Asks the reviewer's display name once; it is kept on this device. */
export function NameDialog({ open, initial, onSave, onCancel }: { open: boolean; initial: string | null; onSave: (name: string) => void; onCancel: () => void }) {
  const [text, setText] = useState(initial ?? '');
  const name = cleanReviewerName(text);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name) onSave(name);
  };
  return (
    <Modal open={open} onClose={onCancel} label={reviewMessages.nameTitle} className="review-name-dialog">
      <form onSubmit={submit} className="review-name-form">
        <h2>{reviewMessages.nameTitle}</h2>
        <p>{reviewMessages.nameIntro}</p>
        <label htmlFor="reviewer-name">{reviewMessages.nameLabel}</label>
        <input
          id="reviewer-name"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={REVIEWER_NAME_MAX_CHARS}
          autoComplete="name"
          autoFocus
          required
          aria-describedby={text.trim() && !name ? 'reviewer-name-hint' : undefined}
        />
        {text.trim() && !name && (
          <p className="review-error" id="reviewer-name-hint">
            {reviewRequestMessages.nameNeedsLetter}
          </p>
        )}
        <div className="review-form-actions">
          <button type="button" className="review-button review-button--quiet" onClick={onCancel}>
            {reviewMessages.cancel}
          </button>
          <button type="submit" className="review-button review-button--primary" disabled={!name}>
            {reviewMessages.nameSave}
          </button>
        </div>
      </form>
    </Modal>
  );
}
