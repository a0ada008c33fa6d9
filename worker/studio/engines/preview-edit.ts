/**
 * The preview engine's region edit (docs/decisions/0084-region-edit.md): it redraws only the crop it
 * is sent, and in it only the marked region, so the whole edit — crop, registration, colour match,
 * feather, composite — can be tried with no key. The region becomes a surface of the material the
 * instruction names (brick coursing, timber boards, board-marked concrete, a glazed grid…) in the
 * colour it names, shaded by the light of what was there; "remove …" fills it from its surroundings.
 * A named object (a sofa, a car, a pergola) is drawn by the engine's own object painter
 * (drawObject) into the mask's bounding box, over the region filled from its surroundings, in the
 * colour the instruction names; only the marked pixels are kept.
 */
import { Canvas, type Rect, type Rgb } from './canvas';
import { readObjects, type ObjectKind } from './object-reading';
import { drawObject } from './preview-objects';
import { FINISHES, hashText, prng, settle, type Finish, type Random } from './preview-scene';
import { shotFor } from './preview-shots';
import { readPrompt, readTexts } from './scene-reading';
import type { RegionEditRequest, ViewResult } from './types';

type Texture = Finish['texture'] | 'fabric';

interface EditWords {
  colour: Rgb | null;
  texture: Texture;
  /** The base colour when the instruction names none: its material's, else a neutral. */
  materialColour: Rgb | null;
  remove: boolean;
}

/** Colour words, the more specific first; the earliest named in the instruction wins. */
const COLOURS: readonly (readonly [Rgb, RegExp])[] = [
  [[28, 40, 78], /\bnavy\b/],
  [[38, 112, 108], /\b(teal|turquoise)\b/],
  [[196, 160, 72], /\b(gold|golden|ochre|mustard)\b/],
  [[214, 198, 168], /\b(beige|cream|sand|ivory)\b/],
  [[176, 38, 40], /\b(red|crimson|scarlet|burgundy)\b/],
  [[216, 110, 36], /\b(orange|rust)\b/],
  [[226, 196, 52], /\byellow\b/],
  [[46, 116, 62], /\b(green|olive|sage|emerald)\b/],
  [[44, 86, 168], /\bblue\b/],
  [[110, 60, 140], /\b(purple|violet|plum)\b/],
  [[222, 140, 160], /\bpink\b/],
  [[112, 74, 46], /\bbrown\b/],
  [[128, 128, 128], /\b(grey|gray|charcoal)\b/],
  [[24, 24, 26], /\bblack\b/],
  [[240, 240, 236], /\bwhite\b/],
];

const FABRIC = /\b(velvet|fabric|upholster(ed|y)|linen|wool|leather|cushions?|sofa|couch|armchair|curtains?|rug|carpet)\b/;
const REMOVE = /\b(remove|erase|delete|take away|get rid of|without)\b/;

function readEditWords(instruction: string): EditWords {
  const text = instruction.toLowerCase();
  const material = readPrompt(text).material;
  let colour: Rgb | null = null;
  let at = Number.POSITIVE_INFINITY;
  for (const [value, pattern] of COLOURS) {
    const index = pattern.exec(text)?.index;
    if (index !== undefined && index < at) [colour, at] = [value, index];
  }
  const texture: Texture = FABRIC.test(text) ? 'fabric' : material ? FINISHES[material].texture : 'none';
  return { colour, texture, materialColour: material ? FINISHES[material].color : null, remove: REMOVE.test(text) };
}

/** A texture's brightness at (x, y): joints, seams and grain as a factor around 1. */
function tone(texture: Texture, x: number, y: number, unit: number, random: Random): number {
  const grain = 1 + (random() - 0.5) * 0.08;
  switch (texture) {
    case 'coursing': {
      const course = Math.max(3, unit * 0.32);
      const row = Math.floor(y / course);
      const brick = Math.max(6, unit * 0.9);
      const offset = row % 2 === 0 ? 0 : brick / 2;
      return y % course < course * 0.16 || (x + offset) % brick < brick * 0.06 ? 1.28 : grain * (0.92 + ((row * 37) % 11) / 100);
    }
    case 'boards': {
      const board = Math.max(4, unit * 0.45);
      const plank = Math.floor(x / board);
      return x % board < board * 0.07 ? 0.55 : grain * (0.9 + ((plank * 53) % 17) / 100) * (1 + 0.04 * Math.sin(y * 0.21 + plank * 7));
    }
    case 'formwork': {
      const lift = Math.max(4, unit * 0.4);
      const tie = Math.max(8, unit * 1.2);
      const hole = Math.hypot((x % tie) - tie / 2, (y % (lift * 2)) - lift) < Math.max(1, unit * 0.05);
      return hole ? 0.45 : y % lift < Math.max(1, lift * 0.05) ? 0.82 : grain;
    }
    case 'curtain': {
      const mullion = Math.max(6, unit * 1.4);
      const transom = Math.max(8, unit * 2);
      const frame = x % mullion < Math.max(1, unit * 0.08) || y % transom < Math.max(1, unit * 0.08);
      return frame ? 0.5 : 0.85 + 0.3 * ((y % transom) / transom);
    }
    case 'blocks':
    case 'panels': {
      const w = texture === 'blocks' ? Math.max(6, unit) : Math.max(8, unit * 1.6);
      const h = texture === 'blocks' ? Math.max(4, unit * 0.6) : w;
      const offset = texture === 'blocks' && Math.floor(y / h) % 2 === 1 ? w / 2 : 0;
      return (x + offset) % w < Math.max(1, w * 0.04) || y % h < Math.max(1, h * 0.05) ? 0.76 : grain;
    }
    case 'strata': {
      const layer = Math.max(3, unit * 0.5);
      const band = Math.floor(y / layer);
      return grain * (0.86 + ((band * 29) % 13) / 50);
    }
    case 'poles': {
      const pole = Math.max(4, unit * 0.35);
      return x % pole < pole * 0.12 ? 0.6 : grain * (0.95 + 0.1 * Math.sin(((x % pole) / pole) * Math.PI));
    }
    case 'rubble': {
      const stone = Math.max(6, unit * 0.8);
      const row = Math.floor(y / stone);
      const offset = ((row * 41) % 7) * (stone / 7);
      return y % stone < stone * 0.12 || (x + offset) % (stone * 1.3) < stone * 0.12 ? 0.62 : grain * (0.88 + ((row * 17 + Math.floor((x + offset) / stone) * 31) % 19) / 80);
    }
    case 'fabric':
      return (1 + 0.07 * Math.sin(x * 0.09 + Math.sin(y * 0.05) * 3)) * (1 + (random() - 0.5) * 0.05);
    case 'none':
      return grain;
  }
}

function luma(pixels: Uint8Array, i: number): number {
  return 0.299 * (pixels[i] ?? 0) + 0.587 * (pixels[i + 1] ?? 0) + 0.114 * (pixels[i + 2] ?? 0);
}

/** "Remove": each marked run of a row is filled by blending the unmarked pixels at its two ends. */
function fillFromSurroundings(pixels: Uint8Array, mask: Uint8Array, width: number, height: number): void {
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (mask[y * width + x] !== 1) continue;
      let end = x;
      while (end < width && mask[y * width + end] === 1) end += 1;
      const left = x > 0 ? (y * width + x - 1) * 4 : -1;
      const right = end < width ? (y * width + end) * 4 : -1;
      for (let run = x; run < end; run += 1) {
        const t = (run - x + 1) / (end - x + 1);
        const i = (y * width + run) * 4;
        for (let c = 0; c < 3; c += 1) {
          const a = left >= 0 ? (pixels[left + c] ?? 0) : (pixels[right + c] ?? 0);
          const b = right >= 0 ? (pixels[right + c] ?? 0) : a;
          pixels[i + c] = Math.round(a + (b - a) * t);
        }
      }
      x = end;
    }
  }
}

/** The marked pixels' bounding box; null when nothing is marked. */
function boundsOf(mask: Uint8Array, width: number, height: number): Rect | null {
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (mask[y * width + x] !== 1) continue;
      [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
    }
  }
  return right < 0 ? null : { x: left, y: top, w: right - left + 1, h: bottom - top + 1 };
}

/** The first object the instruction names ("replace the sofa with…", "add a pergola"). */
function namedObject(instruction: string): ObjectKind | null {
  return (Object.keys(readObjects(instruction.toLowerCase())) as ObjectKind[])[0] ?? null;
}

/**
 * The object drawn by its painter over the region filled from its surroundings, its body in the
 * named colour.
 */
function paintObject(request: RegionEditRequest, kind: ObjectKind, rect: Rect, colour: Rgb | null): Uint8Array {
  const { width, height } = request.image;
  const canvas = new Canvas(width, height);
  canvas.pixels.set(request.image.pixels);
  fillFromSurroundings(canvas.pixels, request.mask, width, height);
  const reading = readTexts([request.instruction]);
  const scene = settle({
    reading,
    text: request.instruction.toLowerCase(),
    shot: shotFor(null, reading.space === 'interior', 0),
    designSeed: hashText(request.instruction) ^ Math.imul(request.seed, 0x9e3779b1),
    look: null,
  });
  drawObject(canvas, rect, kind, colour ? { ...scene, bodyColour: colour } : scene);
  const pixels = request.image.pixels.slice();
  for (let p = 0; p < request.mask.length; p += 1) {
    if (request.mask[p] === 1) pixels.set(canvas.pixels.subarray(p * 4, p * 4 + 3), p * 4);
  }
  return pixels;
}

/** The crop with its marked region redrawn as the instruction asks: what the preview engine answers. */
function paintRegionEdit(request: RegionEditRequest): { pixels: Uint8Array; width: number; height: number } {
  const { width, height } = request.image;
  const pixels = request.image.pixels.slice();
  const { mask } = request;
  const words = readEditWords(request.instruction);
  if (words.remove && !words.colour && !words.materialColour) {
    fillFromSurroundings(pixels, mask, width, height);
    return { pixels, width, height };
  }
  const kind = namedObject(request.instruction);
  const rect = kind ? boundsOf(mask, width, height) : null;
  if (kind && rect) return { pixels: paintObject(request, kind, rect, words.colour ?? words.materialColour), width, height };
  const base: Rgb = words.colour ?? words.materialColour ?? [200, 196, 188];
  let lightTotal = 0;
  let marked = 0;
  for (let p = 0; p < mask.length; p += 1) {
    if (mask[p] !== 1) continue;
    lightTotal += luma(pixels, p * 4);
    marked += 1;
  }
  const meanLight = Math.max(1, lightTotal / Math.max(1, marked));
  const unit = Math.max(8, Math.round(Math.min(width, height) / 12));
  const random = prng(hashText(request.instruction) ^ Math.imul(request.seed, 0x9e3779b1));
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const p = y * width + x;
      if (mask[p] !== 1) continue;
      const i = p * 4;
      // Keeps the light and shadow of what was there, so the new surface sits in the scene.
      const light = 0.45 + 0.55 * Math.min(1.4, Math.max(0.5, luma(pixels, i) / meanLight));
      const factor = tone(words.texture, x, y, unit, random) * light;
      for (let c = 0; c < 3; c += 1) pixels[i + c] = Math.max(0, Math.min(255, Math.round((base[c] ?? 0) * factor)));
    }
  }
  return { pixels, width, height };
}

export function previewEditRegion(request: RegionEditRequest): ViewResult {
  return { ok: true, image: { kind: 'rgba', ...paintRegionEdit(request) } };
}
