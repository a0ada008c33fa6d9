import { describe, expect, it } from 'vitest';
import { FIDELITY_MAP_COLORS } from '#shared/drawing-inputs';
import { DEFAULT_OVERLAY_OPACITY, fidelityPercent, fidelityTone, MAP_LEGEND, morePreciseStep, overlayOpacity } from '../../../frontend/fidelity/rules';
import { slideFidelity } from '../../../frontend/fidelity/slides';

describe('the geometry badge', () => {
  it('reads the score as a whole percentage rounded down, so 100 % means every line', () => {
    expect(fidelityPercent(0.93)).toBe(93);
    expect(fidelityPercent(0.925)).toBe(92);
    expect(fidelityPercent(0.999)).toBe(99);
    expect(fidelityPercent(1)).toBe(100);
    expect(fidelityPercent(0)).toBe(0);
  });

  it('is not fooled by binary fractions: 0.29 reads 29, not 28', () => {
    expect(0.29 * 100).toBeLessThan(29);
    expect(fidelityPercent(0.29)).toBe(29);
    expect(fidelityPercent(0.57)).toBe(57);
  });

  it('keeps a score outside 0…1 on the scale', () => {
    expect(fidelityPercent(1.2)).toBe(100);
    expect(fidelityPercent(-0.1)).toBe(0);
  });

  it('colours low under the re-render threshold, high from 0.9', () => {
    expect(fidelityTone(0.799)).toBe('low');
    expect(fidelityTone(0.8)).toBe('fair');
    expect(fidelityTone(0.899)).toBe('fair');
    expect(fidelityTone(0.9)).toBe('high');
    expect(fidelityTone(1)).toBe('high');
  });
});

describe('render again, more precise', () => {
  it('asks for one step more precise, and the most precise again at the top', () => {
    expect(morePreciseStep(1)).toBe(2);
    expect(morePreciseStep(3)).toBe(4);
    expect(morePreciseStep(4)).toBe(5);
    expect(morePreciseStep(5)).toBe(5);
  });
});

describe('the overlay', () => {
  it('has a legend in the map’s own colours, lost first as the map draws it on top', () => {
    expect(MAP_LEGEND.map((entry) => entry.line)).toEqual(['lost', 'kept', 'added']);
    expect(MAP_LEGEND.find((entry) => entry.line === 'kept')?.color).toBe(`rgb(${FIDELITY_MAP_COLORS.kept.join(' ')})`);
    expect(MAP_LEGEND.find((entry) => entry.line === 'lost')?.color).toBe('rgb(213 94 0)');
  });

  it('takes opacities in whole steps within 0–100', () => {
    expect(overlayOpacity(62)).toBe(60);
    expect(overlayOpacity(63)).toBe(65);
    expect(overlayOpacity(140)).toBe(100);
    expect(overlayOpacity(-5)).toBe(0);
    expect(overlayOpacity(Number.NaN)).toBe(DEFAULT_OVERLAY_OPACITY);
  });
});

describe('a view in the viewer', () => {
  const scored = { score: 0.71, retried: true, alternate: { score: 0.64, url: '/a.jpg', thumbnailUrl: '/a-t.jpg', width: 1024, height: 768 } };

  it('carries its score and the owner’s map route, read again when the score changes', () => {
    expect(slideFidelity('g1', { index: 2, fidelity: scored })).toEqual({ view: scored, map: { kind: 'owner', generationId: 'g1', index: 2, score: 0.71 } });
  });

  it('offers "Render again, more precise" without a score (a site photo), and nothing for a view with neither', () => {
    expect(slideFidelity('g1', { index: 0 }, { step: 4, credits: 4 })).toEqual({ renderAgain: { step: 4, credits: 4 } });
    expect(slideFidelity('g1', { index: 0 })).toBeUndefined();
  });
});
