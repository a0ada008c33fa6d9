/**
 * The preview engine's surfaces: what a named material looks like on a face — brick coursing,
 * timber boards, bamboo poles, board-marked concrete, stone rubble, rammed-earth strata, glass
 * that reflects the sky. Each paints any rectangle of a canvas it is given (a facade, a room's
 * wall, a region being redrawn), on top of the face's flat colour.
 */
import { type Canvas, mix, type Rect, type Rgb, shade } from './canvas';
import { FINISHES, type Finish, type Random, type Scene, WINDOW_LIT } from './preview-scene';

/** The size of a brick course or a board on a 1K canvas, in scene units. */
function unitOf(canvas: Canvas): number {
  return Math.max(3, Math.min(canvas.width, canvas.height) * 0.0095);
}

function hairline(canvas: Canvas): number {
  return Math.max(1, Math.round(Math.min(canvas.width, canvas.height) / 600));
}

/** Running bond: courses of bricks, each a little apart in tone, joints offset every other course. */
function brick(canvas: Canvas, { x, y, w, h }: Rect, tone: Rgb, random: Random): void {
  const course = unitOf(canvas);
  const length = course * 2.6;
  const joint = shade(mix(tone, [225, 215, 200], 0.35), 0.95);
  const px = hairline(canvas);
  let row = 0;
  for (let top = y; top < y + h; top += course, row += 1) {
    for (let left = x - (row % 2) * length * 0.5; left < x + w; left += length) {
      const from = Math.max(x, left);
      const to = Math.min(x + w, left + length);
      canvas.rect(from, top, to - from, Math.min(course, y + h - top), shade(tone, 0.9 + random() * 0.16));
      canvas.rect(left, top, px, Math.min(course, y + h - top), joint);
    }
    canvas.rect(x, top, w, px, joint);
  }
}

/** Rammed earth: horizontal strata of varying depth and tone, no joints. */
function strata(canvas: Canvas, { x, y, w, h }: Rect, tone: Rgb, random: Random): void {
  for (let top = y; top < y + h; ) {
    const depth = unitOf(canvas) * (1 + random() * 2.5);
    canvas.rect(x, top, w, Math.min(depth, y + h - top), shade(tone, 0.86 + random() * 0.2));
    top += depth;
  }
}

/** Vertical boards, each its own tone, with a dark joint and a fleck of grain. */
function boards(canvas: Canvas, { x, y, w, h }: Rect, tone: Rgb, random: Random): void {
  const board = unitOf(canvas) * 1.6;
  const px = hairline(canvas);
  for (let left = x; left < x + w; left += board) {
    const width = Math.min(board, x + w - left);
    const face = shade(tone, 0.88 + random() * 0.2);
    canvas.rect(left, y, width, h, face);
    canvas.rect(left + width * (0.3 + random() * 0.4), y + h * random() * 0.5, px, h * (0.2 + random() * 0.3), shade(face, 0.9));
    canvas.rect(left, y, px, h, shade(tone, 0.55));
  }
}

/** Bamboo: round poles side by side, lit on one side, ringed by nodes. */
function poles(canvas: Canvas, { x, y, w, h }: Rect, tone: Rgb, random: Random): void {
  const pole = unitOf(canvas) * 1.3;
  const px = hairline(canvas);
  for (let left = x; left < x + w - px; left += pole) {
    const width = Math.min(pole, x + w - left);
    canvas.rect(left, y, width, h, shade(tone, 0.45));
    canvas.rect(left + px, y, width - 2 * px, h, shade(tone, 0.95 + random() * 0.1));
    canvas.rect(left + width * 0.3, y, width * 0.2, h, mix(tone, [255, 245, 210], 0.35));
    const spacing = unitOf(canvas) * (5 + random() * 2);
    for (let node = y + random() * spacing; node < y + h; node += spacing) canvas.rect(left, node, width, px * 2, shade(tone, 0.62));
  }
}

/** Board-marked concrete: the boards' fine horizontal marks, panel joints and rows of tie holes. */
function formwork(canvas: Canvas, { x, y, w, h }: Rect, tone: Rgb, random: Random): void {
  const mark = unitOf(canvas) * 1.1;
  const px = hairline(canvas);
  let board = 0;
  for (let top = y; top < y + h; top += mark, board += 1) {
    canvas.rect(x, top, w, Math.min(mark, y + h - top), shade(tone, (board % 2 === 0 ? 0.95 : 1.02) + random() * 0.03));
    canvas.rect(x, top, w, px, shade(tone, 0.88));
  }
  const panelW = unitOf(canvas) * 12;
  const panelH = unitOf(canvas) * 7;
  for (let left = x; left < x + w; left += panelW) canvas.rect(left, y, px, h, shade(tone, 0.8));
  for (let top = y + panelH; top < y + h; top += panelH) {
    canvas.rect(x, top, w, px, shade(tone, 0.82));
    for (let left = x + panelW * 0.25; left < x + w; left += panelW * 0.5) canvas.disc(left, top - panelH * 0.5, px * 1.6, shade(tone, 0.5));
  }
}

/** Random rubble: stones of many sizes in rough courses, set in pale mortar. */
function rubble(canvas: Canvas, { x, y, w, h }: Rect, tone: Rgb, random: Random): void {
  const unit = unitOf(canvas);
  canvas.rect(x, y, w, h, mix(tone, [225, 220, 208], 0.45));
  const gap = hairline(canvas);
  for (let top = y; top < y + h; ) {
    const course = unit * (1.6 + random() * 1.6);
    for (let left = x; left < x + w; ) {
      const length = unit * (1.8 + random() * 3);
      const bottom = Math.min(y + h, top + course) - gap;
      const right = Math.min(x + w, left + length) - gap;
      const lean = (random() - 0.5) * unit * 0.8;
      canvas.polygon([[left + gap + Math.max(0, lean), top + gap], [right, top + gap + Math.max(0, -lean) * 0.5], [right - Math.max(0, -lean), bottom], [left + gap, bottom - Math.max(0, lean) * 0.5]], shade(tone, 0.78 + random() * 0.34));
      left += length;
    }
    top += course;
  }
}

/** Ashlar: regular blocks with staggered joints (marble, cut stone). */
function blocks(canvas: Canvas, { x, y, w, h }: Rect, tone: Rgb): void {
  const course = unitOf(canvas) * 2.3;
  const joint = shade(tone, 0.82);
  const px = hairline(canvas);
  let row = 0;
  for (let top = y; top < y + h; top += course, row += 1) {
    canvas.rect(x, top, w, px, joint);
    for (let left = x + (row % 2) * course; left < x + w; left += course * 2) canvas.rect(left, top, px, Math.min(course, y + h - top), joint);
  }
}

function panels(canvas: Canvas, { x, y, w, h }: Rect, tone: Rgb): void {
  const step = Math.max(10, unitOf(canvas) * 4);
  for (let left = x; left < x + w; left += step) canvas.rect(left, y, hairline(canvas) * 2, h, shade(tone, 0.75));
}

/** A curtain wall: the sky reflected, streaks of brighter reflection, mullions and some lit panes. */
function curtain(canvas: Canvas, { x, y, w, h }: Rect, tone: Rgb, scene: Scene, random: Random): void {
  canvas.gradient(y, y + h, mix(scene.sky.top, tone, 0.3), mix(scene.sky.horizon, tone, 0.45), x, x + w);
  const sheen = mix(scene.sky.horizon, [255, 255, 255], 0.45);
  for (let band = 0; band < 3; band += 1) {
    const at = x + w * (0.1 + band * 0.32 + random() * 0.1);
    const width = w * (0.05 + random() * 0.06);
    canvas.polygon([[at, y], [at + width, y], [at + width - h * 0.35, y + h], [at - h * 0.35, y + h]].map(([px, py]) => [Math.max(x, Math.min(x + w, px ?? x)), py ?? y] as const), mix(mix(scene.sky.horizon, tone, 0.4), sheen, 0.4));
  }
  const mullion = shade(tone, 0.5);
  const pane = Math.max(6, unitOf(canvas) * 3.2);
  const px = hairline(canvas);
  for (let left = x; left < x + w; left += pane) canvas.rect(left, y, px, h, mullion);
  for (let top = y; top < y + h; top += pane * 1.4) canvas.rect(x, top, w, px, mullion);
  for (let top = y; top < y + h - pane; top += pane * 1.4) {
    for (let left = x; left < x + w - pane; left += pane) if (random() < scene.sky.lit * 0.6) canvas.rect(left + px * 2, top + px * 2, pane - px * 4, pane * 1.4 - px * 4, WINDOW_LIT);
  }
}

/** Paints `finish` over `rect`, whose flat colour (`tone`, already lit) is painted by the caller. */
export function drawSurface(canvas: Canvas, rect: Rect, finish: Finish, tone: Rgb, scene: Scene, random: Random): void {
  if (rect.w <= 0 || rect.h <= 0) return;
  switch (finish.texture) {
    case 'coursing':
      return brick(canvas, rect, tone, random);
    case 'strata':
      return strata(canvas, rect, tone, random);
    case 'boards':
      return boards(canvas, rect, tone, random);
    case 'poles':
      return poles(canvas, rect, tone, random);
    case 'formwork':
      return formwork(canvas, rect, tone, random);
    case 'rubble':
      return rubble(canvas, rect, tone, random);
    case 'blocks':
      return blocks(canvas, rect, tone);
    case 'panels':
      return panels(canvas, rect, tone);
    case 'curtain':
      return curtain(canvas, rect, tone, scene, random);
    case 'none':
      return;
  }
}

/** The timber of decks and pergolas: bamboo or timber when the prompt names one, else timber. */
export function woodOf(scene: Scene): Finish {
  return scene.finishes.find((finish) => finish.material === 'bamboo' || finish.material === 'timber') ?? FINISHES.timber;
}
