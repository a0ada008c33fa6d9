/**
 * Test material that is ours (issue 24, item 5): 20 drawings made at test time, the same pixels on
 * every run — wobbly hand sketches, flat-shaded massing views, CAD-like elevations, plans with
 * thick walls, and photo-like scenes. Each is drawn by a function that can leave one window out,
 * so a test can compare a drawing with itself minus that window. The bench imports them too.
 */
import type { InputType } from '#shared/drawing-inputs';
import { Canvas, line, mix, shade, type Rgb } from '../../../../worker/studio/engines/canvas';
import { prng, type Random } from '../../../../worker/studio/engines/preview-scene';

export type InputKind = 'sketch' | 'model' | 'elevation' | 'plan' | 'photo';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Drawn {
  pixels: Uint8Array;
  width: number;
  height: number;
  /** Every window's outline box, in drawing order. */
  windows: Rect[];
}

export interface TestInput extends Drawn {
  name: string;
  kind: InputKind;
  /** The input type the studio would send it as. */
  inputType: InputType;
  /** The same drawing without window `index` (its outline left out, nothing else changed). */
  without(index: number): Drawn;
}

const INPUT_TYPE: Record<InputKind, InputType> = { sketch: 'sketch', model: 'model', elevation: 'drawing', plan: 'drawing', photo: 'photo' };

type Painter = (canvas: Canvas, random: Random, skip: number) => Rect[];

/** A stroke that wanders like a hand: stamped discs along a path bent by a smooth random drift. */
function handStroke(canvas: Canvas, random: Random, from: [number, number], to: [number, number], width: number, ink: Rgb, wobble: number): void {
  const length = Math.hypot(to[0] - from[0], to[1] - from[1]);
  const nx = -(to[1] - from[1]) / (length || 1);
  const ny = (to[0] - from[0]) / (length || 1);
  const phase = random() * Math.PI * 2;
  const waves = 1 + random() * 2;
  // Strokes overshoot their corners a little, as sketches do.
  const over = 4 + random() * 6;
  for (let t = -over; t <= length + over; t += 0.5) {
    const along = t / (length || 1);
    const drift = wobble * Math.sin(phase + along * Math.PI * waves);
    canvas.disc(from[0] + (to[0] - from[0]) * along + nx * drift, from[1] + (to[1] - from[1]) * along + ny * drift, width / 2, ink);
  }
}

function outline(canvas: Canvas, rect: Rect, width: number, ink: Rgb): void {
  const { x, y, width: w, height: h } = rect;
  canvas.rect(x, y, w, width, ink);
  canvas.rect(x, y + h - width, w, width, ink);
  canvas.rect(x, y, width, h, ink);
  canvas.rect(x + w - width, y, width, h, ink);
}

/** A grid of windows inside a box; returns their outlines. */
function windowGrid(area: Rect, columns: number, rows: number, fill: number): Rect[] {
  const windows: Rect[] = [];
  const cellW = area.width / columns;
  const cellH = area.height / rows;
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      const width = Math.round(cellW * fill);
      const height = Math.round(cellH * fill);
      windows.push({
        x: Math.round(area.x + column * cellW + (cellW - width) / 2),
        y: Math.round(area.y + row * cellH + (cellH - height) / 2),
        width,
        height,
      });
    }
  }
  return windows;
}

const sketch = (variant: number): Painter => (canvas, random, skip) => {
  const { width, height } = canvas;
  const ink: Rgb = [38 + variant * 6, 38, 48];
  canvas.rect(0, 0, width, height, [246, 243, 236]);
  const body: Rect = { x: width * (0.16 + variant * 0.02), y: height * 0.38, width: width * (0.6 - variant * 0.03), height: height * 0.44 };
  // Each stroke has its own random source, so leaving a window out changes no other stroke.
  const base = Math.floor(random() * 2 ** 31);
  let strokes = 0;
  const stroke = (a: [number, number], b: [number, number], drawn = true) => {
    strokes += 1;
    if (drawn) handStroke(canvas, prng(base + strokes * 977), a, b, 2.4, ink, 1.6);
  };
  const { x, y, width: w, height: h } = body;
  stroke([x, y], [x + w, y]);
  stroke([x, y + h], [x + w, y + h]);
  stroke([x, y], [x, y + h]);
  stroke([x + w, y], [x + w, y + h]);
  if (variant % 2 === 0) {
    stroke([x - 10, y], [x + w / 2, y - h * 0.5]);
    stroke([x + w / 2, y - h * 0.5], [x + w + 10, y]);
  } else {
    stroke([x - 8, y - 14], [x + w + 8, y - 14]);
  }
  stroke([width * 0.04, y + h + 2], [width * 0.96, y + h + 2]);
  const windows = windowGrid({ x: x + w * 0.06, y: y + h * 0.08, width: w * 0.88, height: h * 0.5 }, 3 + (variant % 2), 2, 0.55);
  windows.forEach((rect, index) => {
    const drawn = index !== skip;
    stroke([rect.x, rect.y], [rect.x + rect.width, rect.y], drawn);
    stroke([rect.x, rect.y + rect.height], [rect.x + rect.width, rect.y + rect.height], drawn);
    stroke([rect.x, rect.y], [rect.x, rect.y + rect.height], drawn);
    stroke([rect.x + rect.width, rect.y], [rect.x + rect.width, rect.y + rect.height], drawn);
  });
  const door: Rect = { x: x + w * 0.44, y: y + h * 0.66, width: w * 0.12, height: h * 0.34 };
  stroke([door.x, door.y], [door.x + door.width, door.y]);
  stroke([door.x, door.y], [door.x, door.y + door.height]);
  stroke([door.x + door.width, door.y], [door.x + door.width, door.y + door.height]);
  return windows.map((rect) => grow(rect, 12));
};

/** Faces of a box in a simple two-point view: front, side and top, each a flat shade. */
function box(canvas: Canvas, base: [number, number], size: { w: number; d: number; h: number }, tone: Rgb): void {
  const [bx, by] = base;
  const rise = size.d * 0.45;
  const front: [number, number][] = [[bx, by], [bx + size.w, by], [bx + size.w, by - size.h], [bx, by - size.h]];
  const side: [number, number][] = [[bx + size.w, by], [bx + size.w + size.d, by - rise], [bx + size.w + size.d, by - size.h - rise], [bx + size.w, by - size.h]];
  const top: [number, number][] = [[bx, by - size.h], [bx + size.w, by - size.h], [bx + size.w + size.d, by - size.h - rise], [bx + size.d, by - size.h - rise]];
  canvas.polygon(front, shade(tone, 0.78));
  canvas.polygon(side, shade(tone, 0.55));
  canvas.polygon(top, tone);
}

const massing = (variant: number): Painter => (canvas, random, skip) => {
  const { width, height } = canvas;
  canvas.gradient(0, height * 0.7, [188, 200, 218], [214, 222, 232]);
  canvas.rect(0, height * 0.7, width, height * 0.3, [178, 184, 170]);
  const tone: Rgb = [236, 234, 228];
  const count = 2 + (variant % 3);
  let x = width * 0.08;
  const windows: Rect[] = [];
  for (let i = 0; i < count; i += 1) {
    const w = width * (0.16 + random() * 0.08);
    const h = height * (0.22 + random() * 0.3);
    box(canvas, [x, height * 0.74], { w, d: width * 0.08, h }, tone);
    // Openings cut into the front face as dark recesses.
    const grid = windowGrid({ x: x + w * 0.1, y: height * 0.74 - h * 0.9, width: w * 0.8, height: h * 0.6 }, 2, 2, 0.5);
    for (const rect of grid) {
      if (windows.length !== skip) canvas.rect(rect.x, rect.y, rect.width, rect.height, [92, 98, 110]);
      windows.push(grow(rect, 4));
    }
    x += w + width * 0.1;
  }
  return windows;
};

const elevation = (variant: number): Painter => (canvas, _random, skip) => {
  const { width, height } = canvas;
  const ink: Rgb = [20, 20, 24];
  canvas.rect(0, 0, width, height, [255, 255, 255]);
  const facade: Rect = { x: Math.round(width * 0.12), y: Math.round(height * 0.3), width: Math.round(width * 0.76), height: Math.round(height * 0.55) };
  outline(canvas, facade, 2, ink);
  canvas.rect(width * 0.05, facade.y + facade.height, width * 0.9, 3, ink);
  if (variant % 2 === 0) {
    line(canvas, facade.x - 12, facade.y, width / 2, height * 0.1, 2, ink);
    line(canvas, width / 2, height * 0.1, facade.x + facade.width + 12, facade.y, 2, ink);
  } else {
    outline(canvas, { x: facade.x - 8, y: facade.y - 22, width: facade.width + 16, height: 24 }, 2, ink);
  }
  const columns = 3 + variant;
  const windows = windowGrid({ x: facade.x + 16, y: facade.y + 16, width: facade.width - 32, height: facade.height * 0.62 }, columns, 2, 0.6);
  windows.forEach((rect, index) => {
    if (index === skip) return;
    outline(canvas, rect, 2, ink);
    canvas.rect(rect.x + rect.width / 2 - 1, rect.y, 2, rect.height, ink);
  });
  const door: Rect = { x: Math.round(facade.x + facade.width / 2 - 30), y: Math.round(facade.y + facade.height - 110), width: 60, height: 110 };
  outline(canvas, door, 2, ink);
  return windows.map((rect) => grow(rect, 4));
};

const plan = (variant: number): Painter => (canvas, _random, skip) => {
  const { width, height } = canvas;
  const ink: Rgb = [16, 16, 16];
  canvas.rect(0, 0, width, height, [252, 252, 250]);
  const wall = 6 + variant;
  const outer: Rect = { x: Math.round(width * 0.1), y: Math.round(height * 0.12), width: Math.round(width * 0.8), height: Math.round(height * 0.76) };
  outline(canvas, outer, wall, ink);
  const split = Math.round(outer.x + outer.width * (0.45 + variant * 0.05));
  canvas.rect(split, outer.y, wall, outer.height * 0.4, ink);
  canvas.rect(split, outer.y + outer.height * 0.55, wall, outer.height * 0.45, ink);
  canvas.rect(outer.x, outer.y + outer.height / 2, split - outer.x, wall, ink);
  // Windows as gaps in the outer wall, each with a thin glazing line.
  const windows: Rect[] = [];
  for (let i = 0; i < 4; i += 1) {
    const x = Math.round(outer.x + outer.width * (0.12 + i * 0.22));
    const rect: Rect = { x, y: outer.y, width: 70, height: wall };
    windows.push(grow(rect, 6));
    canvas.rect(rect.x, rect.y, rect.width, rect.height, [252, 252, 250]);
    if (i !== skip) {
      canvas.rect(rect.x, rect.y + wall / 2 - 1, rect.width, 2, ink);
      canvas.rect(rect.x, rect.y, 2, wall, ink);
      canvas.rect(rect.x + rect.width - 2, rect.y, 2, wall, ink);
    }
  }
  return windows;
};

const photo = (variant: number): Painter => (canvas, random, skip) => {
  const { width, height } = canvas;
  const horizon = height * (0.55 + variant * 0.05);
  canvas.gradient(0, horizon, [60, 120, 205], [175, 210, 240]);
  canvas.gradient(horizon, height, [96, 140, 60], [60, 100, 40]);
  const wall: Rgb = variant === 0 ? [190, 120, 80] : [220, 205, 170];
  const body: Rect = { x: width * 0.25, y: horizon - height * 0.35, width: width * 0.45, height: height * 0.38 };
  canvas.rect(body.x, body.y, body.width, body.height, wall);
  canvas.polygon([[body.x - 20, body.y], [body.x + body.width / 2, body.y - height * 0.14], [body.x + body.width + 20, body.y]], [120, 60, 50]);
  const windows = windowGrid({ x: body.x + 20, y: body.y + 20, width: body.width - 40, height: body.height * 0.55 }, 4, 2, 0.55);
  windows.forEach((rect, index) => {
    if (index !== skip) canvas.rect(rect.x, rect.y, rect.width, rect.height, [70, 90, 120]);
  });
  for (let i = 0; i < 5; i += 1) canvas.disc(width * (0.05 + random() * 0.9), horizon + random() * 30, 30 + random() * 40, mix([40, 90, 40], [80, 120, 50], random()));
  // Sensor grain: a photo is never flat.
  for (let i = 0; i < canvas.pixels.length; i += 4) {
    const noise = (random() - 0.5) * 14;
    for (let c = 0; c < 3; c += 1) canvas.pixels[i + c] = Math.max(0, Math.min(255, (canvas.pixels[i + c] ?? 0) + noise));
  }
  return windows.map((rect) => grow(rect, 4));
};

function grow(rect: Rect, by: number): Rect {
  return { x: Math.floor(rect.x - by), y: Math.floor(rect.y - by), width: Math.ceil(rect.width + 2 * by), height: Math.ceil(rect.height + 2 * by) };
}

function draw(painter: Painter, width: number, height: number, seed: number, skip: number): Drawn {
  const canvas = new Canvas(width, height);
  const windows = painter(canvas, prng(seed), skip);
  return { pixels: canvas.pixels, width, height, windows };
}

const SPECS: { kind: InputKind; painter: Painter; width: number; height: number }[] = [
  ...[0, 1, 2, 3, 4].map((v) => ({ kind: 'sketch' as const, painter: sketch(v), width: [1200, 1024, 1400, 900, 1100][v] ?? 1024, height: [900, 768, 1000, 1200, 800][v] ?? 768 })),
  ...[0, 1, 2, 3, 4].map((v) => ({ kind: 'model' as const, painter: massing(v), width: [1280, 1024, 1600, 1000, 1200][v] ?? 1024, height: [720, 768, 900, 1000, 900][v] ?? 768 })),
  ...[0, 1, 2, 3, 4].map((v) => ({ kind: 'elevation' as const, painter: elevation(v), width: [1400, 1200, 1024, 1600, 1300][v] ?? 1024, height: [900, 800, 768, 1000, 1000][v] ?? 768 })),
  ...[0, 1, 2].map((v) => ({ kind: 'plan' as const, painter: plan(v), width: [1200, 1024, 1000][v] ?? 1024, height: [900, 1024, 800][v] ?? 768 })),
  ...[0, 1].map((v) => ({ kind: 'photo' as const, painter: photo(v), width: [1280, 1024][v] ?? 1024, height: [853, 768][v] ?? 768 })),
];

function drawInput(spec: (typeof SPECS)[number], index: number): TestInput {
  const number = SPECS.slice(0, index + 1).filter((other) => other.kind === spec.kind).length;
  const seed = 0x5eed + index * 7919;
  const drawn = draw(spec.painter, spec.width, spec.height, seed, -1);
  return {
    ...drawn,
    name: `${spec.kind}-${number}`,
    kind: spec.kind,
    inputType: INPUT_TYPE[spec.kind],
    without: (window: number) => draw(spec.painter, spec.width, spec.height, seed, window),
  };
}

/** The 20 inputs, drawn afresh (deterministic: a seed per input). */
export function testInputs(): TestInput[] {
  return SPECS.map(drawInput);
}

/** One input by name (`sketch-1` … `photo-2`), drawn alone. */
export function testInput(name: string): TestInput {
  const index = SPECS.findIndex((spec, i) => `${spec.kind}-${SPECS.slice(0, i + 1).filter((other) => other.kind === spec.kind).length}` === name);
  const spec = SPECS[index];
  if (!spec) throw new Error(`no test input ${name}`);
  return drawInput(spec, index);
}
