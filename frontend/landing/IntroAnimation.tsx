import { useEffect, useEffectEvent, useMemo, useState, type CSSProperties } from 'react';
import { INTRO_TIMINGS_MS } from './intro-schedule';
import { PRODUCT_NAME } from '#shared/messages/brand';
import { introSchedule, strandBits, type IntroPhase } from './intro-schedule';

/** The two logo sizes, shipped with the app (docs/decisions/0024-assets-ship-with-app.md). */
export const LOGO_LARGE = '/logo-512.png';
export const LOGO_SMALL = '/logo-128.png';

/** Resolves once the image has loaded or failed; a failure is logged and the intro goes on. */
function settleImage(src: string): Promise<void> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve();
    image.onerror = () => {
      console.error(`Intro: the logo image ${src} failed to load`);
      resolve();
    };
    image.src = src;
  });
}

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Runs the phases once both logos have settled; with reduced motion it goes straight to the end. */
function useIntroPhase(skip: boolean, onComplete?: () => void): IntroPhase {
  const [phase, setPhase] = useState<IntroPhase>(skip ? 'final' : 'waiting');
  // The intro runs once per mount; a new onComplete identity must not restart it.
  const complete = useEffectEvent(() => onComplete?.());
  useEffect(() => {
    if (skip) {
      complete();
      return;
    }
    let cancelled = false;
    const timers: ReturnType<typeof setTimeout>[] = [];
    void Promise.all([settleImage(LOGO_LARGE), settleImage(LOGO_SMALL)]).then(() => {
      if (cancelled) return;
      const steps = prefersReducedMotion() ? [{ phase: 'final' as const, at: 0 }] : introSchedule();
      for (const step of steps) {
        timers.push(
          setTimeout(() => {
            setPhase(step.phase);
            if (step.phase === 'final') complete();
          }, step.at),
        );
      }
    });
    return () => {
      cancelled = true;
      timers.forEach(clearTimeout);
    };
  }, [skip]);
  return phase;
}

/**
 * The animated logo: the mark explodes into 12 strand pairs, which wind into a spinning helix
 * (an allusion to a design's DNA — its parti), then reform into the mark and the word mark.
 */
export function IntroAnimation({ skip = false, onComplete, className = '' }: {
  /** Show the final state at once (the page already played the intro). */
  skip?: boolean;
  onComplete?: () => void;
  className?: string;
}) {
  const phase = useIntroPhase(skip, onComplete);
  const bits = useMemo(() => strandBits(), []);
  const spinStyle = { '--spin-ms': `${INTRO_TIMINGS_MS.helixSpin / 2}ms` } as CSSProperties;
  return (
    <div className={`intro ${className}`} data-phase={phase} style={spinStyle} role="img" aria-label={`${PRODUCT_NAME} logo`}>
      <img
        className="intro-logo"
        src={LOGO_LARGE}
        srcSet={`${LOGO_SMALL} 128w, ${LOGO_LARGE} 512w`}
        sizes="(max-width: 767px) 128px, 176px"
        alt=""
        width={512}
        height={512}
      />
      <div className="intro-strands" aria-hidden="true">
        {bits.map((bit) => (
          <span
            key={bit.key}
            className={`intro-bit intro-bit--${bit.side}`}
            style={
              {
                '--sx': `${bit.scatterX}px`,
                '--sy': `${bit.scatterY}px`,
                '--hy': `${bit.helixY}px`,
                '--twist': `${-bit.twist}`,
              } as CSSProperties
            }
          >
            <span className="intro-dot" />
          </span>
        ))}
        {bits
          .filter((bit) => bit.side === 'a')
          .map((bit) => (
            <span
              key={`rung-${bit.pair}`}
              className="intro-rung"
              style={{ '--hy': `${bit.helixY}px`, '--twist': `${-bit.twist}` } as CSSProperties}
            />
          ))}
      </div>
      <p className="intro-wordmark" aria-hidden="true">
        {PRODUCT_NAME}
      </p>
    </div>
  );
}
