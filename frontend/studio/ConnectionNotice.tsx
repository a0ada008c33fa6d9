import { useEffect, useState, useSyncExternalStore } from 'react';
import { studioUiMessages } from '#shared/messages/studio';
import { useLiveStatus } from '../realtime/store';
import { NOTICE_DURATION_MS } from '../ui/timings';
import { nextConnectionNotice, type ConnectionNotice as Notice } from './connection';
import './dock-notices.css';

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The browser's own idea of the network: `offline` fires the moment it is lost. */
function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

const TEXT: Record<Exclude<Notice, 'none'>, string> = {
  offline: studioUiMessages.offline,
  liveDown: studioUiMessages.liveDown,
  back: studioUiMessages.backOnline,
};

/**
 * Says when the network or the live channel drops, and when both are back (for a few seconds):
 * while either is down new views and credits may arrive late, and the studio polls its running
 * jobs instead (frontend/studio/Studio.tsx). The live region stays mounted so each change is read.
 */
export function ConnectionNotice() {
  const online = useOnline();
  const live = useLiveStatus((state) => state.status);
  const [notice, setNotice] = useState<Notice>('none');
  const next = nextConnectionNotice(notice, online, live);
  // Derived from the previous render's notice (React's pattern for state that follows props).
  if (next !== notice) setNotice(next);

  useEffect(() => {
    if (notice !== 'back') return;
    const timer = window.setTimeout(() => setNotice('none'), NOTICE_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  return (
    <div className="studio-dock-notice-region" role="status">
      {notice !== 'none' && (
        <p className={`studio-dock-notice studio-connection-notice is-${notice}`} data-connection={notice}>
          <span className="studio-connection-dot" aria-hidden="true" />
          <span className="studio-dock-notice-text">{TEXT[notice]}</span>
        </p>
      )}
    </div>
  );
}
