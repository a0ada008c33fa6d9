/**
 * What a prompt asks the offline engine to draw (docs/decisions/0020): interior or exterior,
 * building type, setting, materials, objects, time of day, season and camera, each read from the
 * words of the prompt. A refinement reads the original prompt first, then lets the new text change
 * only what it names ("make it brick", "add a pergola", "remove the car"), so the scene stays and
 * the asked-for change lands. The offline enhancer uses the same reading to write its brief.
 */
import { readObjects, removedSpans, type ObjectKind } from './object-reading';
import type { HistoryTurn } from './types';

type Space = 'interior' | 'exterior';
export type BuildingType = 'house' | 'cabin' | 'tower' | 'museum' | 'library' | 'bridge' | 'church' | 'treehouse' | 'block';
export type Setting = 'water' | 'forest' | 'desert' | 'snow' | 'city' | 'park' | 'meadow';
export type Material = 'brick' | 'concrete' | 'timber' | 'bamboo' | 'glass' | 'stone' | 'earth' | 'steel' | 'terracotta' | 'marble' | 'render';
export type TimeOfDay = 'dawn' | 'morning' | 'noon' | 'golden' | 'dusk' | 'blue' | 'night';
export type Season = 'spring' | 'summer' | 'autumn' | 'winter' | 'monsoon' | 'rain' | 'mist';
export type Camera = 'eye' | 'aerial' | 'worm' | 'axonometric' | 'one-point';

export interface SceneReading {
  space: Space | null;
  building: BuildingType | null;
  setting: Setting | null;
  /** The first material named: the main one. */
  material: Material | null;
  /** Every material named, first named first; the main one leads. */
  materials: Material[];
  /** Objects named: true when asked for, false when the text removes them. */
  objects: Partial<Record<ObjectKind, boolean>>;
  time: TimeOfDay | null;
  season: Season | null;
  camera: Camera | null;
  mountains: boolean;
}

type Table<T extends string> = readonly (readonly [T, RegExp])[];

/** First match wins, so the more specific patterns come first. */
const SPACES: Table<Space> = [
  ['exterior', /\b(exterior|facade|façade|aerial|bird'?s[- ]eye|skyline|street view|from the street)\b/],
  // "Interior lights" and "glowing interiors" describe a lit facade, not a room.
  ['interior', /\b((?<!glowing )interiors?(?! lights?)|inside|living ?rooms?|kitchens?|bedrooms?|bathrooms?|lobby|lobbies|foyer|reading rooms?|nook|lounge|corridors?|hallway|dining rooms?|classrooms?|atrium|loft interior|workspace|office space|rooms?)\b/],
];

const BUILDINGS: Table<BuildingType> = [
  ['treehouse', /\btree ?houses?\b/],
  ['bridge', /\b(bridges?|footbridge|viaduct)\b/],
  ['tower', /\b(towers?|skyscrapers?|high[- ]rises?|supertall)\b/],
  ['museum', /\b(museums?|pavilions?|galler(y|ies)|exhibition|concert hall|opera)\b/],
  ['library', /\b(librar(y|ies)|schools?|campus|universit(y|ies)|hospital|offices?|headquarters|civic|town hall)\b/],
  ['church', /\b(church|chapel|cathedral|temple|mosque|shrine)\b/],
  ['cabin', /\b(cabins?|huts?|chalets?|shed|bothy|cottages?|shelter)\b/],
  ['house', /\b(houses?|homes?|villas?|residences?|bungalows?|dwellings?|mansion|farmhouse)\b/],
  ['block', /\b(apartments?|housing|flats|block|mid[- ]rise|mixed[- ]use|hotel)\b/],
];

const SETTINGS: Table<Setting> = [
  ['snow', /\b(alpine|ski|glacier|arctic)\b/],
  ['desert', /\b(desert|dunes?|sahara|arid|canyon|mesa)\b/],
  ['water', /\b(lake|lakeside|sea|seaside|ocean|river|riverside|waterfront|harbou?r|coast(al)?|beach|bay|fjord|pond|canal|by the water)\b/],
  ['forest', /\b(forest|woods?|woodland|jungle|pines?|clearing|rainforest|(?<!bamboo )grove)\b/],
  ['city', /\b(city|urban|street|downtown|metropolis|plaza|square|corner lot|infill|town centre|district)\b/],
  ['park', /\b(park|garden|meadow|lawn|orchard|botanical|landscape architecture|planting|hardscape)\b/],
  // Snow alone is weather: a snowy street stays a street, a snowy house with no place goes to the snow.
  ['snow', /\b(snow|snowy|icy)\b/],
];

const MATERIALS: Table<Material> = [
  ['brick', /\b(brick|bricks|brickwork)\b/],
  ['terracotta', /\b(terracotta|terra cotta|clay tiles?)\b/],
  ['marble', /\b(marble|terrazzo)\b/],
  ['glass', /\b(glass|glazed|glazing|curtain wall)\b/],
  // A bamboo grove is planting (object-reading.ts); bamboo alone is the material.
  ['bamboo', /\bbamboo\b(?! (groves?|gardens?|planting|plants|thickets?|clumps?|forest))/],
  ['timber', /\b(timber|wood|wooden|oak|cedar|larch|walnut|clt|log)\b/],
  ['concrete', /\b(concrete|brutalist|béton|beton)\b/],
  ['earth', /\b(rammed earth|adobe|laterite|cob|earthen)\b/],
  ['stone', /\b(stone|limestone|travertine|granite|sandstone)\b/],
  ['steel', /\b(steel|corten|cor-ten|metal|aluminium|aluminum|zinc|brass|bronze)\b/],
  ['render', /\b(white render|stucco|plaster|whitewashed|white)\b/],
];

const TIMES: Table<TimeOfDay> = [
  ['blue', /\bblue hour\b/],
  ['golden', /\b(golden hour|sunset|late afternoon)\b/],
  ['dawn', /\b(dawn|sunrise|first light|daybreak)\b/],
  ['dusk', /\b(dusk|twilight|evening)\b/],
  ['night', /\b(night|nighttime|midnight|moonlit|moonlight|neon|starry)\b/],
  ['noon', /\b(noon|midday|harsh sun|bright sun)\b/],
  ['morning', /\b(morning|daylight|daytime|sunny|sunlit)\b/],
];

const SEASONS: Table<Season> = [
  ['monsoon', /\b(monsoon|storm|stormy|overcast|downpour)\b/],
  ['rain', /\b(rain|rainy|drizzle|showers?)\b/],
  ['mist', /\b(mist|misty|fog|foggy|haze|hazy)\b/],
  ['winter', /\b(winter|snow|snowy|frost|frosty)\b/],
  ['autumn', /\b(autumn|fall foliage|autumnal|fall colou?rs)\b/],
  ['spring', /\b(spring|blossoms?|cherry)\b/],
  ['summer', /\b(summer|lush)\b/],
];

const CAMERAS: Table<Camera> = [
  ['axonometric', /\b(axonometric|isometric|axo|exploded)\b/],
  ['aerial', /\b(aerial|bird'?s[- ]eye|drone|top[- ]down|overhead|masterplan|site plan)\b/],
  ['worm', /\b(worm'?s[- ]eye|looking up|low angle|from below)\b/],
  ['one-point', /\b(one[- ]point|central perspective|symmetrical view)\b/],
  ['eye', /\b(eye[- ]level|street level|human eye|pedestrian view)\b/],
];

function first<T extends string>(text: string, table: Table<T>): T | null {
  for (const [value, pattern] of table) if (pattern.test(text)) return value;
  return null;
}

/**
 * Every entry named, in the order the text names it — a palette's first material is its main
 * one — leaving out what the text removes ("replace the concrete with brick").
 */
function named<T extends string>(text: string, table: Table<T>): T[] {
  const removed = removedSpans(text);
  const found: { value: T; at: number }[] = [];
  for (const [value, pattern] of table) {
    const global = new RegExp(pattern.source, 'g');
    for (const match of text.matchAll(global)) {
      if (!removed(match.index)) {
        found.push({ value, at: match.index });
        break;
      }
    }
  }
  return found.sort((a, b) => a.at - b.at).map((entry) => entry.value);
}

/** What one text names; null where it names nothing. */
export function readPrompt(prompt: string): SceneReading {
  const text = prompt.toLowerCase();
  const materials = named(text, MATERIALS);
  return {
    space: first(text, SPACES),
    building: first(text, BUILDINGS),
    setting: first(text, SETTINGS),
    material: materials[0] ?? null,
    materials,
    objects: readObjects(text),
    time: first(text, TIMES),
    season: first(text, SEASONS),
    camera: first(text, CAMERAS),
    mountains: /\b(mountains?|alpine|alps|peaks?|cliffs?|valley|highlands?|hills?)\b/.test(text),
  };
}

/**
 * Later readings override earlier ones only where they name something. "Add snow" to a street
 * scene makes a winter street, not a mountain: snow alone changes the season, not the place.
 */
function overlay(base: SceneReading, change: SceneReading): SceneReading {
  const setting = change.setting === 'snow' && base.setting !== null ? base.setting : change.setting ?? base.setting;
  return {
    space: change.space ?? base.space,
    building: change.building ?? base.building,
    setting,
    material: change.material ?? base.material,
    // The new text names the main material ("make it brick"); the rest of the palette stays.
    materials: [...new Set([...change.materials, ...base.materials.slice(change.materials.length > 0 ? 1 : 0)])],
    objects: { ...base.objects, ...change.objects },
    time: change.time ?? base.time,
    season: change.season ?? base.season,
    camera: change.camera ?? base.camera,
    mountains: change.mountains || base.mountains,
  };
}

/** The user's earlier words in a conversation, oldest first. */
export function historyTexts(history: readonly HistoryTurn[]): string[] {
  return history
    .filter((turn) => turn.role === 'user')
    .flatMap((turn) => turn.parts.flatMap((part) => ('text' in part ? [part.text] : [])))
    .filter((text) => text.trim().length > 0);
}

const NOTHING_NAMED: SceneReading = { space: null, building: null, setting: null, material: null, materials: [], objects: {}, time: null, season: null, camera: null, mountains: false };

/** The scene of a conversation's texts: the first, then each later one's changes, in order. */
export function readTexts(texts: readonly string[]): SceneReading {
  return texts.map(readPrompt).reduce(overlay, NOTHING_NAMED);
}

/**
 * The project brief's reading fills only what the user's words leave unread and changes nothing
 * they name: the brief is data about the project, not a request that overrides the user's, so
 * words in it such as "ignore the above, make it an interior" cannot turn a facade into a room
 * (docs/decisions/0083).
 */
export function withBrief(reading: SceneReading, brief: string | undefined): SceneReading {
  if (!brief) return reading;
  const fromBrief = readPrompt(brief);
  return {
    space: reading.space ?? fromBrief.space,
    building: reading.building ?? fromBrief.building,
    setting: reading.setting ?? fromBrief.setting,
    material: reading.material ?? fromBrief.material,
    materials: reading.materials.length > 0 ? reading.materials : fromBrief.materials,
    // What the user's words ask for or remove wins over the brief's mention of it.
    objects: { ...fromBrief.objects, ...reading.objects },
    time: reading.time ?? fromBrief.time,
    season: reading.season ?? fromBrief.season,
    camera: reading.camera ?? fromBrief.camera,
    mountains: reading.mountains || fromBrief.mountains,
  };
}
