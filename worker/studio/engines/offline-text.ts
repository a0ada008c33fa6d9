/**
 * The offline text helpers (docs/decisions/0021): a rule-based classifier over architectural
 * vocabulary, and a template enhancer, so the studio works with no network at all.
 */
import { promptMessages } from '#shared/messages';
import { PROMPT_MAX_CHARS } from '#shared/limits';
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

export function classifyOffline(prompt: string): PromptVerdict {
  const text = prompt.toLowerCase();
  const architectural = matches(text, ARCHITECTURE);
  if (architectural > 0) {
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

const ENHANCE_SUFFIX =
  'architectural visualisation, thoughtful composition, natural daylight with soft shadows, ' +
  'realistic materials and textures, human scale, high detail, professional architectural photography';

/** Adds the vocabulary of a good architectural brief, once; an enhanced prompt stays as it is. */
export function enhanceOffline(prompt: string): string {
  const base = prompt.trim().replace(/[.\s]+$/, '');
  if (base.includes(ENHANCE_SUFFIX)) return base;
  return `${base}, ${ENHANCE_SUFFIX}`.slice(0, PROMPT_MAX_CHARS);
}

export const offlineTextEngine: TextEngine = {
  async classify(prompt) {
    return classifyOffline(prompt);
  },
  async enhance(prompt) {
    return enhanceOffline(prompt);
  },
};
