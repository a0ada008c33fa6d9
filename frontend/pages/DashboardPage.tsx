import { useEffect, useState } from 'react';
import { DASHBOARD_COLUMNS, GALLERY_EAGER_CARDS } from '#shared/limits';
import { galleryMessages, galleryUiMessages } from '#shared/messages';
import { DashboardCard } from '../components/dashboard/DashboardCard';
import { DotsLoader } from '../components/gallery/DotsLoader';
import { useSentinel } from '../components/gallery/hooks';
import { useProgressiveCount } from '../components/gallery/useProgressiveCount';
import { Masonry } from '../components/masonry/Masonry';
import { Viewer, type ViewerSlide } from '../components/viewer/Viewer';
import { useAuth } from '../stores/auth';
import { useOnGenerationsChanged } from '../stores/realtime';
import { useDashboard, type DashboardCard as DashboardCardData, type DashboardTab } from '../stores/dashboard';
import { cardHeight } from './GalleryPage';
import '../styles/gallery.css';
import '../styles/dashboard.css';
import '../styles/viewer.css';

/**
 * The results first, then the reference images, labelled
 * (docs/decisions/0033-gallery-and-dashboard-screens.md).
 */
function dashboardSlides(card: DashboardCardData): ViewerSlide[] {
  const results: ViewerSlide[] = card.images.map((image, index) => ({
    url: image.url,
    alt: galleryUiMessages.imageAlt(card.prompt, index, card.images.length),
    width: image.width,
    height: image.height,
    placeholder: image.placeholder,
  }));
  const references: ViewerSlide[] = card.referenceImages.map((url) => ({
    url,
    alt: `${galleryMessages.referenceImage}: ${card.prompt}`,
    label: galleryMessages.referenceImage,
  }));
  return [...results, ...references];
}

const TABS: { id: DashboardTab; label: string; empty: string }[] = [
  { id: 'generations', label: galleryUiMessages.generationsTab, empty: galleryMessages.noGenerations },
  { id: 'likes', label: galleryUiMessages.likesTab, empty: galleryMessages.noLikes },
];

function Tabs({ tab, onChange }: { tab: DashboardTab; onChange: (tab: DashboardTab) => void }) {
  return (
    <div className="dashboard-tabs" role="tablist" aria-label={galleryUiMessages.dashboardTitle}>
      {TABS.map((entry) => (
        <button key={entry.id} type="button" role="tab" id={`dashboard-tab-${entry.id}`} aria-controls="dashboard-panel"
          aria-selected={tab === entry.id} className={tab === entry.id ? 'is-active' : ''} onClick={() => onChange(entry.id)}>
          {entry.label}
        </button>
      ))}
    </div>
  );
}

function DashboardList({ tab, ownerId }: { tab: DashboardTab; ownerId: string }) {
  const { lists, open, loadMore, toggleLike, setVisibility, remove, invalidate } = useDashboard();
  // Another tab or device changed this user's generations: read the grid again.
  useOnGenerationsChanged(invalidate);
  const list = lists[tab];
  const [viewing, setViewing] = useState<{ card: DashboardCardData; index: number } | null>(null);
  const shown = useProgressiveCount(list.cards.length);
  useEffect(() => open(tab, ownerId), [tab, ownerId, open, list.status]);
  const sentinel = useSentinel(
    () => void loadMore(tab),
    list.status === 'ready' && list.nextCursor !== null && shown >= list.cards.length,
  );
  const empty = (list.status === 'ready' || list.status === 'error') && list.cards.length === 0;
  const emptyText = TABS.find((entry) => entry.id === tab)?.empty ?? '';
  return (
    <div id="dashboard-panel" role="tabpanel" aria-labelledby={`dashboard-tab-${tab}`}>
      {empty && <p className="dashboard-empty">{emptyText}</p>}
      <Masonry
        items={list.cards.slice(0, shown)}
        columns={DASHBOARD_COLUMNS}
        label={TABS.find((entry) => entry.id === tab)?.label ?? ''}
        itemKey={(card) => card.id}
        relativeHeight={cardHeight}
        renderItem={(card, index) => (
          <DashboardCard
            card={card}
            tab={tab}
            eager={index < GALLERY_EAGER_CARDS}
            onOpen={(imageIndex) => setViewing({ card, index: imageIndex })}
            onToggleLike={() => void toggleLike(tab, card.id)}
            onSetVisibility={(visibility) => void setVisibility(card.id, visibility)}
            onDelete={() => void remove(card.id)}
          />
        )}
      />
      {(list.status === 'loading' || list.status === 'idle' || shown < list.cards.length) && <DotsLoader />}
      <div ref={sentinel} className="gallery-sentinel" aria-hidden="true" />
      {viewing && (
        <Viewer
          slides={dashboardSlides(viewing.card)}
          index={viewing.index}
          prompt={viewing.card.prompt}
          referenceUrl={viewing.card.referenceImages[0]}
          onIndexChange={(index) => setViewing({ ...viewing, index })}
          onClose={() => setViewing(null)}
        />
      )}
    </div>
  );
}

export function DashboardPage() {
  const status = useAuth((state) => state.status);
  const ownerId = useAuth((state) => state.user?.id ?? null);
  const [tab, setTab] = useState<DashboardTab>('generations');
  useEffect(() => {
    document.title = `${galleryUiMessages.dashboardTitle} — Parti`;
  }, []);
  return (
    <section className="page page--dashboard">
      <header className="dashboard-header">
        <h1>{galleryUiMessages.dashboardTitle}</h1>
        {ownerId && <Tabs tab={tab} onChange={setTab} />}
      </header>
      {status === 'signedOut' && <p className="dashboard-empty">{galleryMessages.signInForDashboard}</p>}
      {ownerId && <DashboardList key={tab} tab={tab} ownerId={ownerId} />}
    </section>
  );
}
