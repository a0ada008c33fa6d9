/** Registration of a model's answer on the context ring: what it finds, and what it refuses. */
import { describe, expect, it } from 'vitest';
import { EDIT_REGISTRATION_TOLERANCE_PX } from '#shared/region-edit';
import { extractCrop } from '../../../../worker/studio/region-edit/crop';
import { featherOf } from '../../../../worker/studio/region-edit/feather';
import { matchColour } from '../../../../worker/studio/region-edit/composite';
import { register } from '../../../../worker/studio/region-edit/register';
import { cast, jpegRoundTrip, maskWhere, moved, scene, shapes } from './fixtures';

const source = extractCrop(scene('A brick library with tall windows around a courtyard, eye level'), { x: 128, y: 192, width: 768, height: 576 });
const mask = maskWhere(source.width, source.height, shapes.ellipse(384, 288, 150, 110));
const { ring } = featherOf(mask, source.width, source.height, { x: 0, y: 0, width: source.width, height: source.height }, 8, 4);

/** The answer's inside of the mask is something else altogether, as a real edit's is. */
function edited(answer: typeof source): typeof source {
  const pixels = answer.pixels.slice();
  for (let p = 0; p < mask.length; p += 1) if (mask[p] === 1) pixels.set([40, 140, 60, 255], p * 4);
  return { ...answer, pixels };
}

describe('registering an answer', () => {
  it('finds shifts, sub-pixel shifts and small scales to well within the tolerance, through JPEG and a colour cast', () => {
    for (const [dx, dy, scale] of [
      [0, 0, 1],
      [5, -3, 1],
      [-11.5, 7.25, 1],
      [0.4, -0.6, 1],
      [3, 2, 1.02],
      [-6, 0, 0.985],
    ] as const) {
      const answer = cast(jpegRoundTrip(moved(edited(source), dx, dy, scale)), [1.08, 0.95, 1.02], [-6, 4, 0]);
      const found = register(source, answer, ring);
      expect(found.ok, `shift ${dx}, ${dy} × ${scale}`).toBe(true);
      if (!found.ok) continue;
      // A scale moves the crop's edges by up to its share of the half-width, so a scaled answer's
      // shift is read to within a pixel; a pure shift to within three quarters of one.
      const shiftTolerance = scale === 1 ? 0.75 : 1;
      expect(Math.abs(found.transform.dx - dx), `dx for ${dx}, ${dy} × ${scale}`).toBeLessThan(shiftTolerance);
      expect(Math.abs(found.transform.dy - dy), `dy for ${dx}, ${dy} × ${scale}`).toBeLessThan(shiftTolerance);
      expect(Math.abs(found.transform.scale - scale)).toBeLessThan(0.006);
      expect(found.residualPx).toBeLessThanOrEqual(EDIT_REGISTRATION_TOLERANCE_PX);
    }
  }, 120_000);

  it('refuses an answer shifted beyond its search', () => {
    expect(register(source, moved(edited(source), 90, 0), ring).ok).toBe(false);
  });

  it('refuses an answer that redrew its context', () => {
    const other = extractCrop(scene('A timber cabin in a snowy pine forest at dusk'), { x: 128, y: 192, width: 768, height: 576 });
    const found = register(source, other, ring);
    expect(found.ok).toBe(false);
  });

  it('refuses an answer whose right half moved 6 px against its left', () => {
    const shifted = moved(source, 6, 0);
    const pixels = source.pixels.slice();
    for (let y = 0; y < source.height; y += 1) {
      const from = (y * source.width + source.width / 2) * 4;
      pixels.set(shifted.pixels.subarray(from, from + (source.width / 2) * 4), from);
    }
    const found = register(source, edited({ ...source, pixels }), ring);
    expect(found.ok).toBe(false);
  });

  it('takes an answer as it is when no ring is left to read', () => {
    const found = register(source, moved(source, 4, 4), new Uint8Array(ring.length));
    expect(found).toMatchObject({ ok: true, transform: { dx: 0, dy: 0, scale: 1 } });
  });
});

describe('matching colour on the ring', () => {
  it('undoes a cast of the answer', () => {
    const answer = cast(source, [1.15, 0.9, 1], [-10, 12, 3]);
    const match = matchColour(source, answer, ring, { dx: 0, dy: 0, scale: 1 });
    expect(match.gain[0]).toBeCloseTo(1 / 1.15, 1);
    expect(match.gain[1]).toBeCloseTo(1 / 0.9, 1);
    expect(match.offset[2]).toBeCloseTo(-3, 0);
  });
});
