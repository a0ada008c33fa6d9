import { useEffect, useState } from 'react';

/** Relative times are read against a clock that ticks each minute, so "just now" grows old on screen. */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
