/**
 * The geometry fidelity metric on our own 20 inputs (issue 24, item 5; docs/decisions/0086): an
 * identical render keeps everything, a blank one nothing, a shifted one little, a lightly blurred
 * or recoloured one nearly all; a drawing without one window loses that window's share, and the
 * map marks exactly that window as lost.
 */
import { PhotonImage } from '@cf-wasm/photon';
import { describe, expect, it } from 'vitest';
import { FIDELITY_MAP_COLORS } from '#shared/drawing-inputs';
import { longLines } from '../../../../worker/studio/fidelity/edges';
import { inputLines, MAP_CLASS, measureFidelity, measureFrame, measureRender } from '../../../../worker/studio/fidelity/recall';
import { containPlacement, normaliseContrast, resample, workingSize } from '../../../../worker/studio/fidelity/raster';
import { scorerOf } from '../../../../worker/studio/fidelity';
import { testInput, testInputs, type Rect } from './inputs';
import { blank, blurred, recoloured, shifted, type Image } from './transforms';

const inputs = testInputs();

function jpeg(image: Image): Uint8Array {
  const photon = new PhotonImage(image.pixels, image.width, image.height);
  const bytes = photon.get_bytes_jpeg(92);
  photon.free();
  return bytes;
}

/** The window's box in the working frame (the drawing is scaled to fit it whole). */
function inFrame(rect: Rect, image: Image): Rect {
  const frame = measureFrame(image);
  const placement = containPlacement(image, frame);
  const scale = placement.width / image.width;
  return {
    x: Math.floor(placement.x + rect.x * scale) - 1,
    y: Math.floor(placement.y + rect.y * scale) - 1,
    width: Math.ceil(rect.width * scale) + 2,
    height: Math.ceil(rect.height * scale) + 2,
  };
}

function inside(rect: Rect, x: number, y: number, margin = 0): boolean {
  return x >= rect.x - margin && y >= rect.y - margin && x < rect.x + rect.width + margin && y < rect.y + rect.height + margin;
}

describe('the test material', () => {
  it('is 20 drawings of every kind, each with windows and line work', () => {
    expect(inputs).toHaveLength(20);
    const kinds = new Set(inputs.map((input) => input.kind));
    expect([...kinds].sort()).toEqual(['elevation', 'model', 'photo', 'plan', 'sketch']);
    for (const input of inputs) {
      expect(input.windows.length).toBeGreaterThanOrEqual(4);
      expect(inputLines(input, measureFrame(input)).count).toBeGreaterThan(3000);
    }
  });

  it('is drawn the same on every call, alone or with the others', () => {
    expect(testInput('sketch-2').pixels).toEqual(inputs[1]!.pixels);
    expect(testInput('plan-3').pixels).toEqual(inputs.find((input) => input.name === 'plan-3')!.pixels);
  });
});

describe.each(inputs.map((input) => [input.name, input] as const))('%s', (_name, input) => {
  // Every render below has the input's size, so one frame and one reading of the input's lines
  // serve them all (measureFidelity reads both again per call: it is checked once, as the identity).
  const frame = measureFrame(input);
  let read: ReturnType<typeof inputLines> | undefined;
  const lines = () => (read ??= inputLines(input, frame));
  const score = (render: Image) => measureRender(lines(), render).score;

  it('scores 1.0 against itself and 0 against a blank render', () => {
    expect(measureFidelity(input, input).score).toBe(1);
    expect(score(blank(input.width, input.height))).toBe(0);
  });

  it('scores low shifted by 10 px', () => {
    expect(score(shifted(input, 10, 10))).toBeLessThan(0.5);
  });

  it('keeps at least 95 % lightly blurred or recoloured', () => {
    expect(score(blurred(input))).toBeGreaterThanOrEqual(0.95);
    expect(score(recoloured(input))).toBeGreaterThanOrEqual(0.95);
  });

  it('loses one window\'s share without that window, and the map marks exactly that window', () => {
    const window = 1;
    const without = input.without(window);
    const measure = measureRender(lines(), without);
    // The window's share: the line pixels the drawing has and its copy without the window has not.
    const share = 1 - inputLines(without, frame).count / lines().count;
    expect(share).toBeGreaterThan(0.005);
    expect(1 - (measure.score ?? 0)).toBeCloseTo(share, 2);
    const box = inFrame(input.windows[window]!, input);
    let lostInBox = 0;
    const outside: [number, number][] = [];
    for (let i = 0; i < measure.classes.length; i += 1) {
      if (measure.classes[i] !== MAP_CLASS.lost) continue;
      const x = i % measure.width;
      const y = Math.floor(i / measure.width);
      if (inside(box, x, y)) lostInBox += 1;
      else outside.push([x, y]);
    }
    expect(outside, `lost pixels outside window ${JSON.stringify(box)}`).toEqual([]);
    expect(lostInBox).toBe(lines().count - measure.keptPixels);
  });
});

describe('the fidelity map', () => {
  it('is a PNG at the working size: lost lines in their colour, only around the missing window', async () => {
    const input = inputs.find((candidate) => candidate.kind === 'elevation')!;
    const scored = (await scorerOf(input).score(jpeg(input.without(0))))!;
    const map = PhotonImage.new_from_byteslice(scored.map);
    const pixels = map.get_raw_pixels();
    expect([map.get_width(), map.get_height()]).toEqual([workingSize(input.width, input.height).width, workingSize(input.width, input.height).height]);
    const box = inFrame(input.windows[0]!, input);
    let lost = 0;
    let kept = 0;
    let transparent = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      const color = [pixels[i], pixels[i + 1], pixels[i + 2]];
      const x = (i / 4) % map.get_width();
      const y = Math.floor(i / 4 / map.get_width());
      if (pixels[i + 3] === 0) transparent += 1;
      else if (color.join() === FIDELITY_MAP_COLORS.lost.join()) {
        lost += 1;
        // Drawn 3 px wide: one pixel past the window's lost line pixels.
        expect(inside(box, x, y, 1)).toBe(true);
      } else if (color.join() === FIDELITY_MAP_COLORS.kept.join()) kept += 1;
    }
    map.free();
    expect(lost).toBeGreaterThan(100);
    expect(kept).toBeGreaterThan(lost);
    expect(transparent).toBeGreaterThan(pixels.length / 4 / 2);
    expect(scored.score).toBeLessThan(1);
    expect(scored.score).toBeGreaterThan(0.85);
  });

  it('shows lines the render added in the third colour', async () => {
    const input = inputs.find((candidate) => candidate.kind === 'elevation')!;
    const plain = input.without(0);
    const scored = (await scorerOf(plain).score(jpeg(input)))!;
    expect(scored.score).toBeGreaterThan(0.97);
    expect(scored.addedPixels).toBeGreaterThan(100);
    const map = PhotonImage.new_from_byteslice(scored.map);
    const pixels = map.get_raw_pixels();
    map.free();
    let added = 0;
    for (let i = 0; i < pixels.length; i += 4) if ([pixels[i], pixels[i + 1], pixels[i + 2]].join() === FIDELITY_MAP_COLORS.added.join()) added += 1;
    expect(added).toBeGreaterThan(scored.addedPixels);
  });
});

describe('the metric\'s rules', () => {
  /** A white frame with a black band `thickness` px tall from row `y`, `length` px long from column `from`. */
  function band(width: number, height: number, y: number, length: number, thickness: number, from = 100): Image {
    const pixels = new Uint8Array(width * height * 4).fill(255);
    for (let row = y; row < y + thickness; row += 1) {
      for (let x = from; x < from + length; x += 1) pixels.fill(0, (row * width + x) * 4, (row * width + x) * 4 + 3);
    }
    return { width, height, pixels };
  }

  it('counts only lines spanning at least 40 px', () => {
    expect(measureFidelity(band(1024, 512, 200, 36, 2), blank(1024, 512)).score).toBeNull();
    expect(measureFidelity(band(1024, 512, 200, 44, 2), blank(1024, 512)).score).toBe(0);
    const spanned = (length: number) => {
      const row = new Uint8Array(100);
      row.fill(1, 0, length);
      return longLines(row, 100, 40).reduce((a, b) => a + b, 0);
    };
    expect(spanned(39)).toBe(0);
    expect(spanned(40)).toBe(40);
    // A diagonal 29 × 29 chain spans 41 px.
    const diagonal = new Uint8Array(50 * 50);
    for (let i = 0; i < 29; i += 1) diagonal[i * 50 + i] = 1;
    expect(longLines(diagonal, 50, 40).reduce((a, b) => a + b, 0)).toBe(29);
  });

  it('keeps an edge moved by 3 px and loses one moved by 4 px', () => {
    // A band across the whole width: only its two horizontal edges are lines.
    const input = band(1024, 512, 200, 1024, 100, 0);
    expect(measureFidelity(input, band(1024, 512, 203, 1024, 100, 0)).score).toBe(1);
    expect(measureFidelity(input, band(1024, 512, 204, 1024, 100, 0)).score).toBe(0);
  });

  it('compares at 1K: the same drawing at twice the size scores the same', () => {
    const small = band(1024, 512, 200, 400, 3);
    const large = { width: 2048, height: 1024, pixels: new Uint8Array(2048 * 1024 * 4) };
    for (let y = 0; y < 1024; y += 1) for (let x = 0; x < 2048; x += 1) large.pixels.set(small.pixels.subarray(((y >> 1) * 1024 + (x >> 1)) * 4, ((y >> 1) * 1024 + (x >> 1)) * 4 + 4), (y * 2048 + x) * 4);
    expect(measureFidelity(small, large).score).toBe(1);
    expect(measureFidelity(large, small).score).toBe(1);
  });

  it('fits an input of other proportions whole and centred in the render\'s frame', () => {
    expect(containPlacement({ width: 1000, height: 1000 }, { width: 1024, height: 576 })).toEqual({ x: 224, y: 0, width: 576, height: 576 });
    expect(containPlacement({ width: 1280, height: 853 }, { width: 1024, height: 682 })).toEqual({ x: 0, y: 0, width: 1024, height: 682 });
  });

  it('resamples without changing the mean, and stretches contrast to 0–1', () => {
    const data = new Float32Array(300 * 200).map((_, i) => 0.4 + 0.2 * ((i % 7) / 7));
    const mean = (values: Float32Array) => values.reduce((a, b) => a + b, 0) / values.length;
    expect(mean(resample({ data, width: 300, height: 200 }, 130, 87).data)).toBeCloseTo(mean(data), 2);
    const stretched = normaliseContrast({ data, width: 300, height: 200 });
    expect(Math.min(...stretched.data)).toBeCloseTo(0, 2);
    expect(Math.max(...stretched.data)).toBeCloseTo(1, 2);
    expect(normaliseContrast({ data: new Float32Array(100).fill(0.7), width: 10, height: 10 }).data.every((value) => value === 0)).toBe(true);
  });
});
