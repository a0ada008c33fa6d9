import { useEffect } from 'react';
import { canCompare } from './compare-url';
import { CompareLink } from './CompareLink';
import { compareMessages } from './copy';
import { useComparePicks } from './picks';
import './entry.css';

/** The dashboard header's switch into picking images to compare (the generations list only); `onStart` ends any other picking. */
export function PickToggle({ onStart }: { onStart?: () => void }) {
  const picking = useComparePicks((state) => state.picks !== null);
  const start = useComparePicks((state) => state.start);
  const stop = useComparePicks((state) => state.stop);
  // Leaving the dashboard ends the picking.
  useEffect(() => stop, [stop]);
  return (
    <button type="button" className="compare-entry compare-pick-toggle" aria-pressed={picking}
      onClick={() => {
        if (picking) return stop();
        onStart?.();
        start();
      }}>
      {compareMessages.pickToCompare}
    </button>
  );
}

/** While picking: how many are picked, Compare (n) once two to four are, and Cancel. */
export function CompareTray() {
  const picks = useComparePicks((state) => state.picks);
  const stop = useComparePicks((state) => state.stop);
  if (!picks) return null;
  return (
    <div className="compare-tray" role="region" aria-label={compareMessages.trayLabel}>
      <p className="compare-tray-count" aria-live="polite">
        {picks.length === 0 ? compareMessages.pickHint : compareMessages.picked(picks.length)}
      </p>
      {canCompare(picks.length) ? (
        <CompareLink items={picks} className="compare-entry--primary" />
      ) : (
        <button type="button" className="compare-entry" disabled>{compareMessages.compareCount(picks.length)}</button>
      )}
      <button type="button" className="compare-tray-cancel" onClick={stop}>{compareMessages.cancel}</button>
    </div>
  );
}
