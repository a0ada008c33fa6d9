import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { COMPARE_MIN_ITEMS } from '#shared/limits';
import { paths } from '../app/routing';
import { Icon } from '../ui/icons';
import { leftIcon } from '../ui/card-icons';
import { parseCompareItems } from './compare-url';
import { CompareView } from './CompareView';
import { compareMessages } from './copy';
import { resolveItems, type GenerationLoad } from './items';
import { generationQuery } from './queries';
import { isNotFound } from '../api/client';
import { editPair } from '../edit/before-after';
import { CompareEditMenu } from '../edit/CompareEditMenu';
import { maskWipeQuery } from '../edit/mask-bounds';
import { RegionEditHost } from '../edit/RegionEditHost';
import { editTargetOf } from '../edit/target';
import { CompareUpscaleMenu } from '../upscale/CompareUpscaleMenu';
import { upscaleTargetOf } from '../upscale/target';
import { useSpaceOwner } from '../workspaces/hooks';
import { useFoundElsewhere } from '../workspaces/useFoundElsewhere';
import './compare-page.css';

function BackButton() {
  const [, navigate] = useLocation();
  const back = () => {
    // Back to where the compare was opened from; a compare opened on its own goes to the dashboard.
    if (window.history.length > 1) window.history.back();
    else navigate(paths.dashboard);
  };
  return (
    <button type="button" className="compare-back" aria-label={compareMessages.back} onClick={back}>
      <Icon path={leftIcon} size={20} />
      <span>{compareMessages.back}</span>
    </button>
  );
}

/** Fewer than two images, gone images or a failed load: a sentence and a way on. */
function CompareMessage({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="compare compare-message-screen">
      <div className="compare-bar compare-bar--top">
        <BackButton />
      </div>
      <div className="compare-message" role="status">
        <p>{children}</p>
        <div className="compare-message-actions">
          {action}
          <Link className="button compare-message-link" href={paths.dashboard}>{compareMessages.toDashboard}</Link>
        </div>
      </div>
    </div>
  );
}

function CompareItems({ ownerId, search }: { ownerId: string; search: string }) {
  const items = useMemo(() => parseCompareItems(search), [search]);
  const ids = useMemo(() => [...new Set(items.map((item) => item.generationId))], [items]);
  const results = useQueries({ queries: ids.map((id) => generationQuery(ownerId, id)) });
  // An edit beside its source opens in the wipe, its divider across the mask.
  const loaded = new Map(ids.flatMap((id, index) => {
    const data = results[index]?.data;
    return data ? [[id, data] as const] : [];
  }));
  const pair = editPair(items, loaded);
  const wipe = useQuery(maskWipeQuery(pair));
  // None of them in this space, perhaps all in another of the user's (a colleague's link): asked before "gone".
  const allGone = ids.length > 0 && results.every((result) => result.isError && isNotFound(result.error));
  const lookingElsewhere = useFoundElsewhere({ kind: 'generation', id: ids[0] ?? '' }, allGone);
  if (items.length < COMPARE_MIN_ITEMS) return <CompareMessage>{compareMessages.tooFew}</CompareMessage>;

  const failed = results.filter((result) => result.isError && !isNotFound(result.error));
  if (failed.length > 0) {
    const retry = (
      <button type="button" className="button compare-message-link" onClick={() => failed.forEach((result) => void result.refetch())}>
        {compareMessages.retry}
      </button>
    );
    return <CompareMessage action={retry}>{compareMessages.loadFailed}</CompareMessage>;
  }
  if (results.some((result) => result.isPending) || wipe.isLoading || lookingElsewhere) {
    return <div className="compare compare-loading" aria-busy="true"><p className="visually-hidden" role="status">{compareMessages.loading}</p></div>;
  }

  const loads = new Map<string, GenerationLoad>(
    ids.map((id, index) => {
      const data = results[index]?.data;
      return [id, data ? { state: 'loaded', generation: data } : { state: 'gone' }];
    }),
  );
  const { images, missing } = resolveItems(items, loads);
  const missingText = missing > 0 ? compareMessages.missing(missing) : null;
  if (images.length < COMPARE_MIN_ITEMS) {
    return <CompareMessage>{missingText ? `${missingText} ${compareMessages.tooFew}` : compareMessages.tooFew}</CompareMessage>;
  }
  // The owner's actions on each compared image: edit a region, upscale ×2.
  const compared = images.flatMap((image) => {
    const item = items.find((entry) => `${entry.generationId}.${entry.imageIndex}` === image.key);
    const generation = item ? loaded.get(item.generationId) : undefined;
    return item && generation ? [{ label: image.label, generation, imageIndex: item.imageIndex }] : [];
  });
  const choices = compared.flatMap(({ label, generation, imageIndex }) => {
    const target = editTargetOf(generation, imageIndex);
    return target ? [{ label, target }] : [];
  });
  const upscales = compared.flatMap(({ label, generation, imageIndex }) => {
    const target = upscaleTargetOf(generation, imageIndex);
    return target ? [{ label, target }] : [];
  });
  const leading = (
    <div className="compare-leading">
      <BackButton />
      <CompareEditMenu choices={choices} />
      <CompareUpscaleMenu choices={upscales} />
      {missingText && <p className="compare-missing" role="status">{missingText}</p>}
    </div>
  );
  return (
    <>
      <CompareView key={search} items={images} leading={leading} initialMode={pair ? 'wipe' : undefined} initialWipeAt={pair ? wipe.data : undefined} />
      <RegionEditHost />
    </>
  );
}

/** `/compare?items=…`: the caller's own images, two to four, in the compare view. */
export function ComparePage() {
  const search = useSearch();
  const ownerId = useSpaceOwner();
  useEffect(() => {
    document.title = `${compareMessages.title} — Parti`;
    // Opened from a scrolled list (the studio, the dashboard): the screen starts at its top.
    window.scrollTo(0, 0);
  }, []);
  return (
    <section className="page--compare">
      <h1 className="visually-hidden">{compareMessages.title}</h1>
      {ownerId && <CompareItems ownerId={ownerId} search={search} />}
    </section>
  );
}
