/** The preview engine's scene: its random sources, palettes and the settled Scene every painter reads. */
import { mix, shade, type Rgb } from './canvas';
import { type InputLook } from './preview-inputs';
import { readConversation, withBrief, type BuildingType, type Camera, type Material, type Season, type Setting, type TimeOfDay } from './scene-reading';
import type { ViewRequest } from './types';

/** FNV-1a: a stable 32-bit hash of the prompt. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: small, fast and good enough for picking shapes and colours. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;

export function pick<T>(random: Random, items: readonly [T, ...T[]]): T {
  return items[Math.floor(random() * items.length)] ?? items[0];
}

export interface Sky {
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

export const SKIES: Record<TimeOfDay, Sky> = {
  dawn: { top: [80, 90, 150], horizon: [250, 185, 160], sun: { x: 0.18, y: 0.88, color: [255, 225, 190] }, light: 0.8, tint: [1.05, 0.95, 0.95], lit: 0.3, stars: false },
  morning: { top: [85, 145, 215], horizon: [200, 225, 245], sun: { x: 0.28, y: 0.45, color: [255, 250, 230] }, light: 1, tint: [1, 1, 1], lit: 0.08, stars: false },
  noon: { top: [50, 115, 210], horizon: [170, 205, 240], sun: { x: 0.55, y: 0.12, color: [255, 255, 240] }, light: 1.08, tint: [1, 1, 1], lit: 0.04, stars: false },
  golden: { top: [95, 110, 170], horizon: [255, 185, 105], sun: { x: 0.78, y: 0.8, color: [255, 220, 150] }, light: 0.95, tint: [1.12, 0.98, 0.8], lit: 0.25, stars: false },
  dusk: { top: [45, 50, 110], horizon: [235, 125, 90], sun: { x: 0.86, y: 0.97, color: [255, 170, 110] }, light: 0.62, tint: [1.05, 0.9, 0.9], lit: 0.6, stars: false },
  blue: { top: [18, 32, 88], horizon: [70, 105, 175], sun: null, light: 0.45, tint: [0.85, 0.92, 1.15], lit: 0.8, stars: false },
  night: { top: [4, 6, 22], horizon: [22, 30, 62], sun: { x: 0.8, y: 0.2, color: [230, 232, 220] }, light: 0.3, tint: [0.8, 0.85, 1.1], lit: 0.75, stars: true },
};

export const WINDOW_LIT: Rgb = [255, 205, 120];

export interface Finish {
  color: Rgb;
  texture: 'coursing' | 'boards' | 'formwork' | 'curtain' | 'blocks' | 'panels' | 'none';
}

export const FINISHES: Record<Material, Finish> = {
  brick: { color: [168, 78, 56], texture: 'coursing' },
  terracotta: { color: [200, 112, 72], texture: 'panels' },
  marble: { color: [238, 235, 228], texture: 'blocks' },
  glass: { color: [105, 150, 180], texture: 'curtain' },
  timber: { color: [165, 112, 68], texture: 'boards' },
  concrete: { color: [172, 172, 166], texture: 'formwork' },
  stone: { color: [190, 178, 152], texture: 'blocks' },
  earth: { color: [184, 124, 86], texture: 'coursing' },
  steel: { color: [118, 124, 134], texture: 'panels' },
  render: { color: [234, 230, 222], texture: 'none' },
};

export const DEFAULT_MATERIAL: Record<BuildingType, readonly [Material, ...Material[]]> = {
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

export interface Ground {
  far: Rgb;
  near: Rgb;
}

export const GROUNDS: Record<Setting, Ground> = {
  meadow: { far: [140, 165, 110], near: [88, 126, 66] },
  park: { far: [130, 172, 100], near: [76, 138, 66] },
  forest: { far: [70, 98, 62], near: [52, 82, 46] },
  desert: { far: [232, 204, 158], near: [212, 176, 124] },
  snow: { far: [222, 228, 236], near: [242, 244, 248] },
  city: { far: [140, 140, 146], near: [92, 92, 98] },
  water: { far: [120, 140, 100], near: [104, 128, 86] },
};

export const FOLIAGE: Record<Season, readonly [Rgb, Rgb]> = {
  spring: [[120, 176, 90], [240, 182, 204]],
  summer: [[62, 122, 56], [48, 100, 46]],
  autumn: [[206, 116, 40], [226, 172, 52]],
  winter: [[120, 138, 128], [236, 240, 244]],
  monsoon: [[48, 102, 62], [40, 88, 54]],
  rain: [[58, 112, 64], [50, 98, 58]],
  mist: [[96, 126, 102], [110, 134, 112]],
};

/** Everything the painter needs, settled from the reading, the defaults and the input images. */
export interface Scene {
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

export function settle(request: ViewRequest, look: InputLook | null, layout: Random): Scene {
  const reading = withBrief(readConversation(request.prompt, request.history).reading, request.brief);
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
  } else if (season === 'rain') {
    const grey: Rgb = [168, 174, 182];
    sky = { ...sky, top: mix(sky.top, shade(grey, 0.85), 0.55), horizon: mix(sky.horizon, grey, 0.55), sun: null, light: sky.light * 0.85, lit: Math.max(sky.lit, 0.25) };
  } else if (season === 'mist') {
    const haze: Rgb = [222, 224, 226];
    sky = { ...sky, top: mix(sky.top, haze, 0.6), horizon: mix(sky.horizon, haze, 0.75), sun: sky.sun && { ...sky.sun, color: mix(sky.sun.color, haze, 0.5) }, light: sky.light * 0.9 };
  } else if (season === 'winter') {
    sky = { ...sky, top: mix(sky.top, [190, 200, 215], 0.25), horizon: mix(sky.horizon, [235, 238, 242], 0.3) };
  }
  let ground = { ...GROUNDS[setting] };
  if (season === 'winter' && setting !== 'desert') ground = setting === 'city' ? { far: [205, 208, 214], near: [180, 184, 190] } : { ...GROUNDS.snow };
  if (season === 'autumn' && (setting === 'meadow' || setting === 'park' || setting === 'forest')) ground = { far: mix(ground.far, [190, 150, 80], 0.5), near: mix(ground.near, [150, 110, 55], 0.5) };
  if (season === 'monsoon') ground = { far: shade(ground.far, 0.8), near: shade(ground.near, 0.7) };
  // Wet ground: darker, and picking up the grey of the sky.
  if (season === 'rain') ground = { far: mix(shade(ground.far, 0.85), sky.horizon, 0.2), near: mix(shade(ground.near, 0.7), sky.horizon, 0.25) };
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

export function lit(color: Rgb, scene: Scene, factor = 1): Rgb {
  const { light, tint } = scene.sky;
  return [color[0] * light * tint[0] * factor, color[1] * light * tint[1] * factor, color[2] * light * tint[2] * factor];
}
