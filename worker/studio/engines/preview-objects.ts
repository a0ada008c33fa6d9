/**
 * The preview engine's objects around and on a building, each drawn into the rectangle it is
 * given (its bottom edge stands on the ground), so a placement (preview-placement.ts) or a later
 * region edit can put one anywhere: drawObject(canvas, rect, kind, scene).
 */
import { type Canvas, line, mix, type Rect, type Rgb, shade } from './canvas';
import type { ObjectKind } from './object-reading';
import { drawFacadeObject } from './preview-facade';
import { drawFurnishingIn } from './preview-furnishings';
import { drawSurface, woodOf } from './preview-materials';
import { lit, type Random, type Scene, WINDOW_LIT } from './preview-scene';

/** Four corners, clockwise from the top left: a roof plane seen in perspective, or a plain rect. */
export type Quad = readonly [readonly [number, number], readonly [number, number], readonly [number, number], readonly [number, number]];

function quadOf({ x, y, w, h }: Rect): Quad {
  return [[x, y], [x + w, y], [x + w, y + h], [x, y + h]];
}

/** The point at (u, v) across a quad, both 0–1 from its top-left corner. */
function within(quad: Quad, u: number, v: number): [number, number] {
  const [a, b, c, d] = quad;
  const top = [a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u];
  const bottom = [d[0] + (c[0] - d[0]) * u, d[1] + (c[1] - d[1]) * u];
  return [(top[0] ?? 0) + ((bottom[0] ?? 0) - (top[0] ?? 0)) * v, (top[1] ?? 0) + ((bottom[1] ?? 0) - (top[1] ?? 0)) * v];
}

function cell(quad: Quad, u0: number, v0: number, u1: number, v1: number): [number, number][] {
  return [within(quad, u0, v0), within(quad, u1, v0), within(quad, u1, v1), within(quad, u0, v1)];
}

function unit(canvas: Canvas): number {
  return Math.min(canvas.width, canvas.height);
}

/** Rows of dark blue panels with a cell grid and a bright edge, laid on a roof plane. */
export function drawSolar(canvas: Canvas, roof: Quad, scene: Scene): void {
  const panel = lit([34, 52, 96], scene, 1.1);
  const grid = mix(panel, [150, 170, 200], 0.35);
  const rows = 3;
  const columns = 6;
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < columns; c += 1) {
      const [u0, u1] = [0.06 + (c / columns) * 0.88, 0.06 + ((c + 0.92) / columns) * 0.88];
      const [v0, v1] = [0.1 + (r / rows) * 0.8, 0.1 + ((r + 0.8) / rows) * 0.8];
      canvas.polygon(cell(roof, u0, v0, u1, v1), panel);
      const [a, b] = [within(roof, u0, (v0 + v1) / 2), within(roof, u1, (v0 + v1) / 2)];
      line(canvas, a[0], a[1], b[0], b[1], 1, grid);
      const [top, bottom] = [within(roof, (u0 + u1) / 2, v0), within(roof, (u0 + u1) / 2, v1)];
      line(canvas, top[0], top[1], bottom[0], bottom[1], 1, grid);
      const [e0, e1] = [within(roof, u0, v1), within(roof, u1, v1)];
      line(canvas, e0[0], e0[1], e1[0], e1[1], Math.max(1, unit(canvas) * 0.003), mix(grid, [255, 255, 255], 0.4));
    }
  }
}

/** Planting over a roof plane: a green mat, tufts along its edges, lighter patches. */
export function drawGreenRoof(canvas: Canvas, roof: Quad, scene: Scene, random: Random): void {
  const [leaf] = scene.foliage;
  const green = lit(mix(leaf, [86, 140, 60], 0.5), scene);
  canvas.polygon([...roof], green);
  for (let i = 0; i < 14; i += 1) {
    const [x, y] = within(roof, random(), random());
    canvas.disc(x, y, unit(canvas) * (0.006 + random() * 0.008), shade(green, 1.12 + random() * 0.15));
  }
  const tuft = unit(canvas) * 0.012;
  for (let u = 0; u <= 1; u += 0.05) {
    for (const v of [0, 1]) {
      const [x, y] = within(roof, u, v);
      canvas.disc(x, y - tuft * 0.4, tuft * (0.7 + random() * 0.6), shade(green, 0.85 + random() * 0.3));
    }
  }
}

/** Glazed roof lights: small boxes standing on the roof plane, reflecting the sky. */
export function drawSkylights(canvas: Canvas, roof: Quad, scene: Scene): void {
  const glass = mix(scene.sky.horizon, [200, 225, 240], 0.4);
  const frame = lit([70, 72, 78], scene);
  for (const u of [0.1, 0.4, 0.7]) {
    const [a, b] = [within(roof, u, 0.6), within(roof, u + 0.2, 0.6)];
    const rise = Math.max(5, unit(canvas) * 0.04);
    canvas.rect(a[0] - 1, a[1] - rise - 1, b[0] - a[0] + 2, rise + 2, frame);
    canvas.rect(a[0], a[1] - rise, b[0] - a[0], rise, scene.sky.lit > 0.3 ? WINDOW_LIT : glass);
    canvas.polygon([[a[0], a[1] - rise], [b[0], b[1] - rise], [(a[0] + b[0]) / 2, a[1] - rise * 1.6]], shade(glass, 1.08));
  }
}

/** A raised timber deck along a facade, posts, a rail and a lean-to roof on top. */
function veranda(canvas: Canvas, { x, y, w, h }: Rect, scene: Scene, random: Random): void {
  const wood = woodOf(scene);
  const tone = lit(wood.color, scene);
  const deck = h * 0.14;
  const roof = Math.max(3, h * 0.1);
  canvas.rect(x, y + roof, w, h * 0.22, shade(lit(scene.finish.color, scene), 0.55));
  canvas.rect(x, y + h - deck, w, deck, tone);
  drawSurface(canvas, { x, y: y + h - deck, w, h: deck }, { ...wood, texture: wood.texture === 'poles' ? 'poles' : 'boards' }, tone, scene, random);
  canvas.rect(x, y + h - deck, w, Math.max(2, deck * 0.18), shade(tone, 1.15));
  const posts = Math.max(3, Math.round(w / (unit(canvas) * 0.07)));
  const postW = Math.max(3, unit(canvas) * 0.009);
  for (let i = 0; i <= posts; i += 1) canvas.rect(x + (i / posts) * (w - postW), y + roof, postW, h - deck - roof, shade(tone, 0.85));
  const rail = y + h - deck - h * 0.26;
  canvas.rect(x, rail, w, Math.max(2, h * 0.025), shade(tone, 0.8));
  for (let bx = x; bx < x + w; bx += Math.max(4, unit(canvas) * 0.012)) canvas.rect(bx, rail, Math.max(1, postW * 0.3), h * 0.26, shade(tone, 0.75));
  canvas.polygon([[x - w * 0.03, y + roof], [x + w * 1.03, y + roof], [x + w * 1.01, y], [x - w * 0.01, y]], shade(lit([92, 80, 74], scene), 1));
  canvas.rect(x - w * 0.03, y + roof, w * 1.06, Math.max(2, roof * 0.3), shade(tone, 0.6));
}

/** Posts, two beams and close rafters, with a climber on one post. */
function pergola(canvas: Canvas, { x, y, w, h }: Rect, scene: Scene, random: Random): void {
  const tone = lit(woodOf(scene).color, scene);
  const post = Math.max(3, unit(canvas) * 0.011);
  const back = w * 0.18;
  const rise = h * 0.16;
  for (const px of [x + back, x + w - post]) canvas.rect(px, y + rise * 0.5, post * 0.8, h - rise * 1.6, shade(tone, 0.7));
  for (const px of [x, x + w - back - post]) canvas.rect(px, y + rise, post, h - rise, shade(tone, 0.9));
  canvas.polygon([[x, y + rise], [x + w - back, y + rise], [x + w - back, y + rise + post], [x, y + rise + post]], tone);
  canvas.polygon([[x + back, y], [x + w, y], [x + w, y + post], [x + back, y + post]], shade(tone, 0.85));
  for (let i = 0; i <= 10; i += 1) {
    const t = i / 10;
    line(canvas, x + t * (w - back), y + rise, x + back + t * (w - back), y, Math.max(2, post * 0.6), shade(tone, 1.05));
  }
  const [leaf] = scene.foliage;
  for (let i = 0; i < 9; i += 1) canvas.disc(x + post * 0.5 + (random() - 0.5) * post * 3, y + rise + (h - rise) * (0.1 + random() * 0.8), unit(canvas) * 0.01, lit(leaf, scene, 0.9 + random() * 0.3));
}

/** A pool seen from eye level: coping, the far wall's shade, turquoise water and glints. */
function pool(canvas: Canvas, { x, y, w, h }: Rect, scene: Scene, random: Random): void {
  const coping = lit([222, 218, 206], scene);
  const near = w * 0.06;
  canvas.polygon([[x + near, y], [x + w - near, y], [x + w, y + h], [x, y + h]], coping);
  const border = Math.max(3, h * 0.12);
  const water = mix([40, 170, 200], scene.sky.horizon, 0.2);
  canvas.polygon([[x + near + border, y + border], [x + w - near - border, y + border], [x + w - border, y + h - border], [x + border, y + h - border]], lit(water, scene, 1.05));
  canvas.polygon([[x + near + border, y + border], [x + w - near - border, y + border], [x + w - near - border, y + border * 2], [x + near + border, y + border * 2]], lit(shade(water, 0.7), scene));
  for (let i = 0; i < 12; i += 1) {
    const gx = x + border * 2 + random() * (w - border * 4);
    const gy = y + border * 2.5 + random() * (h - border * 4);
    canvas.rect(gx, gy, w * 0.05, Math.max(1, h * 0.025), mix(water, [255, 255, 255], 0.55));
  }
}

const CAR_COLOURS: readonly [Rgb, ...Rgb[]] = [[178, 42, 40], [36, 74, 140], [232, 232, 228], [150, 154, 160], [40, 42, 46]];

/** A car in side view: body, cabin and windows, wheels with hubs, a head and a tail light. */
function car(canvas: Canvas, { x, y, w, h }: Rect, scene: Scene, random: Random): void {
  const paint = CAR_COLOURS[Math.floor(random() * CAR_COLOURS.length)] ?? CAR_COLOURS[0];
  const body = lit(scene.bodyColour ?? paint, scene);
  const wheel = h * 0.26;
  const sill = y + h - wheel;
  canvas.rect(x + w * 0.02, sill - h * 0.36, w * 0.96, h * 0.36, body);
  canvas.polygon([[x + w * 0.22, sill - h * 0.34], [x + w * 0.32, y], [x + w * 0.7, y], [x + w * 0.82, sill - h * 0.34]], shade(body, 0.95));
  const glass = scene.sky.lit > 0.5 ? mix(WINDOW_LIT, [40, 40, 50], 0.5) : mix(scene.sky.horizon, [40, 55, 70], 0.45);
  canvas.polygon([[x + w * 0.27, sill - h * 0.36], [x + w * 0.34, y + h * 0.1], [x + w * 0.49, y + h * 0.1], [x + w * 0.49, sill - h * 0.36]], glass);
  canvas.polygon([[x + w * 0.52, sill - h * 0.36], [x + w * 0.52, y + h * 0.1], [x + w * 0.68, y + h * 0.1], [x + w * 0.77, sill - h * 0.36]], glass);
  canvas.rect(x + w * 0.02, sill - h * 0.08, w * 0.96, h * 0.05, shade(body, 0.6));
  canvas.rect(x, sill - h * 0.3, w * 0.03, h * 0.08, [255, 236, 180]);
  canvas.rect(x + w * 0.97, sill - h * 0.3, w * 0.03, h * 0.08, [200, 40, 30]);
  for (const cx of [x + w * 0.2, x + w * 0.8]) {
    canvas.disc(cx, sill, wheel, [24, 24, 26]);
    canvas.disc(cx, sill, wheel * 0.45, [170, 172, 176]);
  }
}

/** A bicycle: two spoked wheels, a diamond frame, saddle and bars. */
function bicycle(canvas: Canvas, { x, y, w, h }: Rect, scene: Scene): void {
  const frame = lit([30, 90, 150], scene, 1.2);
  const tyre: Rgb = [26, 26, 28];
  const r = Math.min(w * 0.22, h * 0.42);
  const thick = Math.max(1.5, r * 0.16);
  const [rear, front] = [[x + r, y + h - r], [x + w - r, y + h - r]] as const;
  for (const [cx, cy] of [rear, front]) {
    canvas.ring(cx, cy, r, thick, tyre);
    line(canvas, cx - r, cy, cx + r, cy, 1, shade(tyre, 3));
    line(canvas, cx, cy - r, cx, cy + r, 1, shade(tyre, 3));
  }
  const crank = [x + w * 0.45, rear[1]] as const;
  const seat = [x + w * 0.38, y + h * 0.18] as const;
  const head = [x + w * 0.72, y + h * 0.2] as const;
  for (const [a, b] of [[rear, crank], [crank, seat], [seat, rear], [seat, head], [crank, head], [head, front]] as const) line(canvas, a[0], a[1], b[0], b[1], thick, frame);
  canvas.rect(seat[0] - w * 0.07, seat[1] - thick * 1.5, w * 0.14, thick * 1.5, tyre);
  line(canvas, head[0], head[1], head[0] + w * 0.04, y, thick, tyre);
  canvas.rect(head[0] - w * 0.02, y - thick, w * 0.12, thick, tyre);
}

/** Shrubs in a low planter along a facade's base. */
function plants(canvas: Canvas, { x, y, w, h }: Rect, scene: Scene, random: Random): void {
  canvas.rect(x, y + h * 0.6, w, h * 0.4, lit([150, 140, 128], scene));
  const [leaf, alt] = scene.foliage;
  for (let px = x + h * 0.3; px < x + w - h * 0.2; px += h * 0.5) {
    canvas.disc(px, y + h * 0.45, h * (0.32 + random() * 0.18), lit(random() < 0.3 ? alt : leaf, scene, 0.85 + random() * 0.3));
  }
}

/** A clump of bamboo: tall thin culms with nodes and tufts of narrow leaves. */
function bambooGrove(canvas: Canvas, { x, y, w, h }: Rect, scene: Scene, random: Random): void {
  const culm = lit([150, 170, 70], scene);
  const leaf = lit([92, 140, 60], scene);
  const thick = Math.max(2, unit(canvas) * 0.006);
  for (let i = 0; i < 16; i += 1) {
    const bx = x + random() * w;
    const top = y + random() * h * 0.3;
    const lean = (random() - 0.5) * w * 0.15;
    line(canvas, bx, y + h, bx + lean, top, thick, shade(culm, 0.85 + random() * 0.3));
    for (let node = y + h - h * 0.12; node > top; node -= h * 0.12) {
      const t = (y + h - node) / (y + h - top);
      canvas.rect(bx + lean * t - thick, node, thick * 2, Math.max(1, thick * 0.5), shade(culm, 0.6));
    }
    for (let k = 0; k < 4; k += 1) {
      const t = 0.55 + random() * 0.45;
      const [lx, ly] = [bx + lean * t, y + h - (y + h - top) * t];
      line(canvas, lx, ly, lx + (random() - 0.5) * w * 0.25, ly + h * 0.04, thick * 1.4, shade(leaf, 0.8 + random() * 0.4));
    }
  }
}

/** A row of round trees standing along the rect's bottom edge. */
function treeRow(canvas: Canvas, { x, y, w, h }: Rect, scene: Scene, random: Random): void {
  const [leaf, alt] = scene.foliage;
  const count = Math.max(2, Math.round(w / (h * 0.7)));
  for (let i = 0; i < count; i += 1) {
    const cx = x + ((i + 0.5) / count) * w + (random() - 0.5) * h * 0.2;
    const size = h * (0.8 + random() * 0.2);
    canvas.rect(cx - size * 0.04, y + h - size * 0.5, size * 0.08, size * 0.5, lit([95, 70, 50], scene));
    if (scene.season === 'winter') continue;
    const crown = lit(random() < 0.5 ? leaf : alt, scene, 0.9);
    canvas.disc(cx, y + h - size * 0.72, size * 0.3, crown);
    canvas.disc(cx - size * 0.14, y + h - size * 0.56, size * 0.2, shade(crown, 0.85));
  }
}

/**
 * Draws one object into `rect` (its bottom edge on the ground): around a building, on a facade
 * (preview-facade.ts) or, for furniture, in a small room of the rect's size (preview-furnishings.ts).
 */
export function drawObject(canvas: Canvas, rect: Rect, kind: ObjectKind, scene: Scene): void {
  const random = scene.random(`object:${kind}`);
  switch (kind) {
    case 'veranda':
      return veranda(canvas, rect, scene, random);
    case 'pergola':
      return pergola(canvas, rect, scene, random);
    case 'pool':
      return pool(canvas, rect, scene, random);
    case 'car':
      return car(canvas, rect, scene, random);
    case 'bicycle':
      return bicycle(canvas, rect, scene);
    case 'plants':
      return plants(canvas, rect, scene, random);
    case 'bamboo-grove':
      return bambooGrove(canvas, rect, scene, random);
    case 'trees':
      return treeRow(canvas, rect, scene, random);
    case 'solar':
      return drawSolar(canvas, quadOf(rect), scene);
    case 'green-roof':
      return drawGreenRoof(canvas, quadOf(rect), scene, random);
    case 'skylight':
      return drawSkylights(canvas, quadOf(rect), scene);
    case 'balcony':
    case 'columns':
    case 'arches':
    case 'stair':
      // A stair inside is the room's; outside it climbs the facade.
      return scene.interior ? drawFurnishingIn(canvas, rect, kind, scene) : drawFacadeObject(canvas, rect, kind, scene);
    default:
      return drawFurnishingIn(canvas, rect, kind, scene);
  }
}
