// Landing: the intro animation (docs/decisions/0034-routes-navigation-landing.md); on small screens
// it plays beside the headline, not before the page (docs/decisions/0078-react-on-the-server.md).
export const INTRO_TIMINGS_MS = {
  /** The logo alone, then it explodes. */
  explodeAfter: 1500,
  /** From the explosion to the helix. */
  helixAfter: 600,
  /** The helix spins this long, then reforms. */
  helixSpin: 1000,
  /** From the reform to the final state. */
  finalAfter: 800,
} as const;

const INTRO_STRAND_PAIRS = 12;

/**
 * The intro's phases in order (docs/decisions/0034-routes-navigation-landing.md): logo, explode,
 * helix (spinning), reform, final.
 */
export type IntroPhase = 'waiting' | 'logo' | 'explode' | 'helix' | 'reform' | 'final';

export interface PhaseStep {
  phase: Exclude<IntroPhase, 'waiting'>;
  /** Milliseconds after the logo images have settled. */
  at: number;
}

/** When each phase begins: explode at 1.5 s, helix 0.6 s later, a 1 s spin, final 0.8 s after the reform. */
export function introSchedule(timings = INTRO_TIMINGS_MS): PhaseStep[] {
  const explode = timings.explodeAfter;
  const helix = explode + timings.helixAfter;
  const reform = helix + timings.helixSpin;
  const final = reform + timings.finalAfter;
  return [
    { phase: 'logo', at: 0 },
    { phase: 'explode', at: explode },
    { phase: 'helix', at: helix },
    { phase: 'reform', at: reform },
    { phase: 'final', at: final },
  ];
}

export interface StrandBit {
  key: string;
  /** Which pair along the helix, 0 at the top. */
  pair: number;
  side: 'a' | 'b';
  /** Where the explosion throws it, in px from the centre. */
  scatterX: number;
  scatterY: number;
  /** Its height in the helix, in px from the centre. */
  helixY: number;
  /** Phase offset of its swing, as a fraction of a turn. */
  twist: number;
}

const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

/** The 12 strand pairs: deterministic positions, so the animation is the same on every visit. */
export function strandBits(pairs = INTRO_STRAND_PAIRS, spacing = 14, scatter = 120): StrandBit[] {
  const bits: StrandBit[] = [];
  for (let pair = 0; pair < pairs; pair += 1) {
    for (const side of ['a', 'b'] as const) {
      const index = pair * 2 + (side === 'a' ? 0 : 1);
      const angle = index * GOLDEN_ANGLE;
      const radius = scatter * (0.45 + 0.55 * (((index * 7) % 11) / 10));
      bits.push({
        key: `${pair}${side}`,
        pair,
        side,
        scatterX: Math.round(Math.cos(angle) * radius),
        scatterY: Math.round(Math.sin(angle) * radius),
        helixY: Math.round((pair - (pairs - 1) / 2) * spacing),
        twist: pair / pairs,
      });
    }
  }
  return bits;
}
