import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'wouter';
import { COMPARE_MAX_ITEMS, COMPARE_MIN_ITEMS } from '#shared/limits';
import { BRIEF_FIELDS } from '#shared/project-types';
import { reviewGridSizes } from '#shared/review-layout';
import type { ReviewDecision, ReviewGeneration, ReviewPage as ReviewData } from '#shared/review-types';
import { PRODUCT_NAME } from '#shared/messages/brand';
import { isNotFound } from '../api/client';
import { LOGO_SMALL } from '../ui/logos';
import { useHydrated } from '../ui/useHydrated';
import { reviewMessages } from './copy';
import { DecisionButtons, DecisionSummary, StandingBadge } from './Decisions';
import { NameDialog } from './NameDialog';
import { ResponsiveImage } from './PinnedImage';
import { ReviewBoard } from './ReviewBoard';
import { DownloadAllButton } from '../downloads/DownloadAllButton';
import { reviewDownload } from '../downloads/requests';
import { ReviewCompare } from './ReviewCompare';
import { VersionFocus } from './VersionFocus';
import { ownDecision, toggleCompare } from './rules';
import { versionTrees, type VersionNode } from './version-trees';
import { useReviewerName, useReviewPage, useReviewPosts } from './useReview';
import './review.css';
import './versions.css';

/**
 * The link's last day: in UTC where the server renders it (and while the browser hydrates), then
 * in the reviewer's own time zone.
 */
function useLongDate(): Intl.DateTimeFormat {
  const hydrated = useHydrated();
  return useMemo(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: hydrated ? undefined : 'UTC' }), [hydrated]);
}

/** The client's review page (/review/:token): no account, no navigation, the project's work. */
export function ReviewPage() {
  const token = useParams<{ token: string }>().token ?? '';
  const query = useReviewPage(token);
  const gone = isNotFound(query.error);
  const root = useRef<HTMLDivElement>(null);
  const { refetch } = query;
  // An image the link no longer serves (revoked meanwhile) is a reason to ask again at once.
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const onError = (event: Event) => {
      if (event.target instanceof HTMLImageElement) void refetch();
    };
    element.addEventListener('error', onError, true);
    return () => element.removeEventListener('error', onError, true);
  }, [refetch]);
  return (
    <div className="review-page" ref={root}>
      <header className="review-masthead">
        <img src={LOGO_SMALL} alt="" width={28} height={28} />
        <span className="review-brand">{PRODUCT_NAME}</span>
        <span className="review-eyebrow">{reviewMessages.eyebrow}</span>
      </header>
      {query.isPending && <p className="review-status" aria-busy="true">{reviewMessages.loading}</p>}
      {gone &&
        (query.data ? (
          <div className="review-unavailable" role="alert">
            <h1>{reviewMessages.noLongerActiveTitle}</h1>
            <p>{reviewMessages.noLongerActiveBody}</p>
          </div>
        ) : (
          <div className="review-unavailable" role="alert">
            <h1>{reviewMessages.notAvailableTitle}</h1>
            <p>{reviewMessages.notAvailableBody}</p>
          </div>
        ))}
      {query.isError && !gone && !query.data && (
        <div className="review-unavailable" role="alert">
          <h1>{reviewMessages.loadFailed}</h1>
          <button type="button" className="review-button review-button--primary" onClick={() => void query.refetch()}>
            {reviewMessages.retry}
          </button>
        </div>
      )}
      {query.data && !gone && <Review token={token} page={query.data} />}
    </div>
  );
}

function Review({ token, page }: { token: string; page: ReviewData }) {
  const trees = useMemo(() => versionTrees(page.generations), [page.generations]);
  const nodes = useMemo(() => new Map(trees.flatMap((tree) => tree.versions.map((node) => [node.generation.id, node] as const))), [trees]);
  const [focusId, setFocusId] = useState<string | null>(null);
  const [compare, setCompare] = useState<string[]>([]);
  const [comparing, setComparing] = useState(false);
  const [boarding, setBoarding] = useState(false);
  // A version over the one it came from, in the wipe: [before, after].
  const [beforeAfter, setBeforeAfter] = useState<[string, string] | null>(null);
  const reviewer = useReviewerName();
  const posts = useReviewPosts(token);
  const longDate = useLongDate();
  const focus = focusId ? nodes.get(focusId) : undefined;
  const brief = BRIEF_FIELDS.filter((field) => field !== 'summary').map((field) => page.project.brief[field]).filter(Boolean);
  const compared = compare.map((id) => nodes.get(id)).filter((node) => node !== undefined);
  const pair = beforeAfter?.map((id) => nodes.get(id)).filter((node) => node !== undefined) ?? [];
  const imageCount = page.generations.reduce((sum, generation) => sum + generation.images.length, 0);

  return (
    <>
      <div className="review-title">
        <div>
          {/* A workspace's project names its practice, never a person (docs/decisions/0098-workspaces-app.md). */}
          {page.practice && (
            <p className="review-practice">
              {page.practice.logoUrl && <img src={page.practice.logoUrl} alt="" width={32} height={32} />}
              {reviewMessages.sharedBy(page.practice.name)}
            </p>
          )}
          <h1>{page.project.name}</h1>
          {page.project.brief.summary && <p className="review-summary">{page.project.brief.summary}</p>}
          {brief.length > 0 && <p className="review-brief">{brief.join(' · ')}</p>}
        </div>
        <div className="review-reviewer">
          <p className="review-expiry">{reviewMessages.expires(longDate.format(new Date(page.expiresAt)))}</p>
          {reviewer.name ? (
            <p>
              {reviewMessages.reviewingAs(reviewer.name)}{' '}
              <button type="button" className="review-link-button" onClick={reviewer.ask}>{reviewMessages.changeName}</button>
            </p>
          ) : (
            <button type="button" className="review-button review-button--quiet" onClick={reviewer.ask}>{reviewMessages.addName}</button>
          )}
          {page.allowDownload && (
            <div className="review-downloads">
              {!boarding && (
                <button type="button" className="review-button review-button--quiet" onClick={() => setBoarding(true)}>
                  {reviewMessages.boardOpen}
                </button>
              )}
              <DownloadAllButton className="review-button review-button--quiet" imageCount={imageCount}
                download={() => reviewDownload(token, page.project.name, imageCount)} />
            </div>
          )}
        </div>
      </div>
      {boarding ? (
        <ReviewBoard page={page} onClose={() => setBoarding(false)} />
      ) : focus ? (
        <VersionFocus page={page} node={focus} name={reviewer.name} withName={reviewer.withName} posts={posts} onBack={() => setFocusId(null)} />
      ) : pair.length === 2 ? (
        <ReviewCompare page={page} nodes={pair} initialMode="wipe" onClose={() => setBeforeAfter(null)} onOpen={(id) => { setBeforeAfter(null); setFocusId(id); }} />
      ) : comparing && compared.length >= COMPARE_MIN_ITEMS ? (
        <ReviewCompare page={page} nodes={compared} onClose={() => setComparing(false)} onOpen={setFocusId} />
      ) : (
        <>
          {trees.map((tree) => (
            <section key={tree.letter} className="review-tree" aria-labelledby={`tree-${tree.letter}`}>
              <h2 id={`tree-${tree.letter}`}>{reviewMessages.option(tree.letter)}</h2>
              <ul className="review-grid">
                {tree.versions.map((node) => (
                  <VersionCard
                    key={node.generation.id}
                    page={page}
                    node={node}
                    current={ownDecision(page.decisions, node.generation.id, reviewer.name)}
                    busy={posts.decide.isPending}
                    selected={compare.includes(node.generation.id)}
                    onOpen={() => setFocusId(node.generation.id)}
                    onCompare={() => setCompare((selected) => toggleCompare(selected, node.generation.id, COMPARE_MAX_ITEMS))}
                    onBeforeAfter={() => {
                      const parentId = node.generation.parentId;
                      if (parentId) setBeforeAfter([parentId, node.generation.id]);
                    }}
                    onDecide={(status) =>
                      reviewer.withName((name) => posts.decide.mutate({ generationId: node.generation.id, status, name }))
                    }
                  />
                ))}
              </ul>
            </section>
          ))}
          {compare.length > 0 && (
            <div className="review-compare-bar" role="region" aria-label={reviewMessages.compare}>
              <span>{reviewMessages.compareCount(compare.length, COMPARE_MAX_ITEMS)}</span>
              <button type="button" className="review-button review-button--quiet" onClick={() => setCompare([])}>{reviewMessages.compareClear}</button>
              <button type="button" className="review-button review-button--primary" disabled={compare.length < COMPARE_MIN_ITEMS} onClick={() => setComparing(true)}>
                {reviewMessages.compareOpen}
              </button>
            </div>
          )}
        </>
      )}
      <NameDialog open={reviewer.asking} initial={reviewer.name} onSave={reviewer.save} onCancel={reviewer.cancel} />
    </>
  );
}

interface VersionCardProps {
  page: ReviewData;
  node: VersionNode<ReviewGeneration>;
  current: ReviewDecision | null;
  busy: boolean;
  selected: boolean;
  onOpen: () => void;
  onCompare: () => void;
  /** A version with a parent in the project: itself over its parent, in the wipe. */
  onBeforeAfter: () => void;
  onDecide: (status: ReviewDecision) => void;
}

function VersionCard({ page, node, current, busy, selected, onOpen, onCompare, onBeforeAfter, onDecide }: VersionCardProps) {
  const generation = node.generation;
  const image = generation.images[0];
  return (
    <li className={`review-card${node.current ? ' is-current' : ''}`} style={{ ['--depth' as string]: String(Math.min(node.depth, 3)) }}>
      {image && (
        <button type="button" className="review-card-image" onClick={onOpen} aria-label={reviewMessages.openVersion(node.label)}>
          <ResponsiveImage image={image} alt={reviewMessages.imageAlt(node.label, 0, generation.images.length)} sizes={reviewGridSizes()} />
        </button>
      )}
      <div className="review-card-body">
        <div className="review-card-head">
          <h3>
            {reviewMessages.versionLabel(node.label)}
            {node.parentLabel && <span className="review-from"> · {reviewMessages.fromVersion(node.parentLabel)}</span>}
          </h3>
          <StandingBadge decisions={page.decisions} generationId={generation.id} />
        </div>
        {node.current && <p className="review-current">{reviewMessages.currentVersion}</p>}
        <p className="review-card-meta">
          {reviewMessages.commentsCount(generation.commentCount)}
          <label className="review-compare-toggle">
            <input type="checkbox" checked={selected} onChange={onCompare} aria-label={reviewMessages.compareSelect(node.label)} />
            {reviewMessages.compare}
          </label>
          {node.sourceLabel && (
            <button type="button" className="review-link-button" aria-label={reviewMessages.beforeAfterLabel(node.label, node.sourceLabel)} onClick={onBeforeAfter}>
              {reviewMessages.beforeAfter}
            </button>
          )}
        </p>
        <DecisionSummary decisions={page.decisions} generationId={generation.id} />
        <DecisionButtons current={current} busy={busy} onDecide={onDecide} label={reviewMessages.versionLabel(node.label)} />
      </div>
    </li>
  );
}
