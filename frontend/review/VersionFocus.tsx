import { useState, type FormEvent } from 'react';
import { REVIEW_COMMENT_MAX_CHARS } from '#shared/limits';
import { reviewRequestMessages } from '#shared/messages/review-requests';
import { reviewFocusSizes } from '#shared/review-layout';
import type { ReviewDecision, ReviewGeneration, ReviewPage } from '#shared/review-types';
import { errorMessage } from '../api/client';
import { Icon } from '../ui/icons';
import { downloadIcon, leftIcon } from '../ui/card-icons';
import { reviewMessages } from './copy';
import { DecisionButtons, DecisionSummary } from './Decisions';
import { PinnedImage } from './PinnedImage';
import { Thread } from './Thread';
import { imageFileName, imageName } from '#shared/version-names';
import { imageThread, isPostableComment, ownDecision } from './rules';
import type { VersionNode } from './version-trees';
import type { useReviewPosts } from './useReview';

interface VersionFocusProps {
  page: ReviewPage;
  node: VersionNode<ReviewGeneration>;
  name: string | null;
  withName: (then: (name: string) => void) => void;
  posts: ReturnType<typeof useReviewPosts>;
  onBack: () => void;
}

type Draft = { pin: { x: number; y: number } | null };

/** One version large: its views, pins and thread, a comment composer and the reviewer's decision. */
export function VersionFocus({ page, node, name, withName, posts, onBack }: VersionFocusProps) {
  const generation = node.generation;
  const [view, setView] = useState(0);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const image = generation.images[view] ?? generation.images[0];
  const thread = imageThread(page.comments, generation.id, view);
  // Later comments of the link, on any image, come a page at a time.
  const moreCursor = page.commentsCursor;
  const decide = (status: ReviewDecision) => withName((reviewer) => posts.decide.mutate({ generationId: generation.id, status, name: reviewer }));
  if (!image) return null;
  return (
    <section className="review-focus" aria-labelledby="focus-title">
      <div className="review-focus-bar">
        <button type="button" className="review-button review-button--quiet" onClick={onBack}>
          <Icon path={leftIcon} size={18} /> {reviewMessages.back}
        </button>
        <h2 id="focus-title">
          {reviewMessages.versionLabel(node.label)}
          {node.parentLabel && <span className="review-from"> · {reviewMessages.fromVersion(node.parentLabel)}</span>}
        </h2>
      </div>
      <div className="review-focus-body">
        <div className="review-focus-image">
          {generation.images.length > 1 && (
            <div className="review-views" role="group" aria-label={reviewMessages.versionLabel(node.label)}>
              {generation.images.map((_, index) => (
                <button key={index} type="button" className="review-chip" aria-pressed={index === view} onClick={() => { setView(index); setDraft(null); setActiveId(null); }}>
                  {reviewMessages.viewTab(index, generation.images.length, generation.version)}
                </button>
              ))}
            </div>
          )}
          <PinnedImage
            image={image}
            alt={reviewMessages.imageAlt(node.label, view, generation.images.length)}
            sizes={reviewFocusSizes()}
            thread={thread}
            activeId={activeId}
            onSelect={setActiveId}
            draft={draft?.pin ?? null}
            onPin={(pin) => setDraft({ pin })}
          />
          <p className="review-hint">{reviewMessages.pinHint}</p>
        </div>
        <aside className="review-focus-side">
          <div className="review-panel">
            <h3>{reviewMessages.yourDecision}</h3>
            <DecisionButtons current={ownDecision(page.decisions, generation.id, name)} busy={posts.decide.isPending} onDecide={decide} label={reviewMessages.yourDecision} />
            <DecisionSummary decisions={page.decisions} generationId={generation.id} />
            {posts.decide.isError && <p className="review-error" role="alert">{errorMessage(posts.decide.error)}</p>}
            {page.allowDownload && image.url && (
              <a className="review-button review-button--quiet review-download" href={image.url} download={imageFileName(page.project.name, generation.version && imageName(generation.version, view, generation.images.length), `${generation.id}-${view}`)}>
                <Icon path={downloadIcon} size={18} /> {reviewMessages.download}
              </a>
            )}
          </div>
          <div className="review-panel">
            <h3>{reviewMessages.threadHeading}</h3>
            {draft ? (
              <Composer
                key={`${draft.pin?.x ?? 'whole'}-${draft.pin?.y ?? ''}`}
                pinned={draft.pin !== null}
                busy={posts.comment.isPending}
                error={posts.comment.isError ? errorMessage(posts.comment.error) : null}
                onCancel={() => setDraft(null)}
                onPost={(body) =>
                  withName((reviewer) =>
                    posts.comment.mutate(
                      { generationId: generation.id, imageIndex: view, body, name: reviewer, ...(draft.pin ?? {}) },
                      { onSuccess: (comment) => { setDraft(null); setActiveId(comment.id); } },
                    ),
                  )
                }
              />
            ) : (
              <button type="button" className="review-button review-button--quiet" onClick={() => setDraft({ pin: null })}>
                {reviewMessages.wholeImage}
              </button>
            )}
            <Thread thread={thread} activeId={activeId} onSelect={setActiveId} replies={page.replies} />
            {moreCursor && (
              <button
                type="button"
                className="review-button review-button--quiet review-more"
                disabled={posts.more.isPending}
                onClick={() => posts.more.mutate(moreCursor)}
              >
                {posts.more.isPending ? reviewMessages.loadingComments : reviewMessages.moreComments}
              </button>
            )}
            {posts.more.isError && <p className="review-error" role="alert">{errorMessage(posts.more.error)}</p>}
          </div>
        </aside>
      </div>
    </section>
  );
}

function Composer({ pinned, busy, error, onCancel, onPost }: { pinned: boolean; busy: boolean; error: string | null; onCancel: () => void; onPost: (body: string) => void }) {
  const [body, setBody] = useState('');
  const text = body.trim();
  const postable = isPostableComment(body);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (postable) onPost(text);
  };
  return (
    <form className="review-composer" onSubmit={submit}>
      <label htmlFor="review-comment">{pinned ? reviewMessages.newPin : reviewMessages.wholeImage}</label>
      <textarea
        id="review-comment"
        value={body}
        onChange={(event) => setBody(event.target.value)}
        maxLength={REVIEW_COMMENT_MAX_CHARS}
        placeholder={reviewMessages.commentPlaceholder}
        rows={3}
        autoFocus
        aria-describedby={text && !postable ? 'review-comment-hint' : undefined}
      />
      {text && !postable && <p className="review-error" id="review-comment-hint">{reviewRequestMessages.commentNeedsLetter}</p>}
      {error && <p className="review-error" role="alert">{error}</p>}
      <div className="review-form-actions">
        <button type="button" className="review-button review-button--quiet" onClick={onCancel}>
          {reviewMessages.cancel}
        </button>
        <button type="submit" className="review-button review-button--primary" disabled={!postable || busy}>
          {busy ? reviewMessages.posting : reviewMessages.post}
        </button>
      </div>
    </form>
  );
}
