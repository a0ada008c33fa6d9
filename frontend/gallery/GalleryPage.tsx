import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { GALLERY_COLUMNS, GALLERY_EAGER_CARDS } from './layout';
import { galleryUiMessages } from './copy';
import { cardHeight } from './CardImages';
import { DotsLoader } from './DotsLoader';
import { GalleryCard } from './GalleryCard';
import { Icon } from '../ui/icons';
import { searchIcon, shuffleIcon } from '../ui/card-icons';
import { useSentinel } from './hooks';
import { useProgressiveCount } from './useProgressiveCount';
import { Masonry } from '../ui/Masonry';
import { LazyViewer, type ViewerSlide } from '../viewer/LazyViewer';
import { paths } from '../app/routing';
import { useAuth } from '../auth/store';
import { useLike } from '../queries/hooks';
import type { GalleryItem } from '../api/gallery';
import { galleryCards, galleryPagesQuery } from '../queries/gallery';
import { useGallerySeed, useGalleryView } from './store';
import { normaliseGalleryQuery } from '#shared/edge';
import './gallery.css';

function gallerySlides(card: GalleryItem): ViewerSlide[] {
  return card.images.map((image, index) => ({
    url: image.url,
    preview: image.renditions.at(-1)?.url,
    alt: galleryUiMessages.imageAlt(card.prompt, index, card.images.length),
    width: image.width,
    height: image.height,
    placeholder: image.placeholder,
  }));
}

function SearchBox({ query }: { query: string }) {
  const [, navigate] = useLocation();
  const [text, setText] = useState(query);
  // A new search in the address (back, forward, a link) replaces what was typed.
  const [shownQuery, setShownQuery] = useState(query);
  if (query !== shownQuery) {
    setShownQuery(query);
    setText(query);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    navigate(trimmed ? `${paths.gallery}?q=${encodeURIComponent(trimmed)}` : paths.gallery);
  };
  return (
    <form className="gallery-search" role="search" onSubmit={submit}>
      <label className="visually-hidden" htmlFor="gallery-search">{galleryUiMessages.searchLabel}</label>
      <Icon size={18} path={searchIcon} />
      <input id="gallery-search" type="search" value={text} placeholder={galleryUiMessages.searchPlaceholder}
        onChange={(event) => setText(event.target.value)} maxLength={200} />
    </form>
  );
}

/** The cards of one search and seed: the first batch at once, the rest a few at a time. */
function GalleryGrid({ viewerId, query, seed, enabled, waiting }: { viewerId: string | null; query: string; seed: number | null; enabled: boolean; waiting: boolean }) {
  const signedIn = useAuth((state) => state.status === 'signedIn');
  const pages = useInfiniteQuery({ ...galleryPagesQuery(viewerId, query, seed), enabled });
  // While the session check runs, a page already in the cache (the anonymous one the document
  // carried) is not shown: the viewer's own page, with their likes and without their cards, replaces it.
  const cards = useMemo(() => (waiting ? [] : galleryCards(pages.data)), [waiting, pages.data]);
  const shown = useProgressiveCount(cards.length);
  const like = useLike();
  const [viewing, setViewing] = useState<{ card: GalleryItem; index: number } | null>(null);
  useEffect(() => {
    if (pages.error) console.error('gallery load failed', pages.error); // gallery errors are only logged (docs/decisions/0033)
  }, [pages.error]);
  const settled = !waiting && pages.isSuccess && !pages.isFetching;
  const sentinel = useSentinel(() => void pages.fetchNextPage(), settled && pages.hasNextPage && shown >= cards.length);
  const empty = settled && cards.length === 0;
  return (
    <>
      {empty && <p className="gallery-empty">{query ? galleryUiMessages.noMatches(query) : galleryUiMessages.emptyGallery}</p>}
      <Masonry
        items={cards.slice(0, shown)}
        columns={GALLERY_COLUMNS}
        label={galleryUiMessages.galleryTitle}
        itemKey={(card) => card.id}
        relativeHeight={cardHeight}
        renderItem={(card, index) => (
          <GalleryCard
            card={card}
            likeBusy={like.busy.has(card.id)}
            eager={index < GALLERY_EAGER_CARDS}
            firstRow={index < GALLERY_COLUMNS.default}
            signedIn={signedIn}
            onOpen={(imageIndex) => setViewing({ card, index: imageIndex })}
            onToggleLike={() => like.toggle(card)}
          />
        )}
      />
      {(pages.isFetching || waiting || shown < cards.length) && <DotsLoader />}
      <div ref={sentinel} className="gallery-sentinel" aria-hidden="true" />
      {viewing && (
        <LazyViewer
          slides={gallerySlides(viewing.card)}
          index={viewing.index}
          prompt={viewing.card.prompt}
          onIndexChange={(index) => setViewing({ ...viewing, index })}
          onClose={() => setViewing(null)}
        />
      )}
    </>
  );
}

export function GalleryPage() {
  const search = useSearch();
  const query = normaliseGalleryQuery(new URLSearchParams(search).get('q') ?? '');
  const authStatus = useAuth((state) => state.status);
  const viewerId = useAuth((state) => state.userId);
  const seed = useGallerySeed(query);
  const reshuffle = useGalleryView((view) => view.reshuffle);

  useEffect(() => {
    document.title = galleryUiMessages.pageTitle;
  }, []);
  // Wait for the session check, so the first read already carries the like flags;
  // signing in or out later reads them again (the viewer id is part of the key).
  const waiting = authStatus === 'loading';

  return (
    <section className="page page--gallery">
      <header className="gallery-header">
        <h1>{galleryUiMessages.galleryTitle}</h1>
        <SearchBox query={query} />
        <button type="button" className="button gallery-reshuffle" onClick={() => reshuffle(query)}>
          <Icon size={18} path={shuffleIcon} />
          {galleryUiMessages.reshuffle}
        </button>
      </header>
      <GalleryGrid key={`${viewerId}|${query}|${seed}`} viewerId={viewerId} query={query} seed={seed} enabled={!waiting} waiting={waiting} />
    </section>
  );
}
