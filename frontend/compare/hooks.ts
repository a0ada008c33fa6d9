/** The compare view's small hooks: the stage's size, the device pixel ratio, the flicker's clock. */
import { useEffect, useState, type RefObject } from 'react';
import { nextFlicker } from './layout';

export interface StageSize {
  width: number;
  height: number;
}

/** The element's content box, kept current by a ResizeObserver (0 × 0 until measured). */
export function useStageSize(element: RefObject<HTMLElement | null>): StageSize {
  const [size, setSize] = useState<StageSize>({ width: 0, height: 0 });
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const measure = () => {
      const width = target.clientWidth;
      const height = target.clientHeight;
      setSize((current) => (current.width === width && current.height === height ? current : { width, height }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return size;
}

/** window.devicePixelRatio, followed when the page moves to another screen or is zoomed. */
export function useDevicePixelRatio(): number {
  const [dpr, setDpr] = useState(() => (typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1));
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(`(resolution: ${dpr}dppx)`);
    const onChange = () => setDpr(window.devicePixelRatio || 1);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [dpr]);
  return dpr;
}

/**
 * The flicker's interval bounds, ms. At most 2.5 switches a second: well under the three
 * flashes a second that WCAG 2.3.1 allows.
 */
export const FLICKER_MIN_MS = 400;
export const FLICKER_MAX_MS = 2000;
export const FLICKER_DEFAULT_MS = 800;

export interface Flicker {
  /** The image shown now (the held one while the hold button is pressed). */
  shown: number;
  playing: boolean;
  intervalMs: number;
  setPlaying: (playing: boolean) => void;
  setIntervalMs: (ms: number) => void;
  setHeld: (held: boolean) => void;
  /** Switches to the next image by hand, which pauses the clock. */
  step: () => void;
}

/** Alternates between `count` images while `active` and playing. */
export function useFlicker(active: boolean, count: number): Flicker {
  const [current, setCurrent] = useState(0);
  // Who asked the system for less motion starts paused and switches by hand.
  const [playing, setPlaying] = useState(() => typeof window.matchMedia !== 'function' || !window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  const [intervalMs, setIntervalMs] = useState(FLICKER_DEFAULT_MS);
  const [held, setHeld] = useState(false);
  const running = active && playing && !held && count > 1;
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setCurrent((index) => nextFlicker(index, count)), intervalMs);
    return () => window.clearInterval(timer);
  }, [running, intervalMs, count]);
  const base = Math.min(current, Math.max(0, count - 1));
  return {
    shown: held ? nextFlicker(base, count) : base,
    playing,
    intervalMs,
    setPlaying,
    setIntervalMs,
    setHeld,
    step: () => {
      setPlaying(false);
      setCurrent((index) => nextFlicker(index, count));
    },
  };
}
