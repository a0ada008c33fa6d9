import type { ReactNode } from 'react';
import type { ReviewComment, ReviewReply } from '#shared/review-types';
import { reviewMessages } from './copy';
import type { NumberedComment } from './rules';
import './versions.css';

const dateTime = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

export function formatWhen(iso: string): string {
  return dateTime.format(new Date(iso));
}

interface ThreadProps<C extends ReviewComment> {
  thread: NumberedComment<C>[];
  activeId: string | null;
  onSelect: (commentId: string) => void;
  /** Extra controls per comment (the owner's Resolve, Reply, Edit here), given its pin's number (null: the whole image). */
  actions?: (comment: C, number: number | null) => ReactNode;
  /** The owner's replies, shown under the comments they answer. */
  replies?: readonly ReviewReply[];
}

/** The comments on one image, oldest first: a pin's number or "Whole image", the name, the text. */
export function Thread<C extends ReviewComment>({ thread, activeId, onSelect, actions, replies = [] }: ThreadProps<C>) {
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
            <Replies replies={replies.filter((reply) => reply.commentId === comment.id)} />
            {actions?.(comment, number)}
          </div>
        </li>
      ))}
    </ol>
  );
}

/** The owner's answers to one comment, signed as the practice and marked as the architect's, or as "The architect". */
function Replies({ replies }: { replies: readonly ReviewReply[] }) {
  if (replies.length === 0) return null;
  return (
    <ul className="thread-replies">
      {replies.map((reply) => (
        <li key={reply.id} className="thread-reply">
          <p className="thread-meta">
            <strong>{reply.authorName ?? reviewMessages.architect}</strong>{' '}
            {reply.authorName && <><span className="badge badge--owner">{reviewMessages.ownerBadge}</span>{' '}</>}
            <span>{formatWhen(reply.createdAt)}</span>
          </p>
          <p className="thread-text">{reply.body}</p>
        </li>
      ))}
    </ul>
  );
}
