/**
 * The offline text helpers (docs/decisions/0021): a rule-based classifier over architectural
 * vocabulary, and an enhancer that rewrites a valid prompt into a brief — site, massing,
 * materials, light, camera — from what the preview engine's reading recognised in it, keeping
 * the user's words first. A prompt the classifier refuses is refused by the enhancer too.
 */
import { instructionPhrase } from '#shared/brief';
import { projectMessages, promptMessages } from '#shared/messages';
import { PROMPT_MAX_CHARS } from '#shared/limits';
import { AppError } from '../../platform/errors';
import { readPrompt, type BuildingType, type Camera, type Material, type Season, type SceneReading, type Setting, type TimeOfDay } from './scene-reading';
import type { PromptVerdict, TextEngine } from './types';

/** Words that place a prompt in architecture, interiors, landscape or the built environment. */
const ARCHITECTURE = [
  'architecture', 'architectural', 'building', 'house', 'home', 'villa', 'cabin', 'cottage', 'mansion',
  'apartment', 'flat', 'loft', 'tower', 'skyscraper', 'facade', 'façade', 'interior', 'exterior', 'room',
  'kitchen', 'bathroom', 'bedroom', 'living room', 'lobby', 'hall', 'office', 'studio', 'library', 'museum',
  'gallery', 'school', 'campus', 'hospital', 'hotel', 'restaurant', 'cafe', 'café', 'shop', 'store', 'mall',
  'station', 'airport', 'terminal', 'bridge', 'pavilion', 'temple', 'church', 'cathedral', 'mosque',
  'chapel', 'castle', 'palace', 'fort', 'stadium', 'arena', 'theatre', 'theater', 'warehouse', 'factory',
  'barn', 'courtyard', 'atrium', 'patio', 'terrace', 'balcony', 'roof', 'rooftop', 'staircase', 'stair',
  'corridor', 'garden', 'landscape', 'park', 'plaza', 'square', 'street', 'urban', 'city', 'town',
  'village', 'neighbourhood', 'neighborhood', 'masterplan', 'site plan', 'floor plan', 'elevation',
  'section', 'concrete', 'brick', 'timber', 'glass', 'steel', 'brutalist', 'modernist', 'minimalist',
  'gothic', 'baroque', 'bauhaus', 'parametric', 'cantilever', 'column', 'arch', 'dome', 'vault', 'window',
  'door', 'wall', 'floor', 'ceiling', 'furniture', 'sofa', 'lounge', 'residence', 'residential',
  'commercial', 'dwelling', 'shelter', 'hut', 'chalet', 'bungalow', 'duplex', 'penthouse', 'retreat',
  'resort', 'spa', 'pool', 'structure', 'construction', 'render', 'visualisation', 'visualization',
  'design', 'space', 'habitat', 'greenhouse', 'observatory', 'lighthouse', 'pier', 'harbour', 'harbor',
  'boardwalk', 'pergola', 'gazebo', 'fountain', 'monument', 'memorial',
];

/** Subjects the validator rejects when nothing architectural comes with them. */
const OFF_TOPIC = [
  'portrait', 'selfie', 'face', 'headshot', 'person', 'man', 'woman', 'girl', 'boy', 'baby', 'celebrity',
  'cat', 'dog', 'puppy', 'kitten', 'horse', 'bird', 'animal', 'pet', 'lion', 'tiger', 'fish', 'dragon',
  'unicorn', 'monster', 'anime', 'superhero', 'wizard', 'sunset', 'ocean', 'beach', 'mountain', 'forest',
  'flower', 'tree', 'sky', 'galaxy', 'planet', 'food', 'pizza', 'car', 'logo', 'meme',
];

function containsTerm(text: string, term: string): boolean {
  return new RegExp(`(^|[^\\p{L}])${term}(s|es)?($|[^\\p{L}])`, 'u').test(text);
}

function matches(text: string, terms: readonly string[]): number {
  return terms.filter((term) => containsTerm(text, term)).length;
}

/** Compounds that name a building: treehouse, boathouse, watchtower, homestead… */
const COMPOUND_BUILDING =
  /\b(tree|boat|farm|town|bath|tea|guest|play|bird|dog|club|round|long|gate|summer|court|school|glass|store|coach|pump|ice|row|wash|opera|meeting|alms|gingerbread)[- ]?houses?\b|\b(watch|clock|bell|water)[- ]?towers?\b|\b(home|farm)steads?\b/;

/** Subjects that stay off-topic unless the prompt is clearly about a building as well. */
const PORTRAIT = /\b(portraits?|selfies?|headshots?)\b/;

/**
 * Judges a prompt's subject by its words. The project brief's words (`brief`) never make a prompt
 * valid; a brief that speaks to the model makes it invalid (docs/decisions/0083).
 */
export function classifyOffline(prompt: string, brief = ''): PromptVerdict {
  if (brief && instructionPhrase(brief) !== null) {
    return { isValid: false, feedback: projectMessages.briefGivesInstructions, suggestions: [], confidence: 'high' };
  }
  const text = prompt.toLowerCase();
  const architectural = matches(text, ARCHITECTURE) + (COMPOUND_BUILDING.test(text) ? 1 : 0);
  if (architectural > 0 && !(PORTRAIT.test(text) && architectural < 2)) {
    return {
      isValid: true,
      feedback: promptMessages.architecturalOk,
      suggestions: [],
      confidence: architectural >= 2 ? 'high' : 'medium',
    };
  }
  const offTopic = matches(text, OFF_TOPIC) > 0;
  return {
    isValid: false,
    feedback: offTopic ? promptMessages.notArchitectural : promptMessages.unclear,
    suggestions: [...promptMessages.offTopicSuggestions],
    confidence: offTopic ? 'high' : 'medium',
  };
}

const SITES: Record<Setting, string> = {
  water: "site: at the water's edge, the building mirrored in still water",
  forest: 'site: a clearing among tall trees, dappled light through the canopy',
  desert: 'site: open desert ground, low dunes and a wide sky',
  snow: 'site: a snow-covered landscape with mountains behind',
  city: 'site: a city street, neighbours on either side and a pavement in front',
  park: 'site: a landscaped park with lawns, paths and mature trees',
  meadow: 'site: a gently sloping meadow',
};

const MASSING: Record<BuildingType, string> = {
  house: 'massing: a two-storey house with a pitched roof and a lower side wing',
  cabin: 'massing: a compact single-volume cabin under a steep gabled roof',
  tower: 'massing: a slender tower rising from a low podium',
  museum: 'massing: a long low volume under a cantilevered roof slab, one solid box rising above it',
  library: 'massing: a wide civic block with a regular rhythm of windows and a second wing',
  bridge: 'massing: a long deck carried by two pylons and fanned cables',
  church: 'massing: a gabled nave with a tall tower and spire',
  treehouse: 'massing: a small timber room on a platform in the crown of a large tree',
  block: 'massing: a group of mid-rise blocks stepping along the site',
};

const MATERIAL_TEXT: Record<Material, string> = {
  brick: 'materials: warm red brick with visible coursing',
  terracotta: 'materials: terracotta panels in a vertical rhythm',
  marble: 'materials: pale polished marble',
  glass: 'materials: a glass curtain wall reflecting the sky, slim mullions',
  timber: 'materials: vertical timber boarding',
  bamboo: 'materials: bamboo poles lashed in a close vertical rhythm',
  concrete: 'materials: board-marked concrete',
  stone: 'materials: coursed natural stone',
  earth: 'materials: layered rammed earth in warm ochre',
  steel: 'materials: dark steel panels',
  render: 'materials: white render',
};

const LIGHT: Record<TimeOfDay, string> = {
  dawn: 'light: dawn, a low pink sun and long soft shadows',
  morning: 'light: clear morning daylight',
  noon: 'light: high noon sun, crisp short shadows',
  golden: 'light: golden hour, warm low sun and long shadows',
  dusk: 'light: dusk, a glowing horizon and the first windows lit',
  blue: 'light: blue hour, deep blue sky and warmly lit windows',
  night: 'light: night, a dark sky and warmly lit windows',
};

const SEASON_TEXT: Record<Season, string> = {
  spring: 'spring blossom',
  summer: 'summer greenery',
  autumn: 'autumn foliage in amber and red',
  winter: 'winter snow',
  monsoon: 'monsoon rain under an overcast sky',
  rain: 'light rain, wet reflective ground',
  mist: 'morning mist softening the background',
};

const CAMERA_TEXT: Record<Camera, string> = {
  eye: 'camera: eye level, verticals corrected',
  aerial: "camera: aerial bird's-eye view",
  worm: "camera: worm's-eye view looking up",
  axonometric: 'camera: axonometric drawing on a pale ground',
  'one-point': 'camera: one-point perspective, centred and symmetrical',
};

/** The marker of an enhanced prompt, so a second pass leaves it as it is. */
const ENHANCED = 'architectural visualisation — ';

function brief(reading: SceneReading): string[] {
  const interior = reading.space === 'interior';
  const light = reading.time ? LIGHT[reading.time] : 'light: soft natural daylight';
  return [
    interior
      ? `site: an interior${reading.setting ? ` with a view out to ${reading.setting === 'water' ? 'the water' : reading.setting === 'city' ? 'the city' : `the ${reading.setting}`}` : ''}`
      : SITES[reading.setting ?? 'meadow'],
    interior ? 'massing: the room in one-point perspective, furniture grouped towards the window' : MASSING[reading.building ?? 'block'],
    reading.material ? MATERIAL_TEXT[reading.material] : 'materials: a restrained palette of render, timber and glass',
    reading.season ? `${light}, ${SEASON_TEXT[reading.season]}` : light,
    interior ? 'camera: eye level from the room’s centre, wide lens' : CAMERA_TEXT[reading.camera ?? 'eye'],
  ];
}

export type EnhanceOutcome = { ok: true; prompt: string } | { ok: false; verdict: PromptVerdict };

/**
 * Rewrites a prompt the classifier accepts into a brief built from what was recognised in it,
 * the user's words first; a prompt it refuses comes back refused with the classifier's verdict.
 */
export function rewriteOffline(prompt: string): EnhanceOutcome {
  const base = prompt.trim().replace(/[.\s]+$/, '');
  if (base.includes(ENHANCED)) return { ok: true, prompt: base };
  const verdict = classifyOffline(base);
  if (!verdict.isValid) return { ok: false, verdict };
  return { ok: true, prompt: `${base}, ${ENHANCED}${brief(readPrompt(base)).join('; ')}`.slice(0, PROMPT_MAX_CHARS) };
}

/** The enhancer's answer as a string; a refused prompt throws the classifier's feedback. */
export function enhanceOffline(prompt: string): string {
  const outcome = rewriteOffline(prompt);
  if (!outcome.ok) throw new AppError('invalid_prompt', outcome.verdict.feedback, { field: 'prompt' });
  return outcome.prompt;
}

export const offlineTextEngine: TextEngine = {
  async classify(prompt, brief) {
    return classifyOffline(prompt, brief);
  },
  async enhance(prompt) {
    return enhanceOffline(prompt);
  },
};
