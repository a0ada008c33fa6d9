import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';

/** Copies text and shows a check mark for `checkMs` (1.2 s card, 2 s viewer, 3 s dashboard). */
export function useCopy(checkMs: number): { copied: boolean; copy: (text: string) => Promise<void> } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const copy = useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
      } catch {
        return; // clipboard refused (permissions); no check mark
      }
      setCopied(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), checkMs);
    },
    [checkMs],
  );
  return { copied, copy };
}

/** Calls `onVisible` whenever the returned sentinel element scrolls into view. */
export function useSentinel(onVisible: () => void, enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const visible = useEffectEvent(onVisible);
  useEffect(() => {
    const element = ref.current;
    if (!element || !enabled) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) visible();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}
