import type { ReactNode } from 'react';
import type { ReviewComment } from '#shared/review-types';
import { reviewMessages } from './copy';
import type { NumberedComment } from './rules';

const dateTime = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

export function formatWhen(iso: string): string {
  return dateTime.format(new Date(iso));
}

interface ThreadProps<C extends ReviewComment> {
  thread: NumberedComment<C>[];
  activeId: string | null;
  onSelect: (commentId: string) => void;
  /** Extra controls per comment (the owner's Resolve, Edit here), given its pin's number (null: the whole image). */
  actions?: (comment: C, number: number | null) => ReactNode;
}

/** The comments on one image, oldest first: a pin's number or "Whole image", the name, the text. */
export function Thread<C extends ReviewComment>({ thread, activeId, onSelect, actions }: ThreadProps<C>) {
  if (thread.length === 0) return <p className="thread-empty">{reviewMessages.noComments}</p>;
  return (
    <ol className="thread">
      {thread.map(({ comment, number }) => (
        <li key={comment.id} className={`thread-item${comment.id === activeId ? ' is-active' : ''}${comment.resolvedAt ? ' is-resolved' : ''}`}>
          <button
            type="button"
            className="thread-marker"
            onClick={() => onSelect(comment.id)}
            aria-pressed={comment.id === activeId}
            aria-label={number === null ? reviewMessages.threadWholeLabel : reviewMessages.threadPinLabel(number)}
          >
            {number === null ? (
              <span className="thread-whole">{reviewMessages.wholeImageLabel}</span>
            ) : (
              <span className="pin pin--inline">{number}</span>
            )}
          </button>
          <div className="thread-body">
            <p className="thread-meta">
              <strong>{comment.authorName}</strong> <span>{formatWhen(comment.createdAt)}</span>
              {comment.resolvedAt && <span className="badge badge--resolved">{reviewMessages.resolvedBadge}</span>}
            </p>
            <p className="thread-text">{comment.body}</p>
            {actions?.(comment, number)}
          </div>
        </li>
      ))}
    </ol>
  );
}
