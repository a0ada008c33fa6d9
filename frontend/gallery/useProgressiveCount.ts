import { useEffect, useState } from 'react';
import { GALLERY_BATCH_INTERVAL_MS, GALLERY_EAGER_CARDS } from './layout';

const STEP = 5;

/** How many of `total` cards to show: the first batch at once, then a few more every ~100 ms. */
export function useProgressiveCount(total: number): number {
  const firstBatch = Math.min(total, GALLERY_EAGER_CARDS);
  const [shown, setShown] = useState(firstBatch);
  useEffect(() => {
    if (shown >= total) return;
    // A list that grew past its first batch goes on from there, never from below it.
    const step = () => setShown((current) => Math.min(total, Math.max(current, firstBatch) + STEP));
    const timer = setTimeout(step, GALLERY_BATCH_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [shown, total, firstBatch]);
  return Math.min(Math.max(shown, firstBatch), total);
}
