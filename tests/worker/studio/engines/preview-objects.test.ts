import { describe, expect, it } from 'vitest';
import { renderPreviewScene } from '../../../../worker/studio/engines/preview';
import type { ViewRequest } from '../../../../worker/studio/engines/types';
import { type Box, changedBox, changedShare, colourBox, colourShare, isReddish, lumaSpread, type Picture, profileSpread, repetition, surfacePatch } from './preview-measures';

const base: ViewRequest = { prompt: '', model: 'standard', aspectRatio: '4:3', resolution: '1K', seed: 3, images: [], history: [] };
const render = (prompt: string, seed = 3): Picture => renderPreviewScene({ ...base, prompt, seed });
const withWord = (prompt: string, word: string) => prompt.replace(' at noon', ` with ${word} at noon`);

interface Drawn {
  /** What changed against the prompt without the word: its bounds, and its share of the picture. */
  box: Box;
  share: number;
  picture: Picture;
}

function drawn(prompt: string, word: string, seed: number): Drawn {
  const without = render(prompt, seed);
  const picture = render(withWord(prompt, word), seed);
  const box = changedBox(without, picture);
  if (!box) throw new Error(`nothing drawn for "${word}"`);
  return { box, share: changedShare(without, picture), picture };
}

const OUTSIDE = 'A white render house in a meadow at noon';
/** The same design in brick: its red pixels are the building (the material never moves a mass). */
const buildingOf = (seed: number): Box => {
  const box = colourBox(render('A brick house in a meadow at noon', seed), isReddish);
  if (!box) throw new Error('no building');
  return box;
};

type Check = (drawn: Drawn, building: Box) => void;

const onFacadeBase: Check = ({ box }, building) => {
  expect(Math.abs(box.y1 - building.y1)).toBeLessThan(0.04);
  expect(box.x0).toBeGreaterThan(building.x0 - 0.05);
  expect(box.x1).toBeLessThan(building.x1 + 0.02);
};
const onRoof: Check = ({ box }, building) => {
  expect(box.y1).toBeLessThan(building.y1 - 0.1);
  expect(box.y0).toBeLessThan(building.y0 + 0.12);
};
const onGroundInFront: Check = ({ box }, building) => expect(box.y0).toBeGreaterThanOrEqual(building.y1 - 0.01);

/** Each object outside: the least share of pixels it changes, and where it must stand. */
const OUTSIDE_OBJECTS: readonly (readonly [string, number, Check])[] = [
  ['a veranda', 0.008, onFacadeBase],
  ['a pergola', 0.005, ({ box }, building) => {
    expect(box.y1).toBeGreaterThan(building.y1);
    expect(box.y0).toBeLessThan(building.y1);
  }],
  ['a swimming pool', 0.015, (found, building) => {
    onGroundInFront(found, building);
    expect(colourShare(found.picture, (r, g, b) => g > r + 60 && b > r + 60, found.box)).toBeGreaterThan(0.3);
  }],
  ['balconies', 0.005, ({ box }, building) => {
    expect(box.y0).toBeGreaterThan(building.y0 - 0.02);
    expect(box.y1).toBeLessThan(building.y1 - 0.02);
  }],
  ['a parked car', 0.006, onGroundInFront],
  ['a bicycle', 0.001, ({ box }, building) => expect(Math.abs(box.y1 - building.y1)).toBeLessThan(0.05)],
  ['solar panels', 0.008, (found, building) => {
    onRoof(found, building);
    expect(colourShare(found.picture, (r, _g, b) => b > r + 30 && r < 90, found.box)).toBeGreaterThan(0.2);
  }],
  ['a green roof', 0.015, (found, building) => {
    onRoof(found, building);
    expect(colourShare(found.picture, (r, g, b) => g > r + 30 && g > b + 30, found.box)).toBeGreaterThan(0.3);
  }],
  ['arches', 0.006, onFacadeBase],
  ['columns', 0.01, onFacadeBase],
  ['an outside stair', 0.005, onFacadeBase],
  ['skylights', 0.003, onRoof],
  ['planters', 0.005, onFacadeBase],
  ['a bamboo grove', 0.005, ({ box }, building) => {
    // Tall and against the building's left end; trees in front may hide its foot.
    expect(box.x0).toBeLessThan(building.x0);
    expect(box.y1).toBeLessThan(building.y1 + 0.02);
    expect(box.y1 - box.y0).toBeGreaterThan(0.15);
  }],
  ['more trees', 0.015, ({ box }) => expect(box.x1 - box.x0).toBeGreaterThan(0.8)],
];

const INSIDE = 'A living room interior at noon, no sofa, no rug';

/** Each furnishing: the least share of pixels it changes, and where in the room it must be. */
const INSIDE_OBJECTS: readonly (readonly [string, number, (box: Box, picture: Picture) => void])[] = [
  ['a bookshelf', 0.03, (box) => {
    expect(box.x1).toBeLessThan(0.35);
    expect(box.y1 - box.y0).toBeGreaterThan(0.5);
  }],
  ['a sofa', 0.03, (box) => expect(box.y0).toBeGreaterThan(0.5)],
  ['a rug', 0.03, (box) => expect(box.y0).toBeGreaterThan(0.6)],
  ['a dining table', 0.02, (box) => expect(box.y0).toBeGreaterThan(0.45)],
  ['pendant lamps', 0.003, (box) => {
    expect(box.y0).toBeLessThan(0.2);
    expect(box.y1).toBeLessThan(0.6);
  }],
  ['a fireplace', 0.05, (box, picture) => {
    expect(box.x0).toBeGreaterThan(0.6);
    expect(colourShare(picture, (r, g, b) => r > 220 && g > 120 && b < 100, box)).toBeGreaterThan(0.002);
  }],
  ['a stair', 0.03, (box) => expect(box.x0).toBeGreaterThan(0.55)],
  ['a skylight', 0.01, (box) => expect(box.y0).toBeLessThan(0.2)],
  ['plants', 0.005, (box) => expect(box.y1).toBeGreaterThan(0.75)],
  ['columns', 0.015, (box) => expect(box.y1 - box.y0).toBeGreaterThan(0.6)],
  ['arches', 0.02, (box) => {
    expect(box.x0).toBeGreaterThan(0.3);
    expect(box.x1).toBeLessThan(0.7);
  }],
  ['a bed', 0.05, (box) => expect(box.y0).toBeGreaterThan(0.45)],
  ['a desk', 0.03, (box) => expect(box.y0).toBeGreaterThan(0.45)],
  ['a kitchen island', 0.03, (box) => expect(box.y0).toBeGreaterThan(0.45)],
];

describe('the preview draws each named object where it belongs', () => {
  it.each(OUTSIDE_OBJECTS)('outside: %s', (word, least, check) => {
    for (const seed of [3, 10]) {
      const found = drawn(OUTSIDE, word, seed);
      expect(found.share, `${word}, seed ${seed}`).toBeGreaterThan(least);
      check(found, buildingOf(seed));
    }
  });

  it.each(INSIDE_OBJECTS)('inside: %s', (word, least, check) => {
    for (const seed of [3, 10]) {
      const found = drawn(INSIDE, word, seed);
      expect(found.share, `${word}, seed ${seed}`).toBeGreaterThan(least);
      check(found.box, found.picture);
    }
  });

  it('takes away what the words remove, and only that', () => {
    const plain = render(OUTSIDE);
    const noTrees = render(`${OUTSIDE}, without trees`);
    expect(changedShare(plain, noTrees)).toBeGreaterThan(0.01);
    const room = render('A living room interior at noon');
    const noSofa = render('A living room interior at noon, remove the sofa');
    const box = changedBox(room, noSofa);
    expect(box?.y0).toBeGreaterThan(0.5);
    expect(changedShare(room, noSofa)).toBeGreaterThan(0.03);
  });
});

const WHOLE: Box = { x0: 0, y0: 0, x1: 1, y1: 1 };

describe('the preview paints each named material on its surfaces', () => {
  it.each(['brick', 'timber', 'bamboo', 'board-marked concrete', 'stone rubble', 'glass', 'rammed earth', 'marble'])('%s repaints the facade', (material) => {
    expect(changedShare(render('A steel house at noon'), render(`A ${material} house at noon`))).toBeGreaterThan(0.05);
  });

  it('lays brick in courses and board-marked concrete in bands: rows repeat, columns barely change', () => {
    for (const material of ['brick', 'concrete'] as const) {
      const patch = surfacePatch(material);
      expect(repetition(patch, WHOLE, 'rows').strength, material).toBeGreaterThan(0.6);
      expect(profileSpread(patch, WHOLE, 'rows'), material).toBeGreaterThan(2 * profileSpread(patch, WHOLE, 'columns'));
    }
    // A brick course on a 1K picture is about 7 px; the repeat is a whole number of them.
    expect(repetition(surfacePatch('brick'), WHOLE, 'rows').period % 7).toBeLessThanOrEqual(1);
  });

  it('stands timber boards and bamboo poles upright: columns repeat, rows do not change', () => {
    for (const material of ['timber', 'bamboo'] as const) {
      const patch = surfacePatch(material);
      expect(repetition(patch, WHOLE, 'columns').strength, material).toBeGreaterThan(0.8);
      expect(profileSpread(patch, WHOLE, 'columns'), material).toBeGreaterThan(10 * profileSpread(patch, WHOLE, 'rows'));
    }
    // Round poles: lit on one side, dark between, so far more contrast than flat boards.
    expect(lumaSpread(surfacePatch('bamboo'), WHOLE)).toBeGreaterThan(1.8 * lumaSpread(surfacePatch('timber'), WHOLE));
  });

  it('sets stone rubble irregularly, and rammed earth in uneven horizontal strata', () => {
    const rubble = surfacePatch('stone');
    expect(lumaSpread(rubble, WHOLE)).toBeGreaterThan(12);
    expect(repetition(rubble, WHOLE, 'rows').strength).toBeLessThan(0.3);
    expect(repetition(rubble, WHOLE, 'columns').strength).toBeLessThan(0.3);
    const earth = surfacePatch('earth');
    expect(profileSpread(earth, WHOLE, 'rows')).toBeGreaterThan(5);
    expect(profileSpread(earth, WHOLE, 'columns')).toBeLessThan(1);
    expect(repetition(earth, WHOLE, 'rows').strength).toBeLessThan(0.3);
  });

  it('makes glass reflect the sky in streaks, and leaves plain render plain', () => {
    const glass = surfacePatch('glass');
    expect(colourShare(glass, (r, _g, b) => b > r + 25)).toBeGreaterThan(0.9);
    expect(lumaSpread(glass, WHOLE)).toBeGreaterThan(20);
    expect(lumaSpread(surfacePatch('render'), WHOLE)).toBeLessThan(0.01);
  });
});
