/** The preview engine's buildings: massing by type and camera, facades, windows, roofs, bridges. */
import { type Canvas, line, mix, shade, type Rgb } from './canvas';
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
  texture: Finish['texture'];
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

export function planMasses(canvas: Canvas, scene: Scene, base: number, view: View, layout: Random): Mass[] {
  const { width: W, height: H } = canvas;
  const h = (fraction: number) => H * fraction * view.heightScale;
  const at = (x: number, w: number, height: number, roof: Mass['roof'], windows: Mass['windows'], depth = 0.3): Mass => ({ x: W * x, base, width: W * w, height, depth: W * w * depth, roof, windows, texture: scene.finish.texture });
  const shift = (layout() - 0.5) * 0.12;
  switch (scene.building) {
    case 'house':
      return [at(0.2 + shift, 0.34, h(0.16 + layout() * 0.05), layout() < 0.6 ? 'gable' : 'flat', 'grid', 0.45), at(0.56 + shift, 0.18, h(0.1), 'flat', 'few', 0.6)];
    case 'cabin':
      return [at(0.36 + shift, 0.24, h(0.11 + layout() * 0.03), 'gable', 'few', 0.6)];
    case 'tower': {
      const towers = [at(0.38 + shift, 0.17, h(0.6 + layout() * 0.12), 'flat', 'grid', 0.5), at(0.3 + shift, 0.34, h(0.07), 'flat', 'ribbon', 0.35)];
      if (layout() < 0.6) towers.unshift(at(0.62 + shift, 0.13, h(0.38 + layout() * 0.1), 'flat', 'grid', 0.6));
      return towers;
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
      const count = 1 + Math.floor(layout() * 3);
      const masses: Mass[] = [];
      let cursor = W * (0.12 + layout() * 0.1);
      for (let i = 0; i < count && cursor < W * 0.85; i += 1) {
        const massWidth = W * (0.16 + layout() * 0.2);
        masses.push({ x: cursor, base, width: massWidth, height: h(0.2 + layout() * 0.14), depth: massWidth * (0.25 + layout() * 0.2), roof: 'flat', windows: 'grid', texture: scene.finish.texture });
        cursor += massWidth * (0.8 + layout() * 0.4);
      }
      return masses;
    }
  }
}

export function drawTexture(canvas: Canvas, mass: Mass, top: number, color: Rgb): void {
  const { x, width, height } = mass;
  const line1 = shade(color, 0.82);
  const px = Math.max(1, Math.round(canvas.width / 700));
  switch (mass.texture) {
    case 'coursing':
      for (let y = top + 3; y < mass.base; y += Math.max(3, canvas.height * 0.009)) canvas.rect(x, y, width, px, line1);
      break;
    case 'boards':
      for (let bx = x + 4; bx < x + width; bx += Math.max(4, width / 28)) canvas.rect(bx, top, px, height, line1);
      break;
    case 'formwork':
      for (let y = top; y < mass.base; y += Math.max(8, height / 8)) canvas.rect(x, y, width, px, shade(color, 0.9));
      for (let bx = x; bx < x + width; bx += Math.max(12, width / 6)) canvas.rect(bx, top, px, height, shade(color, 0.9));
      break;
    case 'blocks': {
      const course = Math.max(6, canvas.height * 0.022);
      let row = 0;
      for (let y = top; y < mass.base; y += course, row += 1) {
        canvas.rect(x, y, width, px, line1);
        for (let bx = x + (row % 2) * course; bx < x + width; bx += course * 2) canvas.rect(bx, y, px, course, line1);
      }
      break;
    }
    case 'panels':
      for (let bx = x; bx < x + width; bx += Math.max(10, width / 10)) canvas.rect(bx, top, px * 2, height, shade(color, 0.75));
      break;
    default:
  }
}

export function drawWindows(canvas: Canvas, mass: Mass, top: number, scene: Scene, glass: Rgb, detail: Random): void {
  if (mass.windows === 'none') return;
  const x = mass.x + mass.width * 0.07;
  const w = mass.width * 0.86;
  const y = top + mass.height * 0.08;
  const h = mass.height * (mass.windows === 'ribbon' ? 0.5 : 0.72);
  const floors = mass.windows === 'ribbon' ? 1 : Math.max(1, Math.round(h / (canvas.height * 0.045)));
  const bays = mass.windows === 'few' ? 2 : mass.windows === 'ribbon' ? 1 : Math.max(1, Math.round(w / (canvas.width * 0.032)));
  const cellW = w / bays;
  const cellH = h / floors;
  for (let floor = 0; floor < floors; floor += 1) {
    for (let bay = 0; bay < bays; bay += 1) {
      const on = detail() < scene.sky.lit;
      const fill: Rgb = on ? WINDOW_LIT : glass;
      canvas.rect(x + bay * cellW + cellW * 0.15, y + floor * cellH + cellH * 0.18, cellW * 0.7, cellH * 0.6, fill);
    }
  }
}

export function drawMass(canvas: Canvas, mass: Mass, scene: Scene, view: View, color: Rgb, detail: Random): void {
  const base = mass.base;
  const top = base - mass.height;
  const lift = mass.depth * view.lift;
  const front = lit(color, scene);
  const left = mass.x;
  const right = mass.x + mass.width;
  const inset = mass.width * view.taper;
  // Side face first (receding to the right), then the roof, then the front face over them.
  canvas.polygon([[right - inset, top], [right + mass.depth - inset, top - lift], [right + mass.depth, base - lift], [right, base]], shade(front, 0.66));
  if (mass.roof === 'gable') {
    const ridge = top - mass.height * 0.45;
    const mid = (left + right) / 2;
    canvas.polygon([[mid, ridge], [mid + mass.depth, ridge - lift], [right + mass.depth, top - lift], [right, top]], shade(lit([90, 70, 62], scene), 1));
    canvas.polygon([[left, top], [mid, ridge], [right, top]], shade(front, 0.92));
  } else if (mass.roof === 'spire') {
    const mid = (left + right) / 2;
    canvas.polygon([[left, top], [mid + mass.depth * 0.5, top - mass.height * 0.9], [right + mass.depth, top - lift]], shade(lit([80, 86, 96], scene), 1));
  } else if (lift > 0) {
    canvas.polygon([[left + inset, top], [left + mass.depth + inset, top - lift], [right + mass.depth - inset, top - lift], [right - inset, top]], shade(front, 0.84));
  }
  canvas.polygon([[left, base], [left + inset, top], [right - inset, top], [right, base]], front);
  if (mass.roof === 'slab') {
    const over = mass.width * 0.1;
    canvas.rect(left - over, top - mass.height * 0.12, mass.width + over * 2, mass.height * 0.12, shade(front, 1.05));
    canvas.rect(left - over, top, mass.width + over * 2, Math.max(2, mass.height * 0.04), shade(front, 0.45));
  }
  const glass = mix(shade(scene.sky.horizon, 0.6), [40, 55, 70], 0.3);
  if (mass.texture === 'curtain') {
    canvas.gradient(top, base, mix(scene.sky.top, front, 0.3), mix(scene.sky.horizon, front, 0.45), left + inset, right - inset);
    const mullion = shade(front, 0.5);
    for (let mx = left; mx < right; mx += Math.max(6, mass.width / 10)) canvas.rect(mx, top, Math.max(1, canvas.width / 600), mass.height, mullion);
    for (let my = top; my < base; my += canvas.height * 0.03) canvas.rect(left, my, mass.width, Math.max(1, canvas.height / 600), mullion);
    for (let my = top + canvas.height * 0.005; my < base - 4; my += canvas.height * 0.03) {
      for (let mx = left + 2; mx < right - 4; mx += Math.max(6, mass.width / 10)) if (detail() < scene.sky.lit * 0.6) canvas.rect(mx + 2, my + 2, Math.max(4, mass.width / 10) - 4, canvas.height * 0.03 - 4, WINDOW_LIT);
    }
  } else {
    drawTexture(canvas, mass, top, front);
    drawWindows(canvas, mass, top, scene, glass, detail);
  }
  const doorW = Math.min(mass.width * 0.12, canvas.width * 0.04);
  canvas.rect(left + mass.width / 2 - doorW / 2, base - Math.min(mass.height * 0.18, canvas.height * 0.06), doorW, Math.min(mass.height * 0.18, canvas.height * 0.06), shade(front, 0.3));
}

export function drawBridge(canvas: Canvas, scene: Scene, base: number, color: Rgb, layout: Random): void {
  const { width, height } = canvas;
  const deck = base - height * 0.14;
  const thick = height * 0.025;
  const tone = lit(color, scene);
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

export function drawTreehouse(canvas: Canvas, scene: Scene, base: number, color: Rgb, layout: Random): void {
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
  const cabin: Mass = { x: cx - unit * 0.1, base: floor, width: unit * 0.2, height: unit * 0.12, depth: unit * 0.05, roof: 'gable', windows: 'few', texture: 'boards' };
  drawMass(canvas, cabin, scene, viewFor('eye'), color, layout);
  line(canvas, cx + unit * 0.12, floor, cx + unit * 0.2, base, 3, shade(trunk, 0.7));
}
