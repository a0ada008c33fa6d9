/** The preview engine's scene: its random sources, palettes and the settled Scene every painter reads. */
import { mix, shade, type Rgb } from './canvas';
import type { ObjectKind } from './object-reading';
import type { InputLook } from './preview-inputs';
import type { Shot } from './preview-shots';
import type { BuildingType, Material, SceneReading, Season, Setting, TimeOfDay } from './scene-reading';

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

export const WINDOW_LIT: Rgb = [255, 205, 120];

export interface Finish {
  material: Material;
  color: Rgb;
  texture: 'coursing' | 'strata' | 'boards' | 'poles' | 'formwork' | 'curtain' | 'blocks' | 'rubble' | 'panels' | 'none';
}

const finish = (material: Material, color: Rgb, texture: Finish['texture']): Finish => ({ material, color, texture });

export const FINISHES: Record<Material, Finish> = {
  brick: finish('brick', [168, 78, 56], 'coursing'),
  terracotta: finish('terracotta', [200, 112, 72], 'panels'),
  marble: finish('marble', [238, 235, 228], 'blocks'),
  glass: finish('glass', [105, 150, 180], 'curtain'),
  timber: finish('timber', [165, 112, 68], 'boards'),
  bamboo: finish('bamboo', [196, 168, 102], 'poles'),
  concrete: finish('concrete', [172, 172, 166], 'formwork'),
  stone: finish('stone', [190, 178, 152], 'rubble'),
  earth: finish('earth', [184, 124, 86], 'strata'),
  steel: finish('steel', [118, 124, 134], 'panels'),
  render: finish('render', [234, 230, 222], 'none'),
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
  rain: [[58, 112, 64], [50, 98, 58]],
  mist: [[96, 126, 102], [110, 134, 112]],
};

type RoomKind = 'kitchen' | 'bedroom' | 'library' | 'office' | 'dining' | 'living';

/** The room a prompt describes, from its room words (its furniture comes from the objects). */
function roomKind(text: string): RoomKind {
  if (/\bkitchen/.test(text)) return 'kitchen';
  if (/\bbedroom|\bbed\b/.test(text)) return 'bedroom';
  if (/\blibrar|\breading room|\bstudy\b|\bbooks\b/.test(text)) return 'library';
  if (/\boffice|\bworkspace|\bclassroom|\bdesk/.test(text)) return 'office';
  if (/\bdining room/.test(text)) return 'dining';
  return 'living';
}

/** What a room holds when the prompt names nothing else. */
const ROOM_OBJECTS: Record<RoomKind, readonly ObjectKind[]> = {
  kitchen: ['kitchen'],
  bedroom: ['bed', 'rug'],
  library: ['bookshelf', 'desk'],
  office: ['desk'],
  dining: ['dining-table', 'pendant'],
  living: ['sofa', 'rug'],
};

/** Everything the painter needs, settled from the reading, the defaults and the input images. */
export interface Scene {
  interior: boolean;
  building: BuildingType;
  room: RoomKind;
  setting: Setting;
  mountains: boolean;
  /** The main finish, and every named one after it (the main one first). */
  finish: Finish;
  finishes: readonly [Finish, ...Finish[]];
  /** Objects to draw: the room's usual furniture and what the words ask for. */
  objects: ReadonlySet<ObjectKind>;
  /** Objects the words take away, the usual trees among them. */
  removed: ReadonlySet<ObjectKind>;
  sky: Sky;
  season: Season;
  shot: Shot;
  ground: Ground;
  foliage: readonly [Rgb, Rgb];
  water: Rgb;
  /** Accent colours for furniture and details: the input images' palette when given. */
  accents: readonly Rgb[];
  /**
   * The colour a region edit names for the one object it draws (preview-edit.ts): a car's body,
   * a piece of furniture's first accent. Scenes of a whole view have none.
   */
  bodyColour?: Rgb;
  horizon: number | null;
  prompt: string;
  /**
   * The scene's random sources, one per name: every choice draws from its own, so adding an
   * object or changing a material never moves anything else (a refinement keeps the rest).
   */
  random: (name: string) => Random;
}

/** The random sources of one design: the same for every view of it and every refinement of it. */
function designRandom(designSeed: number): (name: string) => Random {
  return (name) => prng(designSeed ^ hashText(name));
}

export interface SceneInputs {
  reading: SceneReading;
  /** All the words of the conversation, lower case. */
  text: string;
  shot: Shot;
  designSeed: number;
  look: InputLook | null;
}

export function settle({ reading, text, shot, designSeed, look }: SceneInputs): Scene {
  const random = designRandom(designSeed);
  const building = reading.building ?? 'block';
  const interior = reading.space === 'interior';
  const defaultSetting: Setting = building === 'bridge' ? 'water' : building === 'tower' ? 'city' : building === 'cabin' || building === 'treehouse' ? 'forest' : reading.season === 'winter' ? 'snow' : 'meadow';
  const setting = reading.setting ?? defaultSetting;
  const season = reading.season ?? (setting === 'snow' ? 'winter' : 'summer');
  const time = reading.time ?? pick(random('time'), ['morning', 'noon', 'golden', 'morning']);
  const materials: readonly Material[] = reading.materials.length > 0 ? reading.materials : [pick(random('material'), DEFAULT_MATERIAL[building])];
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
  let finishes = materials.map((material) => FINISHES[material]) as [Finish, ...Finish[]];
  let water: Rgb = mix([32, 86, 150], sky.top, 0.3);
  let accents: Rgb[] = [[180, 150, 120], [80, 90, 105], [200, 190, 170], [140, 60, 50]];
  if (look) {
    sky = { ...sky, top: mix(sky.top, look.upper, 0.55), horizon: mix(sky.horizon, look.upper, 0.45) };
    ground = { far: mix(ground.far, look.lower, 0.5), near: mix(ground.near, look.lower, 0.6) };
    finishes = finishes.map((entry) => ({ ...entry, color: mix(entry.color, look.palette[1] ?? look.lower, 0.4) })) as [Finish, ...Finish[]];
    water = mix(water, look.upper, 0.3);
    accents = look.palette.length > 0 ? [...look.palette] : accents;
  }
  if (season === 'spring' && /\b(cherry|blossom)/.test(text)) accents = [[240, 182, 204], ...accents];
  const room = roomKind(text);
  const named = Object.entries(reading.objects) as [ObjectKind, boolean][];
  const removed = new Set(named.flatMap(([kind, present]) => (present ? [] : [kind])));
  const objects = new Set([...(interior ? ROOM_OBJECTS[room] : []), ...named.flatMap(([kind, present]) => (present ? [kind] : []))].filter((kind) => !removed.has(kind)));
  return {
    interior,
    building,
    room,
    setting,
    mountains: reading.mountains || setting === 'snow',
    finish: finishes[0],
    finishes,
    objects,
    removed,
    sky,
    season,
    shot,
    ground,
    foliage: FOLIAGE[season],
    water,
    accents,
    horizon: look ? Math.min(0.8, Math.max(0.3, look.horizon)) : null,
    prompt: text,
    random,
  };
}

export function lit(color: Rgb, scene: Scene, factor = 1): Rgb {
  const { light, tint } = scene.sky;
  return [color[0] * light * tint[0] * factor, color[1] * light * tint[1] * factor, color[2] * light * tint[2] * factor];
}
