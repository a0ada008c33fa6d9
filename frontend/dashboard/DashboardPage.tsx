import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../app/routing';
import { ProjectsView } from '../projects/ProjectsView';
import { projectUiMessages } from '../projects/copy';
import { DASHBOARD_COLUMNS, GALLERY_EAGER_CARDS } from '../gallery/layout';
import { galleryMessages } from '#shared/messages/gallery';
import { galleryUiMessages } from '../gallery/copy';
import { DashboardCard } from './DashboardCard';
import { DotsLoader } from '../gallery/DotsLoader';
import { useSentinel } from '../gallery/hooks';
import { useProgressiveCount } from '../gallery/useProgressiveCount';
import { Masonry } from '../ui/Masonry';
import { LazyViewer, type ViewerSlide } from '../viewer/LazyViewer';
import type { GenerationItem } from '../api/generations';
import { useAuth } from '../auth/store';
import { useDeleteGeneration } from '../queries/generations';
import { useLike, useSetVisibility } from '../queries/hooks';
import { dashboardCards, dashboardListQuery, type DashboardTab } from '../queries/dashboard';
import { cardHeight } from '../gallery/CardImages';
import { CompareTray, PickToggle } from '../compare/CompareTray';
import { useComparePicks } from '../compare/picks';
import { SelectionTray, SelectToggle } from '../downloads/SelectDownload';
import { useDownloadSelection } from '../downloads/selection';
import { slideFidelity } from '../fidelity/slides';
import { useSpaceOwner } from '../workspaces/hooks';
import '../gallery/gallery.css';
import './dashboard.css';

/** The facts row under a dashboard card's images, relative to the card's width (an estimate). */
const CARD_FACTS_ESTIMATE = 0.04;

/** The results first, then the reference images, labelled (docs/decisions/0033). */
function dashboardSlides(card: GenerationItem): ViewerSlide[] {
  const results: ViewerSlide[] = card.images.map((image, index) => ({
    url: image.url,
    preview: image.renditions.at(-1)?.url,
    alt: galleryUiMessages.imageAlt(card.prompt, index, card.images.length),
    width: image.width,
    height: image.height,
    placeholder: image.placeholder,
    lineageOf: card.isOwn ? card.id : undefined,
    fidelity: slideFidelity(card.id, { index, fidelity: image.fidelity }),
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

/** The dashboard's views: its two lists, and the projects (at /projects; docs/decisions/0065-projects-screens.md). */
type DashboardView = DashboardTab | 'projects';

const VIEWS: { id: DashboardView; label: string }[] = [
  { id: 'generations', label: galleryUiMessages.generationsTab },
  { id: 'projects', label: projectUiMessages.projectsTab },
  { id: 'likes', label: galleryUiMessages.likesTab },
];

function Tabs({ tab, onChange }: { tab: DashboardView; onChange: (tab: DashboardView) => void }) {
  return (
    <div className="dashboard-tabs" role="tablist" aria-label={galleryUiMessages.dashboardTitle}>
      {VIEWS.map((entry) => (
        <button key={entry.id} type="button" role="tab" id={`dashboard-tab-${entry.id}`} aria-controls="dashboard-panel"
          aria-selected={tab === entry.id} className={tab === entry.id ? 'is-active' : ''} onClick={() => onChange(entry.id)}>
          {entry.label}
        </button>
      ))}
    </div>
  );
}

function DashboardList({ tab, ownerId }: { tab: DashboardTab; ownerId: string }) {
  // Live updates invalidate this list (stores/realtime.ts); the query re-reads it then.
  const list = useInfiniteQuery(dashboardListQuery(ownerId, tab));
  const cards = useMemo(() => dashboardCards(list.data), [list.data]);
  const like = useLike();
  const setVisibility = useSetVisibility();
  const remove = useDeleteGeneration();
  const [viewing, setViewing] = useState<{ card: GenerationItem; index: number } | null>(null);
  const shown = useProgressiveCount(cards.length);
  useEffect(() => {
    if (list.error) console.error('dashboard load failed', list.error);
  }, [list.error]);
  const settled = !list.isFetching && !list.isPending;
  const sentinel = useSentinel(() => void list.fetchNextPage(), list.isSuccess && settled && list.hasNextPage && shown >= cards.length);
  // A load error shows the empty state (docs/decisions/0033).
  const empty = settled && cards.length === 0;
  const emptyText = TABS.find((entry) => entry.id === tab)?.empty ?? '';
  return (
    <div id="dashboard-panel" role="tabpanel" aria-labelledby={`dashboard-tab-${tab}`}>
      {empty && <p className="dashboard-empty">{emptyText}</p>}
      <Masonry
        items={cards.slice(0, shown)}
        columns={DASHBOARD_COLUMNS}
        label={TABS.find((entry) => entry.id === tab)?.label ?? ''}
        itemKey={(card) => card.id}
        // The facts under the images add about this much; the masonry measures the rest.
        relativeHeight={(card) => cardHeight(card) + CARD_FACTS_ESTIMATE}
        renderItem={(card, index) => (
          <DashboardCard
            card={card}
            tab={tab}
            likeBusy={like.busy.has(card.id)}
            eager={index < GALLERY_EAGER_CARDS}
            onOpen={(imageIndex) => setViewing({ card, index: imageIndex })}
            onToggleLike={() => like.toggle(card)}
            onSetVisibility={(visibility) => setVisibility({ id: card.id, visibility })}
            onDelete={() => remove(card.id)}
          />
        )}
      />
      {(list.isFetching || list.isPending || shown < cards.length) && <DotsLoader />}
      <div ref={sentinel} className="gallery-sentinel" aria-hidden="true" />
      {viewing && (
        <LazyViewer
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

/** The list tab a switch away from /projects asked for (kept in the history entry, as the route changes). */
function listTabFromHistory(): DashboardTab {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'dashboardTab' in state && state.dashboardTab === 'likes' ? 'likes' : 'generations';
}

export function DashboardPage() {
  const status = useAuth((state) => state.status);
  const ownerId = useSpaceOwner() || null;
  const [listTab, setListTab] = useState<DashboardTab>(listTabFromHistory);
  const [location, navigate] = useLocation();
  const tab: DashboardView = location === paths.projects ? 'projects' : listTab;
  const setTab = (next: DashboardView) => {
    if (next === 'projects') return navigate(paths.projects);
    setListTab(next);
    if (location === paths.projects) navigate(paths.dashboard, { state: { dashboardTab: next } });
  };
  useEffect(() => {
    document.title = `${galleryUiMessages.dashboardTitle} — Parti`;
  }, []);
  return (
    <section className="page page--dashboard">
      <header className="dashboard-header">
        <h1>{galleryUiMessages.dashboardTitle}</h1>
        {ownerId && <Tabs tab={tab} onChange={setTab} />}
        {ownerId && tab === 'generations' && (
          <div className="dashboard-modes">
            {/* One picking at a time: comparing or choosing a download. */}
            <PickToggle onStart={useDownloadSelection.getState().stop} />
            <SelectToggle onStart={useComparePicks.getState().stop} />
          </div>
        )}
      </header>
      {status === 'signedOut' && <p className="dashboard-empty">{galleryMessages.signInForDashboard}</p>}
      {ownerId && (tab === 'projects' ? <ProjectsView ownerId={ownerId} /> : <DashboardList key={tab} tab={tab} ownerId={ownerId} />)}
      {tab === 'generations' && <CompareTray />}
      {tab === 'generations' && <SelectionTray />}
    </section>
  );
}
