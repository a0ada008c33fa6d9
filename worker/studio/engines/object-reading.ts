/**
 * The objects a prompt names for the offline engine (docs/decisions/0020), inside or outside,
 * and whether the text asks for them or takes them away: "with a pergola", "add a pool",
 * "remove the car", "without trees", "replace the sofa with a daybed".
 */

export type ObjectKind =
  // Around and on the building.
  | 'veranda' | 'pergola' | 'pool' | 'balcony' | 'trees' | 'car' | 'bicycle' | 'solar' | 'green-roof'
  | 'bamboo-grove'
  // Either, drawn for the space they are in.
  | 'arches' | 'columns' | 'stair' | 'skylight' | 'plants'
  // Inside.
  | 'bookshelf' | 'sofa' | 'dining-table' | 'pendant' | 'fireplace' | 'rug' | 'bed' | 'desk' | 'kitchen';

/** Words per object; an object counts once however often it is named. */
const OBJECT_WORDS: readonly (readonly [ObjectKind, RegExp])[] = [
  ['veranda', /\b(verandah?s?|porch(es)?|stoop|timber deck|decking)\b/g],
  ['pergola', /\b(pergolas?|trellis(es)?|arbou?rs?)\b/g],
  ['pool', /\b((swimming|plunge|lap|infinity) )?pools?\b/g],
  ['balcony', /\bbalcon(y|ies)\b/g],
  ['trees', /\b(trees?|tree-lined|orchard)\b/g],
  ['car', /\b(cars?|suvs?|vehicles?|parked car)\b/g],
  ['bicycle', /\b(bicycles?|bikes?)\b/g],
  ['solar', /\b(solar( panels?| roof| array)?|photovoltaics?|pv panels?)\b/g],
  ['green-roof', /\b(green|planted|living|sedum|grass) roofs?\b/g],
  ['bamboo-grove', /\bbamboo (groves?|gardens?|planting|plants|thickets?|clumps?|forest)\b/g],
  ['arches', /\b(arch(es|ed|way|ways)?|arcades?|vaulted)\b/g],
  ['columns', /\b(columns?|pillars?|colonnades?|pilotis)\b/g],
  ['stair', /\b(stairs?|staircases?|stairways?|steps)\b/g],
  ['skylight', /\b(skylights?|roof ?lights?|roof lanterns?|clerestor(y|ies))\b/g],
  ['plants', /\b((house|potted|indoor) ?plants?|planters?|planting|plants|shrubs?|greenery)\b/g],
  ['bookshelf', /\b(bookshel(f|ves)|bookcases?|shelves|shelving|books)\b/g],
  ['sofa', /\b(sofas?|couch(es)?|settees?|daybeds?)\b/g],
  ['dining-table', /\b(dining( tables?)?|kitchen tables?|table and chairs|long tables?)\b/g],
  ['pendant', /\b(pendants?( lamps?| lights?)?|chandeliers?|hanging lamps?|hanging lights?)\b/g],
  ['fireplace', /\b(fireplaces?|hearths?|wood ?stoves?|wood[- ]burners?)\b/g],
  ['rug', /\b(rugs?|carpets?|kilims?|dhurries|dhurrie)\b/g],
  ['bed', /\b(beds?|bedroom)\b/g],
  ['desk', /\b(desks?|workstations?|office|workspace|classroom)\b/g],
  ['kitchen', /\b(kitchens?|kitchen island|worktops?|counters?)\b/g],
];

/** Words after which a named thing is taken away, until a word that asks for one again. */
const REMOVE = /\b(remove|removes|removed|removing|without|no|delete|take away|take out|get rid of|lose|drop|minus|replace|replacing|instead of|erase|clear away|strip out)\b/g;
const ADD = /\b(add|adds|added|adding|with|include|including|put|place|plus|give it|show|make it|turn it into|swap in)\b/g;

/** Whether the word at an index falls where the text is taking things away. */
export function removedSpans(text: string): (index: number) => boolean {
  const cues = [
    ...[...text.matchAll(REMOVE)].map((match) => ({ at: match.index, removes: true })),
    ...[...text.matchAll(ADD)].map((match) => ({ at: match.index, removes: false })),
    // A sentence or clause break ends what a cue governs.
    ...[...text.matchAll(/[.;!?]/g)].map((match) => ({ at: match.index, removes: false })),
  ].sort((a, b) => a.at - b.at);
  return (index) => {
    let removes = false;
    for (const cue of cues) {
      if (cue.at >= index) break;
      removes = cue.removes;
    }
    return removes;
  };
}

/** The objects a text names: true when asked for, false when taken away. */
export function readObjects(text: string): Partial<Record<ObjectKind, boolean>> {
  const removed = removedSpans(text);
  const objects: Partial<Record<ObjectKind, boolean>> = {};
  for (const [kind, pattern] of OBJECT_WORDS) {
    for (const match of text.matchAll(pattern)) {
      // Asked for anywhere wins over taken away elsewhere ("no car, but a car port" stays rare).
      const present = !removed(match.index);
      objects[kind] = objects[kind] === true || present;
    }
  }
  return objects;
}
