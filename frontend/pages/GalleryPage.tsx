import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { GalleryItem } from '#shared/gallery-types';
import { GALLERY_COLUMNS, GALLERY_EAGER_CARDS } from '#shared/limits';
import { galleryUiMessages } from '#shared/messages';
import { cardAspect } from '../components/gallery/CardImages';
import { DotsLoader } from '../components/gallery/DotsLoader';
import { GalleryCard } from '../components/gallery/GalleryCard';
import { Icon } from '../components/icons';
import { useSentinel } from '../components/gallery/hooks';
import { Masonry } from '../components/masonry/Masonry';
import { Viewer, type ViewerSlide } from '../components/viewer/Viewer';
import { paths } from '../routing';
import { useAuth } from '../stores/auth';
import { useGallery, type GalleryCard as GalleryCardData } from '../stores/gallery';
import '../styles/gallery.css';
import '../styles/viewer.css';

/** Card height relative to its width: the image area plus a little for the card's frame. */
export const cardHeight = (card: { images: GalleryItem['images'] }) => 1 / cardAspect(card.images) + 0.04;

export function gallerySlides(card: GalleryItem): ViewerSlide[] {
  return card.images.map((image, index) => ({
    url: image.url,
    alt: galleryUiMessages.imageAlt(card.prompt, index, card.images.length),
    width: image.width,
    height: image.height,
    placeholder: image.placeholder,
  }));
}

function SearchBox({ query }: { query: string }) {
  const [, navigate] = useLocation();
  const [text, setText] = useState(query);
  useEffect(() => setText(query), [query]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    navigate(trimmed ? `${paths.gallery}?q=${encodeURIComponent(trimmed)}` : paths.gallery);
  };
  return (
    <form className="gallery-search" role="search" onSubmit={submit}>
      <label className="visually-hidden" htmlFor="gallery-search">{galleryUiMessages.searchLabel}</label>
      <Icon size={18} name="search" />
      <input id="gallery-search" type="search" value={text} placeholder={galleryUiMessages.searchPlaceholder}
        onChange={(event) => setText(event.target.value)} maxLength={200} />
    </form>
  );
}

export function GalleryPage() {
  const search = useSearch();
  const query = (new URLSearchParams(search).get('q') ?? '').trim();
  const authStatus = useAuth((state) => state.status);
  const viewerId = useAuth((state) => state.user?.id ?? null);
  const { cards, visibleCount, status, nextCursor, open, loadMore, reshuffle, toggleLike } = useGallery();
  const [viewing, setViewing] = useState<{ card: GalleryCardData; index: number } | null>(null);

  useEffect(() => {
    document.title = `${galleryUiMessages.galleryTitle} — Parti`;
  }, []);
  useEffect(() => {
    // Wait for the session check, so the first read already carries the like flags;
    // signing in or out later re-reads them (the viewer id changes).
    if (authStatus !== 'loading') open(query, viewerId);
  }, [authStatus, query, viewerId, open]);

  const visible = cards.slice(0, visibleCount);
  const sentinel = useSentinel(
    () => void loadMore(),
    status === 'ready' && nextCursor !== null && visibleCount >= cards.length,
  );
  const empty = status === 'ready' && cards.length === 0;

  return (
    <section className="page page--gallery">
      <header className="gallery-header">
        <h1>{galleryUiMessages.galleryTitle}</h1>
        <SearchBox query={query} />
        <button type="button" className="button gallery-reshuffle" onClick={reshuffle}>
          <Icon size={18} name="shuffle" />
          {galleryUiMessages.reshuffle}
        </button>
      </header>
      {empty && <p className="gallery-empty">{query ? galleryUiMessages.noMatches(query) : galleryUiMessages.emptyGallery}</p>}
      <Masonry
        items={visible}
        columns={GALLERY_COLUMNS}
        label={galleryUiMessages.galleryTitle}
        itemKey={(card) => card.id}
        relativeHeight={cardHeight}
        renderItem={(card, index) => (
          <GalleryCard
            card={card}
            eager={index < GALLERY_EAGER_CARDS}
            signedIn={authStatus === 'signedIn'}
            onOpen={(imageIndex) => setViewing({ card, index: imageIndex })}
            onToggleLike={() => void toggleLike(card.id)}
          />
        )}
      />
      {(status === 'loading' || authStatus === 'loading' || visibleCount < cards.length) && <DotsLoader />}
      <div ref={sentinel} className="gallery-sentinel" aria-hidden="true" />
      {viewing && (
        <Viewer
          slides={gallerySlides(viewing.card)}
          index={viewing.index}
          prompt={viewing.card.prompt}
          onIndexChange={(index) => setViewing({ ...viewing, index })}
          onClose={() => setViewing(null)}
        />
      )}
    </section>
  );
}
