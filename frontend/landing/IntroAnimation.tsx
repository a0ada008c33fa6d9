import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { PRODUCT_NAME } from '#shared/messages/brand';
import { INTRO_TIMINGS_MS, introSchedule, strandBits, type IntroPhase } from './intro-schedule';
import { LOGO_LARGE, LOGO_SMALL } from '../ui/logos';

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

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Runs the phases once both logos have settled; with reduced motion it goes straight to the end. */
function useIntroPhase(): IntroPhase {
  // 'waiting' (the logo hidden) is also what the server renders and the browser hydrates.
  const [phase, setPhase] = useState<IntroPhase>('waiting');
  useEffect(() => {
    let cancelled = false;
    const timers: ReturnType<typeof setTimeout>[] = [];
    void Promise.all([settleImage(LOGO_LARGE), settleImage(LOGO_SMALL)]).then(() => {
      if (cancelled) return;
      const steps = prefersReducedMotion() ? [{ phase: 'final' as const, at: 0 }] : introSchedule();
      for (const step of steps) timers.push(setTimeout(() => setPhase(step.phase), step.at));
    });
    return () => {
      cancelled = true;
      timers.forEach(clearTimeout);
    };
  }, []);
  return phase;
}

/**
 * The animated logo: the mark explodes into 12 strand pairs, which wind into a spinning helix
 * (an allusion to a design's DNA — its parti), then reform into the mark and the word mark.
 */
export function IntroAnimation() {
  const phase = useIntroPhase();
  const bits = useMemo(() => strandBits(), []);
  const spinStyle = { '--spin-ms': `${INTRO_TIMINGS_MS.helixSpin / 2}ms` } as CSSProperties;
  return (
    <div className="intro" data-phase={phase} style={spinStyle} role="img" aria-label={`${PRODUCT_NAME} logo`}>
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
