import { useState, type FormEvent } from 'react';
import { REVIEW_LINK_DEFAULT_DAYS, REVIEW_LINK_MAX_DAYS, REVIEW_LINK_MIN_DAYS } from '#shared/limits';
import type { ReviewLinkSummary } from '#shared/review-types';
import { errorMessage } from '../api/client';
import { useTwoStepConfirm } from '../ui/useTwoStepConfirm';
import { reviewMessages } from './copy';
import { formatWhen } from './Thread';
import { useCreateReviewLink, useReviewLinks, useRevokeReviewLink } from './useOwnerReview';
import './review.css';

const shortDate = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
const day = (iso: string) => shortDate.format(new Date(iso));

/** "Share for review": create a link, copy it once, see every link's state and comments, revoke. */
export function SharePanel({ projectId }: { projectId: string }) {
  const [days, setDays] = useState(String(REVIEW_LINK_DEFAULT_DAYS));
  const [allowDownload, setAllowDownload] = useState(false);
  const [copied, setCopied] = useState(false);
  const create = useCreateReviewLink(projectId);
  const links = useReviewLinks(projectId);
  const expiresInDays = Number(days);
  const validDays = Number.isInteger(expiresInDays) && expiresInDays >= REVIEW_LINK_MIN_DAYS && expiresInDays <= REVIEW_LINK_MAX_DAYS;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCopied(false);
    if (validDays) create.mutate({ expiresInDays, allowDownload });
  };
  const copy = async (url: string) => {
    await navigator.clipboard.writeText(url);
    setCopied(true);
  };
  return (
    <section className="review-owner-panel" aria-labelledby="share-heading">
      <h2 id="share-heading">{reviewMessages.shareHeading}</h2>
      <p className="review-owner-intro">{reviewMessages.shareIntro}</p>
      <form className="review-share-form" onSubmit={submit}>
        <label htmlFor="review-days">{reviewMessages.expiryLabel}</label>
        <input id="review-days" type="number" min={REVIEW_LINK_MIN_DAYS} max={REVIEW_LINK_MAX_DAYS} value={days} onChange={(event) => setDays(event.target.value)} />
        <label className="review-check">
          <input type="checkbox" checked={allowDownload} onChange={(event) => setAllowDownload(event.target.checked)} />
          {reviewMessages.allowDownloadLabel}
        </label>
        <button type="submit" className="review-button review-button--primary" disabled={!validDays || create.isPending}>
          {create.isPending ? reviewMessages.creating : reviewMessages.createLink}
        </button>
      </form>
      {create.isError && <p className="review-error" role="alert">{errorMessage(create.error)}</p>}
      {create.data && (
        <div className="review-new-link">
          <label htmlFor="review-new-url">{reviewMessages.newLinkLabel}</label>
          <div className="review-new-link-row">
            <input id="review-new-url" readOnly value={create.data.url} onFocus={(event) => event.currentTarget.select()} />
            <button type="button" className="review-button" onClick={() => void copy(create.data.url)}>
              {copied ? reviewMessages.copied : reviewMessages.copyLink}
            </button>
          </div>
          <p className="review-owner-intro">{reviewMessages.linkOnce}</p>
        </div>
      )}
      <h3>{reviewMessages.linksHeading}</h3>
      {links.data && links.data.items.length === 0 && <p className="review-owner-intro">{reviewMessages.noLinks}</p>}
      {links.data && links.data.items.length > 0 && (
        <ul className="review-link-list">
          {links.data.items.map((link) => (
            <LinkRow key={link.id} projectId={projectId} link={link} />
          ))}
        </ul>
      )}
    </section>
  );
}

function LinkRow({ projectId, link }: { projectId: string; link: ReviewLinkSummary }) {
  const revoke = useRevokeReviewLink(projectId);
  const confirm = useTwoStepConfirm(() => revoke.mutate(link.id));
  return (
    <li className={`review-link-row is-${link.state}`}>
      <div>
        <p>
          <span className={`badge badge--state-${link.state}`}>{reviewMessages.linkState[link.state]}</span>{' '}
          {reviewMessages.commentsCount(link.commentCount)}
          {link.allowDownload && <span className="review-owner-note"> · {reviewMessages.downloadsAllowed}</span>}
        </p>
        {/* Created to the minute: the feedback panel names a decision's link by this time. */}
        <p className="review-owner-note">{reviewMessages.linkMeta(formatWhen(link.createdAt), day(link.expiresAt))}</p>
      </div>
      {link.state === 'active' && (
        <button type="button" className={`review-button${confirm.armed ? ' review-button--danger' : ''}`} onClick={confirm.click} disabled={revoke.isPending}>
          {confirm.armed ? reviewMessages.confirmRevoke : reviewMessages.revoke}
        </button>
      )}
    </li>
  );
}
