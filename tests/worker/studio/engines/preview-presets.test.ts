import { describe, expect, it } from 'vitest';
import { CAMERA_PRESETS, MATERIAL_PRESETS, SEASON_PRESETS, SETTING_PRESETS, TIME_OF_DAY_PRESETS } from '#shared/presets';
import { renderPreviewScene } from '../../../../worker/studio/engines/preview';
import { readPrompt, type SceneReading } from '../../../../worker/studio/engines/scene-reading';
import type { ViewRequest } from '../../../../worker/studio/engines/types';

type Expected = Partial<SceneReading>;

/** What every preset's words must make the offline engine draw (docs/decisions/0069-presets-in-the-prompt.md). */
const EXPECTED: Record<string, Expected> = {
  'setting:exterior': { space: 'exterior' },
  'setting:interior': { space: 'interior' },
  'setting:landscape': { setting: 'park' },
  'setting:urban': { setting: 'city' },
  'setting:aerial': { space: 'exterior', camera: 'aerial' },
  'time:dawn': { time: 'dawn' },
  'time:morning': { time: 'morning' },
  'time:noon': { time: 'noon' },
  'time:golden-hour': { time: 'golden' },
  // Lit interiors seen from outside are no interior.
  'time:dusk': { time: 'dusk', space: null },
  'time:blue-hour': { time: 'blue', space: null },
  'time:night': { time: 'night' },
  'season:spring': { season: 'spring' },
  'season:summer': { season: 'summer' },
  'season:autumn': { season: 'autumn' },
  'season:winter': { season: 'winter' },
  'season:monsoon': { season: 'monsoon' },
  'season:rain': { season: 'rain' },
  'season:mist': { season: 'mist' },
  'camera:eye-level': { camera: 'eye' },
  'camera:aerial': { camera: 'aerial' },
  'camera:worms-eye': { camera: 'worm' },
  'camera:one-point': { space: 'interior', camera: 'one-point' },
  'camera:axonometric': { camera: 'axonometric' },
  'materials:concrete-oak': { material: 'concrete' },
  'materials:brick-steel': { material: 'brick' },
  'materials:earth-timber': { material: 'earth' },
  'materials:glass-aluminium': { material: 'glass' },
  'materials:laterite-bamboo': { material: 'earth' },
  'materials:terrazzo-brass': { material: 'marble' },
  'materials:limestone-bronze': { material: 'stone' },
};

const GROUPS = [
  ['setting', SETTING_PRESETS],
  ['time', TIME_OF_DAY_PRESETS],
  ['season', SEASON_PRESETS],
  ['camera', CAMERA_PRESETS],
  ['materials', MATERIAL_PRESETS],
] as const;

const CASES = GROUPS.flatMap(([group, options]) => options.map((option) => ({ key: `${group}:${option.id}`, words: option.words })));

describe('the preview engine reads every preset as intended', () => {
  it('knows what every preset should read as', () => {
    expect(CASES.map((entry) => entry.key).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(CASES)('$key: alone and joined to a prompt the way the studio joins it', ({ key, words }) => {
    const expected = EXPECTED[key];
    expect(readPrompt(words)).toMatchObject(expected ?? {});
    // In a prompt that names a building, the words still read the same, and take nothing else over.
    const inPrompt = readPrompt(`A two-storey house, ${words}`);
    expect(inPrompt).toMatchObject({ ...expected, building: 'house' });
  });

  it('keeps a snowy street a street: winter changes the season, not the place', () => {
    const winter = SEASON_PRESETS.find((option) => option.id === 'winter')?.words ?? '';
    const urban = SETTING_PRESETS.find((option) => option.id === 'urban')?.words ?? '';
    expect(readPrompt(`A library, ${urban}, ${winter}`)).toMatchObject({ setting: 'city', season: 'winter' });
    expect(readPrompt(`A cabin, ${winter}`)).toMatchObject({ setting: 'snow', season: 'winter' });
  });
});

const base: ViewRequest = { prompt: '', model: 'standard', aspectRatio: '4:3', resolution: '1K', seed: 5, images: [], history: [] };
type Image = ReturnType<typeof renderPreviewScene>;
const wordsOf = (id: string) => [...TIME_OF_DAY_PRESETS, ...SEASON_PRESETS, ...CAMERA_PRESETS].find((option) => option.id === id)?.words ?? '';
const render = (prompt: string): Image => renderPreviewScene({ ...base, prompt });

function meanColour({ pixels }: Image): [number, number, number] {
  const sum = [0, 0, 0];
  let count = 0;
  for (let i = 0; i < pixels.length; i += 4 * 7) {
    sum[0]! += pixels[i]!;
    sum[1]! += pixels[i + 1]!;
    sum[2]! += pixels[i + 2]!;
    count += 1;
  }
  return [sum[0]! / count, sum[1]! / count, sum[2]! / count];
}

/** Mean spread between a pixel's strongest and weakest channel: 0 for a grey picture. */
function colourfulness({ pixels }: Image): number {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < pixels.length; i += 4 * 5) {
    const [r, g, b] = [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!];
    sum += Math.max(r, g, b) - Math.min(r, g, b);
    count += 1;
  }
  return sum / count;
}

/** Mean difference between each pixel and its mirror across the vertical centre line (0 = symmetric). */
function asymmetry({ pixels, width, height }: Image): number {
  let sum = 0;
  let count = 0;
  for (let y = 0; y < height; y += 3) {
    for (let x = 0; x < width / 2; x += 3) {
      const a = (y * width + x) * 4;
      const b = (y * width + (width - 1 - x)) * 4;
      sum += Math.abs(pixels[a]! - pixels[b]!) + Math.abs(pixels[a + 1]! - pixels[b + 1]!) + Math.abs(pixels[a + 2]! - pixels[b + 2]!);
      count += 1;
    }
  }
  return sum / count;
}

const distance = (a: readonly number[], b: readonly number[]) => Math.hypot(...a.map((value, i) => value - (b[i] ?? 0)));

describe('the preview engine draws the presets so they can be told apart', () => {
  const house = 'A brick house in a meadow';

  it('gives dawn, night, monsoon and winter clearly different colours', () => {
    const looks = ['dawn', 'night', 'monsoon', 'winter'].map((id) => ({ id, colour: meanColour(render(`${house}, ${wordsOf(id)}`)) }));
    for (const a of looks) {
      for (const b of looks) {
        if (a.id < b.id) expect(distance(a.colour, b.colour), `${a.id} vs ${b.id}`).toBeGreaterThan(20);
      }
    }
  });

  it('gives every time of day its own light', () => {
    const colours = TIME_OF_DAY_PRESETS.map((option) => meanColour(render(`${house}, ${option.words}`)));
    for (const [i, a] of colours.entries()) for (const b of colours.slice(i + 1)) expect(distance(a, b)).toBeGreaterThan(6);
  });

  it('greys the sky and wets the ground in rain, and veils the scene in mist', () => {
    const plain = render(`${house}, in summer`);
    const rain = render(`${house}, ${wordsOf('rain')}`);
    const mist = render(`${house}, ${wordsOf('mist')}`);
    // Rain and mist grey the picture: far less colour than under a clear summer sky.
    expect(colourfulness(rain)).toBeLessThan(colourfulness(plain) * 0.8);
    expect(colourfulness(mist)).toBeLessThan(colourfulness(plain) * 0.7);
    expect(distance(meanColour(rain), meanColour(mist))).toBeGreaterThan(20);
  });

  it('draws a one-point interior centred and symmetrical', () => {
    const room = 'A living room';
    expect(asymmetry(render(`${room}, ${wordsOf('one-point')}`))).toBeLessThan(asymmetry(render(`${room}, interior`)) * 0.8);
  });
});
