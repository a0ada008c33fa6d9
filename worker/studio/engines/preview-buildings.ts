/** The preview engine's buildings: massing by type and camera, facades, windows, roofs, bridges. */
import { type Canvas, line, mix, type Rect, shade, type Rgb } from './canvas';
import { drawSurface } from './preview-materials';
import { type Camera } from './scene-reading';
import { type Finish, lit, type Random, type Scene, WINDOW_LIT } from './preview-scene';

export interface Mass {
  x: number;
  base: number;
  width: number;
  height: number;
  depth: number;
  roof: 'flat' | 'gable' | 'spire' | 'slab';
  windows: 'grid' | 'ribbon' | 'few' | 'none';
  finish: Finish;
}

export interface View {
  /** How much of the roof shows: more from above. */
  lift: number;
  heightScale: number;
  /** Worm's-eye: the front face narrows towards the top. */
  taper: number;
}

export function viewFor(camera: Camera): View {
  switch (camera) {
    case 'aerial':
      return { lift: 1.5, heightScale: 0.6, taper: 0 };
    case 'worm':
      return { lift: 0, heightScale: 1.6, taper: 0.12 };
    case 'axonometric':
      return { lift: 0.9, heightScale: 0.9, taper: 0 };
    default:
      return { lift: 0.45, heightScale: 1, taper: 0 };
  }
}

/**
 * The masses of the design, from the scene's own 'masses' source: the same in every view and
 * every refinement. The main mass comes first; a second named material clads the others.
 */
export function planMasses(canvas: Canvas, scene: Scene, base: number, view: View): Mass[] {
  const layout = scene.random('masses');
  const { width: W, height: H } = canvas;
  const h = (fraction: number) => H * fraction * view.heightScale;
  const depthScale = scene.shot.depth;
  const finishOf = (index: number): Finish => scene.finishes[index % scene.finishes.length] ?? scene.finish;
  let count = 0;
  const at = (x: number, w: number, height: number, roof: Mass['roof'], windows: Mass['windows'], depth = 0.3): Mass => ({ x: W * x, base, width: W * w, height, depth: W * w * depth * depthScale, roof, windows, finish: finishOf(count++) });
  const shift = (layout() - 0.5) * 0.12;
  switch (scene.building) {
    case 'house':
      return [at(0.2 + shift, 0.34, h(0.16 + layout() * 0.05), layout() < 0.6 ? 'gable' : 'flat', 'grid', 0.45), at(0.56 + shift, 0.18, h(0.1), 'flat', 'few', 0.6)];
    case 'cabin':
      return [at(0.36 + shift, 0.24, h(0.11 + layout() * 0.03), 'gable', 'few', 0.6)];
    case 'tower': {
      const main = at(0.38 + shift, 0.17, h(0.6 + layout() * 0.12), 'flat', 'grid', 0.5);
      const podium = at(0.3 + shift, 0.34, h(0.07), 'flat', 'ribbon', 0.35);
      return layout() < 0.6 ? [main, at(0.62 + shift, 0.13, h(0.38 + layout() * 0.1), 'flat', 'grid', 0.6), podium] : [main, podium];
    }
    case 'museum':
      return [at(0.14 + shift, 0.56, h(0.1 + layout() * 0.03), 'slab', 'ribbon', 0.3), at(0.5 + shift, 0.14, h(0.2), 'flat', 'none', 0.6)];
    case 'library':
      return [at(0.16 + shift, 0.5, h(0.2 + layout() * 0.04), 'flat', 'grid', 0.3), at(0.66 + shift, 0.2, h(0.13), 'flat', 'grid', 0.6)];
    case 'church':
      return [at(0.26 + shift, 0.34, h(0.16), 'gable', 'few', 0.6), at(0.6 + shift, 0.09, h(0.32), 'spire', 'few', 0.9)];
    case 'bridge':
    case 'treehouse':
      return [];
    default: {
      const masses: Mass[] = [];
      const total = 1 + Math.floor(layout() * 3);
      let cursor = W * (0.12 + layout() * 0.1);
      for (let i = 0; i < total && cursor < W * 0.85; i += 1) {
        const massWidth = W * (0.16 + layout() * 0.2);
        masses.push({ x: cursor, base, width: massWidth, height: h(0.2 + layout() * 0.14), depth: massWidth * (0.25 + layout() * 0.2) * depthScale, roof: 'flat', windows: 'grid', finish: finishOf(i) });
        cursor += massWidth * (0.8 + layout() * 0.4);
      }
      return masses;
    }
  }
}

/** Where a mass's door is: the bottom centre of its front face. */
export function entranceOf(mass: Mass, canvas: Canvas): Rect {
  const w = Math.min(mass.width * 0.12, canvas.width * 0.04);
  const h = Math.min(mass.height * 0.18, canvas.height * 0.06);
  return { x: mass.x + mass.width / 2 - w / 2, y: mass.base - h, w, h };
}

function drawWindows(canvas: Canvas, mass: Mass, top: number, scene: Scene, glass: Rgb, detail: Random): void {
  if (mass.windows === 'none') return;
  const x = mass.x + mass.width * 0.07;
  const w = mass.width * 0.86;
  const y = top + mass.height * 0.08;
  const h = mass.height * (mass.windows === 'ribbon' ? 0.5 : 0.72);
  const floors = mass.windows === 'ribbon' ? 1 : Math.max(1, Math.round(h / (canvas.height * 0.045)));
  const bays = mass.windows === 'few' ? 2 : mass.windows === 'ribbon' ? 1 : Math.max(1, Math.round(w / (canvas.width * 0.032)));
  const cellW = w / bays;
  const cellH = h / floors;
  const frame = shade(glass, 0.5);
  for (let floor = 0; floor < floors; floor += 1) {
    for (let bay = 0; bay < bays; bay += 1) {
      const on = detail() < scene.sky.lit;
      const [wx, wy, ww, wh] = [x + bay * cellW + cellW * 0.15, y + floor * cellH + cellH * 0.18, cellW * 0.7, cellH * 0.6];
      canvas.rect(wx - 1, wy - 1, ww + 2, wh + 2, frame);
      canvas.rect(wx, wy, ww, wh, on ? WINDOW_LIT : glass);
    }
  }
}

/** Draws a mass; `detail` lights its windows, `surface` lays its material, each from its own source. */
export function drawMass(canvas: Canvas, mass: Mass, scene: Scene, view: View, detail: Random, surface: Random = detail): void {
  const base = mass.base;
  const top = base - mass.height;
  const lift = mass.depth * view.lift;
  const front = lit(mass.finish.color, scene);
  const left = mass.x;
  const right = mass.x + mass.width;
  const inset = mass.width * view.taper;
  // Side face first (receding to the right), then the roof, then the front face over them.
  canvas.polygon([[right - inset, top], [right + mass.depth - inset, top - lift], [right + mass.depth, base - lift], [right, base]], shade(front, 0.66));
  if (mass.roof === 'gable') {
    const ridge = top - mass.height * 0.45;
    const mid = (left + right) / 2;
    canvas.polygon([[mid, ridge], [mid + mass.depth, ridge - lift], [right + mass.depth, top - lift], [right, top]], lit([90, 70, 62], scene));
    canvas.polygon([[left, top], [mid, ridge], [right, top]], shade(front, 0.92));
  } else if (mass.roof === 'spire') {
    const mid = (left + right) / 2;
    canvas.polygon([[left, top], [mid + mass.depth * 0.5, top - mass.height * 0.9], [right + mass.depth, top - lift]], lit([80, 86, 96], scene));
  } else if (lift > 0) {
    canvas.polygon([[left + inset, top], [left + mass.depth + inset, top - lift], [right + mass.depth - inset, top - lift], [right - inset, top]], shade(front, 0.84));
  }
  canvas.polygon([[left, base], [left + inset, top], [right - inset, top], [right, base]], front);
  if (mass.roof === 'slab') {
    const over = mass.width * 0.1;
    canvas.rect(left - over, top - mass.height * 0.12, mass.width + over * 2, mass.height * 0.12, shade(front, 1.05));
    canvas.rect(left - over, top, mass.width + over * 2, Math.max(2, mass.height * 0.04), shade(front, 0.45));
  }
  const face: Rect = { x: left + inset, y: top, w: mass.width - 2 * inset, h: mass.height };
  drawSurface(canvas, face, mass.finish, front, scene, surface);
  if (mass.finish.texture !== 'curtain') drawWindows(canvas, mass, top, scene, mix(shade(scene.sky.horizon, 0.6), [40, 55, 70], 0.3), detail);
  const door = entranceOf(mass, canvas);
  canvas.rect(door.x, door.y, door.w, door.h, shade(front, 0.3));
}

export function drawBridge(canvas: Canvas, scene: Scene, base: number): void {
  const layout = scene.random('bridge');
  const { width, height } = canvas;
  const deck = base - height * 0.14;
  const thick = height * 0.025;
  const tone = lit(scene.finish.color, scene);
  const pylons = [width * (0.25 + layout() * 0.05), width * (0.7 + layout() * 0.05)];
  for (const px of pylons) {
    canvas.rect(px - width * 0.012, deck - height * 0.28, width * 0.024, height * 0.28 + (base - deck), shade(tone, 0.85));
    for (let i = 1; i <= 6; i += 1) {
      line(canvas, px, deck - height * 0.27, px - i * width * 0.035, deck, 2, shade(tone, 0.7));
      line(canvas, px, deck - height * 0.27, px + i * width * 0.035, deck, 2, shade(tone, 0.7));
    }
  }
  canvas.rect(0, deck, width, thick, tone);
  canvas.rect(0, deck + thick, width, thick * 0.3, shade(tone, 0.55));
  if (scene.setting === 'water') {
    canvas.rect(0, deck + thick * 2, width, thick * 0.6, mix(scene.water, tone, 0.3));
  }
  if (scene.sky.lit > 0.3) for (let x = width * 0.02; x < width; x += width * 0.05) canvas.disc(x, deck - 4, 3, WINDOW_LIT);
}

export function drawTreehouse(canvas: Canvas, scene: Scene, base: number): Mass {
  const layout = scene.random('treehouse');
  const { width, height } = canvas;
  const unit = Math.min(width, height);
  const cx = width * (0.45 + (layout() - 0.5) * 0.1);
  const trunk = lit([100, 74, 52], scene);
  canvas.polygon([[cx - unit * 0.05, base], [cx - unit * 0.03, base - height * 0.5], [cx + unit * 0.03, base - height * 0.5], [cx + unit * 0.05, base]], trunk);
  const [leaf, alt] = scene.foliage;
  canvas.disc(cx, base - height * 0.58, unit * 0.24, lit(leaf, scene, 0.85));
  canvas.disc(cx - unit * 0.18, base - height * 0.48, unit * 0.15, lit(alt, scene, 0.9));
  canvas.disc(cx + unit * 0.17, base - height * 0.5, unit * 0.14, lit(leaf, scene));
  const floor = base - height * 0.34;
  canvas.rect(cx - unit * 0.16, floor, unit * 0.32, unit * 0.018, shade(trunk, 0.8));
  const cabin: Mass = { x: cx - unit * 0.1, base: floor, width: unit * 0.2, height: unit * 0.12, depth: unit * 0.05 * scene.shot.depth, roof: 'gable', windows: 'few', finish: scene.finish };
  drawMass(canvas, cabin, scene, viewFor('eye'), layout);
  line(canvas, cx + unit * 0.12, floor, cx + unit * 0.2, base, 3, shade(trunk, 0.7));
  return cabin;
}
