/**
 * The offline engine (docs/decisions/0020): a procedural architectural scene that follows the
 * prompt — interior or exterior, building type, setting, material, time of day, season and camera
 * (scene-reading.ts) — and takes the palette and horizon of its input images (preview-inputs.ts).
 * A refinement keeps the original prompt's scene and applies what the new text changes.
 * Everything comes from PRNGs seeded by prompt and seed, so the same request gives the same bytes:
 * one for the layout (which the original prompt and the seed fix) and one for the details.
 */
import { outputSize } from '#shared/models';
import { Canvas, line, mix, shade, type Rgb } from './canvas';
import { readInputs, type InputLook } from './preview-inputs';
import {
  readConversation,
  type BuildingType,
  type Camera,
  type Material,
  type Season,
  type Setting,
  type TimeOfDay,
} from './scene-reading';
import type { ImageEngine, ViewRequest, ViewResult } from './types';

/** FNV-1a: a stable 32-bit hash of the prompt. */
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: small, fast and good enough for picking shapes and colours. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

function pick<T>(random: Random, items: readonly [T, ...T[]]): T {
  return items[Math.floor(random() * items.length)] ?? items[0];
}

interface Sky {
  top: Rgb;
  horizon: Rgb;
  /** The sun (or moon) position: x as a fraction of the width, y as a fraction of the horizon. */
  sun: { x: number; y: number; color: Rgb } | null;
  /** Multiplies lit faces. */
  light: number;
  /** Warms or cools lit faces. */
  tint: Rgb;
  /** Share of windows lit. */
  lit: number;
  stars: boolean;
}

const SKIES: Record<TimeOfDay, Sky> = {
  dawn: { top: [80, 90, 150], horizon: [250, 185, 160], sun: { x: 0.18, y: 0.88, color: [255, 225, 190] }, light: 0.8, tint: [1.05, 0.95, 0.95], lit: 0.3, stars: false },
  morning: { top: [85, 145, 215], horizon: [200, 225, 245], sun: { x: 0.28, y: 0.45, color: [255, 250, 230] }, light: 1, tint: [1, 1, 1], lit: 0.08, stars: false },
  noon: { top: [50, 115, 210], horizon: [170, 205, 240], sun: { x: 0.55, y: 0.12, color: [255, 255, 240] }, light: 1.08, tint: [1, 1, 1], lit: 0.04, stars: false },
  golden: { top: [95, 110, 170], horizon: [255, 185, 105], sun: { x: 0.78, y: 0.8, color: [255, 220, 150] }, light: 0.95, tint: [1.12, 0.98, 0.8], lit: 0.25, stars: false },
  dusk: { top: [45, 50, 110], horizon: [235, 125, 90], sun: { x: 0.86, y: 0.97, color: [255, 170, 110] }, light: 0.62, tint: [1.05, 0.9, 0.9], lit: 0.6, stars: false },
  blue: { top: [18, 32, 88], horizon: [70, 105, 175], sun: null, light: 0.45, tint: [0.85, 0.92, 1.15], lit: 0.8, stars: false },
  night: { top: [4, 6, 22], horizon: [22, 30, 62], sun: { x: 0.8, y: 0.2, color: [230, 232, 220] }, light: 0.3, tint: [0.8, 0.85, 1.1], lit: 0.75, stars: true },
};

const WINDOW_LIT: Rgb = [255, 205, 120];

interface Finish {
  color: Rgb;
  texture: 'coursing' | 'boards' | 'formwork' | 'curtain' | 'blocks' | 'panels' | 'none';
}

const FINISHES: Record<Material, Finish> = {
  brick: { color: [168, 78, 56], texture: 'coursing' },
  terracotta: { color: [200, 112, 72], texture: 'panels' },
  marble: { color: [238, 235, 228], texture: 'blocks' },
  glass: { color: [105, 150, 180], texture: 'curtain' },
  timber: { color: [165, 112, 68], texture: 'boards' },
  concrete: { color: [172, 172, 166], texture: 'formwork' },
  stone: { color: [190, 178, 152], texture: 'blocks' },
  steel: { color: [118, 124, 134], texture: 'panels' },
  render: { color: [234, 230, 222], texture: 'none' },
};

const DEFAULT_MATERIAL: Record<BuildingType, readonly [Material, ...Material[]]> = {
  house: ['render', 'timber', 'brick'],
  cabin: ['timber'],
  tower: ['glass', 'steel'],
  museum: ['concrete', 'render', 'stone'],
  library: ['brick', 'concrete', 'stone'],
  bridge: ['steel', 'concrete'],
  church: ['stone'],
  treehouse: ['timber'],
  block: ['render', 'concrete', 'brick'],
};

interface Ground {
  far: Rgb;
  near: Rgb;
}

const GROUNDS: Record<Setting, Ground> = {
  meadow: { far: [140, 165, 110], near: [88, 126, 66] },
  park: { far: [130, 172, 100], near: [76, 138, 66] },
  forest: { far: [70, 98, 62], near: [52, 82, 46] },
  desert: { far: [232, 204, 158], near: [212, 176, 124] },
  snow: { far: [222, 228, 236], near: [242, 244, 248] },
  city: { far: [140, 140, 146], near: [92, 92, 98] },
  water: { far: [120, 140, 100], near: [104, 128, 86] },
};

const FOLIAGE: Record<Season, readonly [Rgb, Rgb]> = {
  spring: [[120, 176, 90], [240, 182, 204]],
  summer: [[62, 122, 56], [48, 100, 46]],
  autumn: [[206, 116, 40], [226, 172, 52]],
  winter: [[120, 138, 128], [236, 240, 244]],
  monsoon: [[48, 102, 62], [40, 88, 54]],
};

/** Everything the painter needs, settled from the reading, the defaults and the input images. */
interface Scene {
  interior: boolean;
  building: BuildingType;
  setting: Setting;
  mountains: boolean;
  finish: Finish;
  sky: Sky;
  season: Season;
  camera: Camera;
  ground: Ground;
  foliage: readonly [Rgb, Rgb];
  water: Rgb;
  /** Accent colours for furniture and details: the input images' palette when given. */
  accents: readonly Rgb[];
  horizon: number | null;
  prompt: string;
}

function settle(request: ViewRequest, look: InputLook | null, layout: Random): Scene {
  const { reading } = readConversation(request.prompt, request.history);
  const text = [...request.history.flatMap((turn) => turn.parts.flatMap((part) => ('text' in part ? [part.text] : []))), request.prompt].join(' ').toLowerCase();
  const building = reading.building ?? 'block';
  const defaultSetting: Setting = building === 'bridge' ? 'water' : building === 'tower' ? 'city' : building === 'cabin' || building === 'treehouse' ? 'forest' : reading.season === 'winter' ? 'snow' : 'meadow';
  const setting = reading.setting ?? defaultSetting;
  const season = reading.season ?? (setting === 'snow' ? 'winter' : 'summer');
  const time = reading.time ?? pick(layout, ['morning', 'noon', 'golden', 'morning']);
  const material = reading.material ?? pick(layout, DEFAULT_MATERIAL[building]);
  let sky: Sky = { ...SKIES[time] };
  if (season === 'monsoon') {
    const overcast: Rgb = [150, 155, 162];
    sky = { ...sky, top: mix(sky.top, shade(overcast, 0.75), 0.7), horizon: mix(sky.horizon, overcast, 0.7), sun: null, light: sky.light * 0.75, lit: Math.max(sky.lit, 0.35) };
  } else if (season === 'winter') {
    sky = { ...sky, top: mix(sky.top, [190, 200, 215], 0.25), horizon: mix(sky.horizon, [235, 238, 242], 0.3) };
  }
  let ground = { ...GROUNDS[setting] };
  if (season === 'winter' && setting !== 'desert') ground = setting === 'city' ? { far: [205, 208, 214], near: [180, 184, 190] } : { ...GROUNDS.snow };
  if (season === 'autumn' && (setting === 'meadow' || setting === 'park' || setting === 'forest')) ground = { far: mix(ground.far, [190, 150, 80], 0.5), near: mix(ground.near, [150, 110, 55], 0.5) };
  if (season === 'monsoon') ground = { far: shade(ground.far, 0.8), near: shade(ground.near, 0.7) };
  let finish = FINISHES[material];
  let water: Rgb = mix([32, 86, 150], sky.top, 0.3);
  let accents: Rgb[] = [[180, 150, 120], [80, 90, 105], [200, 190, 170], [140, 60, 50]];
  if (look) {
    sky = { ...sky, top: mix(sky.top, look.upper, 0.55), horizon: mix(sky.horizon, look.upper, 0.45) };
    ground = { far: mix(ground.far, look.lower, 0.5), near: mix(ground.near, look.lower, 0.6) };
    finish = { ...finish, color: mix(finish.color, look.palette[1] ?? look.lower, 0.4) };
    water = mix(water, look.upper, 0.3);
    accents = look.palette.length > 0 ? [...look.palette] : accents;
  }
  if (season === 'spring' && /\b(cherry|blossom)/.test(text)) accents = [[240, 182, 204], ...accents];
  return {
    interior: reading.space === 'interior',
    building,
    setting,
    mountains: reading.mountains || setting === 'snow',
    finish,
    sky,
    season,
    camera: reading.camera ?? 'eye',
    ground,
    foliage: FOLIAGE[season],
    water,
    accents,
    horizon: look ? Math.min(0.8, Math.max(0.3, look.horizon)) : null,
    prompt: text,
  };
}

function lit(color: Rgb, scene: Scene, factor = 1): Rgb {
  const { light, tint } = scene.sky;
  return [color[0] * light * tint[0] * factor, color[1] * light * tint[1] * factor, color[2] * light * tint[2] * factor];
}

// ——— Sky, background and ground ———

function drawSky(canvas: Canvas, scene: Scene, horizon: number, detail: Random): void {
  const { width } = canvas;
  canvas.gradient(0, horizon, scene.sky.top, scene.sky.horizon);
  const unit = Math.min(width, canvas.height);
  if (scene.sky.stars) {
    for (let i = 0; i < 160; i += 1) canvas.rect(detail() * width, detail() * horizon * 0.8, 2, 2, [220, 225, 240]);
  }
  const sun = scene.sky.sun;
  if (sun) {
    const x = width * sun.x;
    const y = horizon * sun.y;
    if (!scene.sky.stars) canvas.disc(x, y, unit * 0.08, mix(sun.color, scene.sky.horizon, 0.6));
    canvas.disc(x, y, unit * (scene.sky.stars ? 0.03 : 0.045), sun.color);
  }
}

function drawMountains(canvas: Canvas, scene: Scene, horizon: number, layout: Random): void {
  const { width, height } = canvas;
  const rock = mix(shade(scene.sky.horizon, 0.6), [90, 100, 120], 0.5);
  const peaks = 3 + Math.floor(layout() * 3);
  for (let i = 0; i < peaks; i += 1) {
    const cx = width * ((i + 0.2 + layout() * 0.6) / peaks);
    const peak = height * (0.12 + layout() * 0.14);
    const half = width * (0.18 + layout() * 0.12);
    const top = horizon - peak;
    canvas.polygon([[cx - half, horizon], [cx, top], [cx + half, horizon]], shade(rock, 0.9 + (i % 2) * 0.12));
    const cap = 0.35;
    canvas.polygon([[cx - half * cap, top + peak * cap], [cx, top], [cx + half * cap, top + peak * cap]], mix([245, 247, 250], scene.sky.horizon, 0.15));
  }
}

function drawHills(canvas: Canvas, color: Rgb, horizon: number, amplitude: number, layout: Random): void {
  const { width } = canvas;
  const phase = layout() * Math.PI * 2;
  for (let x = 0; x < width; x += 2) {
    const lift = Math.sin(x / (width * 0.18) + phase) * 0.5 + Math.sin(x / (width * 0.07) + phase * 2) * 0.2 + 0.8;
    const top = horizon - lift * amplitude;
    for (let y = Math.round(top); y < horizon; y += 1) canvas.span(y, x, x + 2, color);
  }
}

function drawConifer(canvas: Canvas, x: number, base: number, size: number, color: Rgb, snowy: boolean): void {
  canvas.rect(x - size * 0.04, base - size * 0.2, size * 0.08, size * 0.2, [70, 52, 40]);
  for (let tier = 0; tier < 3; tier += 1) {
    const bottom = base - size * (0.15 + tier * 0.25);
    const half = size * (0.3 - tier * 0.07);
    canvas.polygon([[x - half, bottom], [x, bottom - size * 0.4], [x + half, bottom]], shade(color, 1 - tier * 0.06));
    if (snowy) canvas.polygon([[x - half * 0.4, bottom - size * 0.24], [x, bottom - size * 0.4], [x + half * 0.4, bottom - size * 0.24]], [240, 243, 247]);
  }
}

function drawRoundTree(canvas: Canvas, x: number, base: number, size: number, scene: Scene, detail: Random): void {
  const trunk: Rgb = lit([95, 70, 50], scene);
  canvas.rect(x - size * 0.05, base - size * 0.55, size * 0.1, size * 0.55, trunk);
  if (scene.season === 'winter') {
    line(canvas, x, base - size * 0.5, x - size * 0.25, base - size * 0.85, size * 0.03, trunk);
    line(canvas, x, base - size * 0.55, x + size * 0.22, base - size * 0.9, size * 0.03, trunk);
    return;
  }
  const [leaf, alt] = scene.foliage;
  const leaves = lit(detail() < 0.5 ? leaf : alt, scene);
  canvas.disc(x, base - size * 0.75, size * 0.36, leaves);
  canvas.disc(x - size * 0.18, base - size * 0.6, size * 0.25, shade(leaves, 0.85));
  canvas.disc(x + size * 0.16, base - size * 0.62, size * 0.22, shade(leaves, 1.08));
  if (scene.season === 'spring') {
    for (let i = 0; i < 8; i += 1) canvas.disc(x + (detail() - 0.5) * size * 0.6, base - size * (0.5 + detail() * 0.5), size * 0.04, [242, 188, 208]);
  }
}

function drawCactus(canvas: Canvas, x: number, base: number, size: number, scene: Scene): void {
  const green = lit([80, 120, 70], scene);
  canvas.rect(x - size * 0.05, base - size * 0.6, size * 0.1, size * 0.6, green);
  canvas.rect(x - size * 0.2, base - size * 0.4, size * 0.15, size * 0.06, green);
  canvas.rect(x - size * 0.2, base - size * 0.55, size * 0.06, size * 0.2, green);
}

function drawBackground(canvas: Canvas, scene: Scene, horizon: number, layout: Random, detail: Random): void {
  const { width, height } = canvas;
  const unit = Math.min(width, height);
  if (scene.mountains) drawMountains(canvas, scene, horizon, layout);
  switch (scene.setting) {
    case 'desert':
      drawHills(canvas, mix(scene.ground.far, scene.sky.horizon, 0.3), horizon, unit * 0.05, layout);
      break;
    case 'forest':
      for (let x = -unit * 0.05; x < width + unit * 0.05; x += unit * 0.035) {
        drawConifer(canvas, x + layout() * unit * 0.02, horizon + 2, unit * (0.12 + layout() * 0.08), lit(shade(scene.foliage[0], 0.7), scene), scene.season === 'winter');
      }
      break;
    case 'city': {
      const tone = mix(shade(scene.sky.horizon, 0.55), [110, 115, 125], 0.5);
      for (let x = 0; x < width; ) {
        const w = width * (0.05 + layout() * 0.07);
        const h = height * (0.08 + layout() * 0.22);
        canvas.rect(x, horizon - h, w - 2, h, shade(tone, 0.85 + layout() * 0.2));
        if (scene.sky.lit > 0.2) {
          for (let wy = horizon - h + 6; wy < horizon - 6; wy += 10) for (let wx = x + 4; wx < x + w - 8; wx += 9) if (detail() < scene.sky.lit * 0.5) canvas.rect(wx, wy, 4, 5, WINDOW_LIT);
        }
        x += w;
      }
      break;
    }
    case 'water':
      drawHills(canvas, mix(scene.ground.far, scene.sky.horizon, 0.45), horizon, unit * 0.035, layout);
      break;
    default:
      if (!scene.mountains) drawHills(canvas, mix(scene.ground.far, scene.sky.horizon, 0.35), horizon, unit * 0.06, layout);
  }
}

function drawGround(canvas: Canvas, scene: Scene, horizon: number, base: number): void {
  const { width, height } = canvas;
  if (scene.setting === 'water') {
    // A far shore, the water in front, and a near bank the building stands on.
    canvas.gradient(horizon, horizon + height * 0.02, lit(scene.ground.far, scene), lit(scene.ground.near, scene));
    canvas.gradient(horizon + height * 0.02, height, mix(scene.water, scene.sky.horizon, 0.35), scene.water);
    canvas.rect(0, base - height * 0.01, width, height * 0.035, lit(mix(scene.ground.near, [150, 140, 120], 0.4), scene));
    return;
  }
  const far = scene.setting === 'snow' || scene.season === 'winter' ? scene.ground.far : lit(scene.ground.far, scene);
  const near = scene.setting === 'snow' || scene.season === 'winter' ? shade(scene.ground.near, Math.max(0.75, scene.sky.light)) : lit(scene.ground.near, scene);
  canvas.gradient(horizon, height, far, near);
  if (scene.setting === 'city') {
    canvas.rect(0, base, width, height * 0.03, lit([170, 168, 162], scene));
    const lane = base + height * 0.12;
    for (let x = 0; x < width; x += width * 0.1) canvas.rect(x, lane, width * 0.05, Math.max(2, height * 0.006), [230, 225, 200]);
  }
  if (scene.setting === 'park') {
    canvas.polygon([[width * 0.45, base], [width * 0.55, base], [width * 0.75, height], [width * 0.25, height]], lit([200, 185, 150], scene));
  }
}

// ——— Buildings ———

interface Mass {
  x: number;
  base: number;
  width: number;
  height: number;
  depth: number;
  roof: 'flat' | 'gable' | 'spire' | 'slab';
  windows: 'grid' | 'ribbon' | 'few' | 'none';
  texture: Finish['texture'];
}

interface View {
  /** How much of the roof shows: more from above. */
  lift: number;
  heightScale: number;
  /** Worm's-eye: the front face narrows towards the top. */
  taper: number;
}

function viewFor(camera: Camera): View {
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

function planMasses(canvas: Canvas, scene: Scene, base: number, view: View, layout: Random): Mass[] {
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

function drawTexture(canvas: Canvas, mass: Mass, top: number, color: Rgb): void {
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
  for (let floor = 0; floor < floors; floor += 1) {
    for (let bay = 0; bay < bays; bay += 1) {
      const on = detail() < scene.sky.lit;
      const fill: Rgb = on ? WINDOW_LIT : glass;
      canvas.rect(x + bay * cellW + cellW * 0.15, y + floor * cellH + cellH * 0.18, cellW * 0.7, cellH * 0.6, fill);
    }
  }
}

function drawMass(canvas: Canvas, mass: Mass, scene: Scene, view: View, color: Rgb, detail: Random): void {
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

function drawBridge(canvas: Canvas, scene: Scene, base: number, color: Rgb, layout: Random): void {
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

function drawTreehouse(canvas: Canvas, scene: Scene, base: number, color: Rgb, layout: Random): void {
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

function drawForeground(canvas: Canvas, scene: Scene, base: number, detail: Random): void {
  const { width, height } = canvas;
  const unit = Math.min(width, height);
  const count = scene.setting === 'forest' ? 7 : scene.setting === 'park' ? 6 : scene.setting === 'desert' ? 3 : scene.setting === 'water' ? 2 : 3;
  for (let i = 0; i < count; i += 1) {
    const x = width * (i % 2 === 0 ? detail() * 0.22 : 0.78 + detail() * 0.22);
    const y = Math.min(height - 2, base + height * (0.02 + detail() * 0.12));
    const size = unit * (0.12 + detail() * 0.1);
    if (scene.setting === 'desert') drawCactus(canvas, x, y, size * 0.7, scene);
    else if (scene.setting === 'forest' || scene.setting === 'snow') drawConifer(canvas, x, y, size * 1.2, lit(shade(scene.foliage[0], 0.8), scene), scene.season === 'winter');
    else drawRoundTree(canvas, x, y, size, scene, detail);
  }
}

function drawWeather(canvas: Canvas, scene: Scene, detail: Random): void {
  const { width, height } = canvas;
  if (scene.season === 'monsoon') {
    const drop = mix(scene.sky.horizon, [235, 240, 245], 0.4);
    for (let i = 0; i < 260; i += 1) {
      const x = detail() * width;
      const y = detail() * height;
      line(canvas, x, y, x - height * 0.01, y + height * 0.04, 1.2, drop);
    }
  } else if (scene.season === 'winter' && !scene.interior) {
    for (let i = 0; i < 180; i += 1) canvas.disc(detail() * width, detail() * height, 1.5 + detail() * 1.5, [245, 247, 250]);
  }
}

function renderExterior(canvas: Canvas, scene: Scene, layout: Random, detail: Random): void {
  const { width, height } = canvas;
  const view = viewFor(scene.camera);
  let base: number;
  if (scene.camera === 'axonometric') {
    // No horizon: a drawing on a pale ground, the site as a plate.
    canvas.gradient(0, height, [238, 238, 234], [214, 218, 224]);
    base = height * 0.72;
    const plate = lit(scene.ground.near, scene);
    canvas.polygon([[width * 0.06, base + height * 0.06], [width * 0.2, base - height * 0.18], [width * 0.96, base - height * 0.18], [width * 0.82, base + height * 0.06]], plate);
    canvas.polygon([[width * 0.06, base + height * 0.06], [width * 0.82, base + height * 0.06], [width * 0.82, base + height * 0.09], [width * 0.06, base + height * 0.09]], shade(plate, 0.6));
  } else {
    const eye = scene.camera === 'aerial' ? 0.2 : scene.camera === 'worm' ? 0.9 : 0.56 + layout() * 0.1;
    const horizon = height * (scene.camera === 'eye' && scene.horizon !== null ? scene.horizon : eye);
    base = scene.camera === 'aerial' ? height * 0.72 : scene.camera === 'worm' ? height * 0.97 : Math.min(height * 0.92, horizon + height * 0.12);
    drawSky(canvas, scene, horizon, detail);
    drawBackground(canvas, scene, horizon, layout, detail);
    drawGround(canvas, scene, horizon, base);
    if (scene.camera === 'aerial') {
      // From above, the neighbourhood shows as a grid of plots and paths.
      for (let y = horizon + height * 0.05; y < height; y += height * 0.09) canvas.rect(0, y, width, Math.max(2, height * 0.006), lit(mix(scene.ground.near, [200, 195, 185], 0.5), scene));
    }
  }
  const color = scene.finish.color;
  if (scene.building === 'bridge') drawBridge(canvas, scene, base, color, layout);
  if (scene.building === 'treehouse') drawTreehouse(canvas, scene, base, color, layout);
  const masses = planMasses(canvas, scene, base, view, layout);
  const shadowTone = scene.setting === 'water' ? shade(scene.water, 0.7) : shade(lit(scene.ground.near, scene), 0.65);
  for (const mass of masses) {
    if (scene.setting === 'water' && scene.camera !== 'axonometric') {
      canvas.rect(mass.x, base + height * 0.025, mass.width, Math.min(mass.height * 0.6, height - base), mix(lit(color, scene), scene.water, 0.6));
    } else if (scene.sky.sun && scene.camera !== 'axonometric') {
      const reach = mass.height * 0.3;
      canvas.polygon([[mass.x, base], [mass.x + mass.width, base], [mass.x + mass.width - reach * (scene.sky.sun.x - 0.5), base + reach * 0.25], [mass.x - reach * (scene.sky.sun.x - 0.5), base + reach * 0.25]], shadowTone);
    }
  }
  for (const mass of masses) drawMass(canvas, mass, scene, view, color, detail);
  if (scene.camera !== 'axonometric') drawForeground(canvas, scene, base, detail);
  drawWeather(canvas, scene, detail);
}

// ——— Interiors ———

function roomKind(text: string): 'kitchen' | 'bedroom' | 'library' | 'office' | 'living' {
  if (/\bkitchen/.test(text)) return 'kitchen';
  if (/\bbedroom|\bbed\b/.test(text)) return 'bedroom';
  if (/\blibrar|\bbooks?\b|\bshelves|\breading/.test(text)) return 'library';
  if (/\boffice|\bworkspace|\bclassroom|\bdesk/.test(text)) return 'office';
  return 'living';
}

/** A box of furniture standing on the floor, front face and top, seen from the room's centre. */
function furniture(canvas: Canvas, x: number, y: number, w: number, h: number, top: number, color: Rgb): void {
  canvas.rect(x, y - top, w, top, shade(color, 1.15));
  canvas.rect(x, y, w, h, color);
}

function renderInterior(canvas: Canvas, scene: Scene, layout: Random, detail: Random): void {
  const { width, height } = canvas;
  const vx = width * (0.45 + layout() * 0.1);
  const vy = height * (scene.camera === 'worm' ? 0.62 : scene.camera === 'aerial' ? 0.3 : 0.46);
  const bw = width * 0.42;
  const bh = height * 0.42;
  const bx0 = vx - bw / 2;
  const bx1 = vx + bw / 2;
  const by0 = vy - bh * 0.5;
  const by1 = vy + bh * 0.5;
  const wallColor = scene.finish.color;
  const wall = lit(mix(wallColor, [240, 236, 228], scene.finish.texture === 'curtain' ? 0.6 : 0.15), scene, 1.05);
  const floorColor = lit(scene.prompt.includes('concrete floor') || scene.finish.texture === 'formwork' ? [150, 150, 146] : scene.finish.texture === 'blocks' ? [215, 210, 200] : [170, 120, 78], scene);
  const ceiling = shade(wall, 1.08);
  canvas.polygon([[0, 0], [width, 0], [bx1, by0], [bx0, by0]], ceiling);
  canvas.polygon([[0, height], [bx0, by1], [bx1, by1], [width, height]], floorColor);
  for (let i = 1; i < 10; i += 1) {
    const t = (i / 10) ** 1.6;
    const y = by1 + (height - by1) * t;
    canvas.rect(0, y, width, Math.max(1, height / 700), shade(floorColor, 0.85));
  }
  canvas.polygon([[0, 0], [bx0, by0], [bx0, by1], [0, height]], shade(wall, 0.78));
  canvas.polygon([[width, 0], [bx1, by0], [bx1, by1], [width, height]], shade(wall, 0.9));
  canvas.rect(bx0, by0, bw, bh, wall);
  drawTexture(canvas, { x: bx0, base: by1, width: bw, height: bh, depth: 0, roof: 'flat', windows: 'none', texture: scene.finish.texture === 'curtain' ? 'none' : scene.finish.texture }, by0, wall);
  // The window: sky, and the setting outside it.
  const glazed = scene.finish.texture === 'curtain';
  const wx0 = bx0 + bw * (glazed ? 0.04 : 0.18);
  const wx1 = bx1 - bw * (glazed ? 0.04 : 0.18);
  const wy0 = by0 + bh * (glazed ? 0.04 : 0.14);
  const wy1 = by1 - bh * (glazed ? 0.04 : 0.3);
  const outside = wy0 + (wy1 - wy0) * 0.62;
  for (let y = Math.round(wy0); y < outside; y += 1) canvas.span(y, wx0, wx1, mix(scene.sky.top, scene.sky.horizon, (y - wy0) / (outside - wy0)));
  const land = scene.setting === 'water' ? scene.water : scene.setting === 'snow' || scene.season === 'winter' ? scene.ground.near : lit(scene.ground.far, scene);
  canvas.rect(wx0, outside, wx1 - wx0, wy1 - outside, land);
  if (scene.setting === 'forest') for (let x = wx0; x < wx1 - 10; x += (wx1 - wx0) / 9) drawConifer(canvas, x + 8, outside + 2, (wy1 - wy0) * 0.45, lit(shade(scene.foliage[0], 0.7), scene), scene.season === 'winter');
  if (scene.setting === 'city') for (let x = wx0; x < wx1 - 6; x += (wx1 - wx0) / 7) canvas.rect(x + 2, outside - (wy1 - wy0) * (0.15 + detail() * 0.3), (wx1 - wx0) / 8, (wy1 - wy0) * 0.6, shade(scene.sky.horizon, 0.6));
  if (scene.sky.sun) canvas.disc(wx0 + (wx1 - wx0) * scene.sky.sun.x, wy0 + (outside - wy0) * scene.sky.sun.y, (wx1 - wx0) * 0.04, scene.sky.sun.color);
  const frame = shade(wall, 0.45);
  const bar = Math.max(2, width * 0.005);
  canvas.rect(wx0, wy0, wx1 - wx0, bar, frame);
  canvas.rect(wx0, wy1 - bar, wx1 - wx0, bar, frame);
  for (let i = 0; i <= 3; i += 1) canvas.rect(wx0 + ((wx1 - wx0 - bar) * i) / 3, wy0, bar, wy1 - wy0, frame);
  // Sunlight through the window on the floor, by day.
  if (scene.sky.light > 0.7 && scene.sky.sun) {
    const shift = (0.5 - scene.sky.sun.x) * width * 0.4;
    canvas.polygon([[wx0, by1], [wx1, by1], [wx1 + shift * 1.4, by1 + (height - by1) * 0.5], [wx0 + shift * 1.4, by1 + (height - by1) * 0.5]], mix(floorColor, [255, 240, 210], 0.35));
  }
  // Furniture, in the palette's colours.
  const accent = (i: number): Rgb => lit(scene.accents[i % scene.accents.length] ?? [150, 130, 110], scene);
  const kind = roomKind(scene.prompt);
  const floorY = by1 + (height - by1) * 0.45;
  if (kind === 'kitchen') {
    furniture(canvas, bx0, by1 - bh * 0.22, bw, bh * 0.22, bh * 0.03, accent(1));
    furniture(canvas, vx - width * 0.2, floorY - height * 0.12, width * 0.4, height * 0.14, height * 0.04, accent(0));
  } else if (kind === 'bedroom') {
    furniture(canvas, vx - width * 0.22, floorY - height * 0.08, width * 0.44, height * 0.1, height * 0.09, accent(2));
    canvas.rect(vx - width * 0.22, floorY - height * 0.2, width * 0.44, height * 0.04, accent(0));
  } else if (kind === 'library') {
    for (const side of [0, 1] as const) {
      const x0 = side === 0 ? width * 0.02 : width * 0.8;
      for (let shelf = 0; shelf < 6; shelf += 1) {
        const y = height * (0.14 + shelf * 0.11);
        canvas.rect(x0, y + height * 0.08, width * 0.18, height * 0.012, shade(floorColor, 0.7));
        for (let bx = x0; bx < x0 + width * 0.17; bx += width * 0.012) canvas.rect(bx, y + height * (0.02 + detail() * 0.02), width * 0.01, height * 0.06, accent(Math.floor(detail() * 4)));
      }
    }
    furniture(canvas, vx - width * 0.16, floorY - height * 0.06, width * 0.32, height * 0.1, height * 0.03, shade(floorColor, 0.8));
  } else if (kind === 'office') {
    for (let i = 0; i < 3; i += 1) furniture(canvas, width * (0.14 + i * 0.26), floorY - height * 0.05 + i * 4, width * 0.2, height * 0.09, height * 0.025, accent(i));
  } else {
    canvas.polygon([[vx - width * 0.28, floorY + height * 0.12], [vx - width * 0.18, floorY - height * 0.04], [vx + width * 0.18, floorY - height * 0.04], [vx + width * 0.28, floorY + height * 0.12]], accent(2));
    furniture(canvas, vx - width * 0.26, floorY - height * 0.16, width * 0.34, height * 0.1, height * 0.06, accent(0));
    furniture(canvas, vx + width * 0.02, floorY + height * 0.01, width * 0.16, height * 0.05, height * 0.02, accent(1));
  }
  // A lamp, on when the light outside is low.
  const lampX = width * (0.8 + layout() * 0.08);
  canvas.rect(lampX - 2, by1 - bh * 0.1, 4, height * 0.28, shade(wall, 0.4));
  if (scene.sky.lit > 0.3) canvas.disc(lampX, by1 - bh * 0.12, width * 0.05, mix(WINDOW_LIT, wall, 0.3));
  canvas.disc(lampX, by1 - bh * 0.12, width * 0.025, scene.sky.lit > 0.3 ? WINDOW_LIT : shade(wall, 0.9));
  drawWeather(canvas, { ...scene, season: scene.season === 'monsoon' ? 'summer' : scene.season }, detail);
}

/** Renders the scene for one view as raw RGBA; `look` is what the input images gave, if any. */
export function renderPreviewScene(request: ViewRequest, look: InputLook | null = null): { pixels: Uint8Array; width: number; height: number } {
  const { width, height } = outputSize(request.aspectRatio, request.resolution);
  const { basePrompt } = readConversation(request.prompt, request.history);
  const seedMix = Math.imul(request.seed, 0x9e3779b1);
  const layout = prng(hashText(basePrompt) ^ seedMix);
  const detail = prng(hashText(request.prompt) ^ seedMix ^ 0x5bd1e995);
  const canvas = new Canvas(width, height);
  const scene = settle(request, look, layout);
  if (scene.interior) renderInterior(canvas, scene, layout, detail);
  else renderExterior(canvas, scene, layout, detail);
  return { pixels: canvas.pixels, width, height };
}

export const previewEngine: ImageEngine = {
  name: 'preview',
  parallelViews: false,
  async generateView(request: ViewRequest): Promise<ViewResult> {
    const look = request.images.length > 0 ? readInputs(request.images) : null;
    const scene = renderPreviewScene(request, look);
    return { ok: true, image: { kind: 'rgba', ...scene } };
  },
};
