import { useMemo, useState, type FormEvent } from 'react';
import { REVIEW_COMMENT_MAX_CHARS } from '#shared/limits';
import { reviewFeedbackSizes } from '#shared/review-layout';
import type { OwnerReviewApproval, OwnerReviewComment, ReviewReply } from '#shared/review-types';
import { errorMessage } from '../api/client';
import { reviewMessages } from './copy';
import { editCopy } from '../edit/copy';
import { StandingBadge } from './Decisions';
import { PinnedImage, type ShownImage } from './PinnedImage';
import { Thread, formatWhen } from './Thread';
import { imageThread } from './rules';
import { versionTrees, type VersionLike } from './version-trees';
import { useProjectFeedback, useReplyToComment, useResolveComment } from './useOwnerReview';
import './review.css';

/** A project's generation as the panel needs it (the project page's VersionedItem fits). */
interface FeedbackVersion extends VersionLike {
  prompt: string;
  images: ShownImage[];
}

interface FeedbackPanelProps {
  projectId: string;
  generations: readonly FeedbackVersion[];
  /** Offers "Edit here" on pinned comments: the page opens the mask editor at the pin. */
  onEditHere?: (comment: OwnerReviewComment) => void;
}

/**
 * "Client feedback": per version, the decisions (each with its link) and each image's pins and
 * threads; the owner resolves. Comments come a page at a time, oldest first.
 */
export function FeedbackPanel({ projectId, generations, onEditHere }: FeedbackPanelProps) {
  const feedback = useProjectFeedback(projectId);
  const shown = useMemo(() => generations.filter((generation) => generation.images.length > 0), [generations]);
  const trees = useMemo(() => versionTrees(shown), [shown]);
  const data = feedback.data;
  const versions = trees.flatMap((tree) => tree.versions);
  const withFeedback = data
    ? versions.filter(({ generation }) => data.comments.some((c) => c.generationId === generation.id) || data.approvals.some((a) => a.generationId === generation.id))
    : [];
  return (
    <section className="review-owner-panel" aria-labelledby="feedback-heading">
      <h2 id="feedback-heading">{reviewMessages.feedbackHeading}</h2>
      {data && withFeedback.length === 0 && <p className="review-owner-intro">{reviewMessages.noFeedback}</p>}
      {data &&
        withFeedback.map(({ generation, label }) => (
          <article key={generation.id} className="review-feedback-version" aria-label={reviewMessages.versionLabel(label)}>
            <div className="review-card-head">
              <h3>{reviewMessages.versionLabel(label)}</h3>
              <StandingBadge decisions={data.decisions} generationId={generation.id} />
            </div>
            <Decisions current={data.decisions} history={data.approvals} generationId={generation.id} />
            {generation.images.map((image, index) => (
              <FeedbackImage key={index} projectId={projectId} image={image} label={label} index={index} count={generation.images.length}
                generationId={generation.id} comments={data.comments} replies={data.replies} onEditHere={onEditHere} />
            ))}
          </article>
        ))}
      {feedback.hasNextPage && (
        <button type="button" className="review-button review-button--quiet review-more" disabled={feedback.isFetchingNextPage} onClick={() => void feedback.fetchNextPage()}>
          {feedback.isFetchingNextPage ? reviewMessages.loadingComments : reviewMessages.moreComments}
        </button>
      )}
    </section>
  );
}

function Decisions({ current, history, generationId }: { current: OwnerReviewApproval[]; history: OwnerReviewApproval[]; generationId: string }) {
  const own = current.filter((decision) => decision.generationId === generationId);
  const earlier = history.filter((decision) => decision.generationId === generationId && !own.some((entry) => entry.id === decision.id));
  if (own.length === 0) return null;
  const line = (decision: OwnerReviewApproval) => (
    <li key={decision.id} className={decision.status === 'approved' ? 'is-approved' : 'is-changes'}>
      {decision.status === 'approved' ? reviewMessages.approved : reviewMessages.changesRequested} —{' '}
      {reviewMessages.byNameOnLink(decision.reviewerName, formatWhen(decision.linkCreatedAt), formatWhen(decision.createdAt))}
    </li>
  );
  return (
    <div className="review-feedback-decisions">
      <h4>{reviewMessages.decisionsHeading}</h4>
      <ul className="decision-summary">{own.map(line)}</ul>
      {earlier.length > 0 && (
        <details>
          <summary>{reviewMessages.history}</summary>
          <ul className="decision-summary">{earlier.map(line)}</ul>
        </details>
      )}
    </div>
  );
}

interface FeedbackImageProps {
  projectId: string;
  image: ShownImage;
  label: string;
  index: number;
  count: number;
  generationId: string;
  comments: OwnerReviewComment[];
  replies: ReviewReply[];
  onEditHere?: (comment: OwnerReviewComment) => void;
}

function FeedbackImage({ projectId, image, label, index, count, generationId, comments, replies, onEditHere }: FeedbackImageProps) {
  const [activeId, setActiveId] = useState<string | null>(null);
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const resolve = useResolveComment(projectId);
  const thread = imageThread(comments, generationId, index);
  if (thread.length === 0) return null;
  return (
    <div className="review-feedback-image">
      <PinnedImage image={image} alt={reviewMessages.imageAlt(label, index, count)} sizes={reviewFeedbackSizes()} thread={thread} activeId={activeId} onSelect={setActiveId} />
      <Thread
        thread={thread}
        activeId={activeId}
        onSelect={setActiveId}
        replies={replies}
        actions={(comment, number) => (
          <>
            <div className="review-thread-actions">
              <button
                type="button"
                className="review-link-button"
                disabled={resolve.isPending}
                onClick={() => resolve.mutate({ id: comment.id, resolved: comment.resolvedAt === null })}
              >
                {comment.resolvedAt === null ? reviewMessages.resolve : reviewMessages.reopen}
              </button>
              {replyingTo !== comment.id && (
                <button type="button" className="review-link-button" onClick={() => setReplyingTo(comment.id)}>
                  {reviewMessages.reply}
                </button>
              )}
              {onEditHere && number !== null && (
                <button type="button" className="review-link-button review-edit-here" aria-label={editCopy.editHereLabel(number)} onClick={() => onEditHere(comment)}>
                  {editCopy.editHere}
                </button>
              )}
            </div>
            {replyingTo === comment.id && (
              <ReplyForm projectId={projectId} comment={comment} onDone={() => setReplyingTo(null)} />
            )}
          </>
        )}
      />
    </div>
  );
}

/** The owner's reply to one comment: sent into its thread, where the client reads it on their link. */
function ReplyForm({ projectId, comment, onDone }: { projectId: string; comment: OwnerReviewComment; onDone: () => void }) {
  const [body, setBody] = useState('');
  const send = useReplyToComment(projectId);
  const text = body.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text) send.mutate({ commentId: comment.id, body: text }, { onSuccess: onDone });
  };
  const fieldId = `reply-${comment.id}`;
  return (
    <form className="review-reply-form" onSubmit={submit}>
      <label htmlFor={fieldId} className="visually-hidden">{reviewMessages.replyLabel(comment.authorName)}</label>
      <textarea id={fieldId} value={body} maxLength={REVIEW_COMMENT_MAX_CHARS} rows={3} autoFocus onChange={(event) => setBody(event.target.value)} />
      {send.isError && <p className="review-error" role="alert">{errorMessage(send.error)}</p>}
      <div className="review-form-actions">
        <button type="button" className="review-button review-button--quiet" onClick={onDone}>{reviewMessages.cancel}</button>
        <button type="submit" className="review-button review-button--primary" disabled={!text || send.isPending}>
          {send.isPending ? reviewMessages.sending : reviewMessages.sendReply}
        </button>
      </div>
    </form>
  );
}

/** The version tree's approval badge: mount it in the tree's slot for each version. */
export function ApprovalBadge({ projectId, generationId }: { projectId: string; generationId: string }) {
  const feedback = useProjectFeedback(projectId);
  if (!feedback.data) return null;
  return <StandingBadge decisions={feedback.data.decisions} generationId={generationId} />;
}
