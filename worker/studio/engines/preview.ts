/**
 * The offline engine (docs/decisions/0020): a procedural architectural scene — sky, hills, ground,
 * building masses with windows, trees and shadows — at the requested ratio and size. Everything
 * comes from a PRNG seeded by prompt and seed, so the same request gives the same bytes.
 */
import { outputSize } from '#shared/models';
import { Canvas, mix, shade, type Rgb } from './canvas';
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

interface Mood {
  skyTop: Rgb;
  skyHorizon: Rgb;
  ground: Rgb;
  groundFar: Rgb;
  hills: Rgb;
  sun: Rgb;
  windowLit: Rgb;
  night: boolean;
}

const MOODS: Record<'day' | 'dusk' | 'night' | 'snow', Mood> = {
  day: {
    skyTop: [70, 130, 205], skyHorizon: [190, 220, 240], ground: [92, 128, 70], groundFar: [140, 165, 110],
    hills: [120, 150, 140], sun: [255, 248, 220], windowLit: [160, 200, 225], night: false,
  },
  dusk: {
    skyTop: [60, 70, 140], skyHorizon: [250, 170, 110], ground: [70, 80, 60], groundFar: [120, 110, 90],
    hills: [110, 90, 110], sun: [255, 210, 150], windowLit: [255, 200, 120], night: false,
  },
  night: {
    skyTop: [10, 15, 40], skyHorizon: [40, 50, 90], ground: [25, 35, 30], groundFar: [40, 50, 55],
    hills: [30, 35, 55], sun: [235, 235, 220], windowLit: [255, 210, 130], night: true,
  },
  snow: {
    skyTop: [150, 175, 205], skyHorizon: [225, 232, 240], ground: [235, 238, 242], groundFar: [215, 222, 230],
    hills: [190, 200, 215], sun: [255, 255, 245], windowLit: [255, 220, 160], night: false,
  },
};

const FACADES: readonly [Rgb, ...Rgb[]] = [
  [225, 222, 214], [190, 186, 178], [168, 120, 92], [120, 124, 130], [210, 190, 160], [90, 96, 104],
];

function pickMood(prompt: string, random: () => number): Mood {
  const text = prompt.toLowerCase();
  if (/\b(night|midnight|moon|neon)\b/.test(text)) return MOODS.night;
  if (/\b(sunset|dusk|dawn|sunrise|golden hour|evening)\b/.test(text)) return MOODS.dusk;
  if (/\b(snow|winter|alpine|ski)\b/.test(text)) return MOODS.snow;
  return random() < 0.75 ? MOODS.day : MOODS.dusk;
}

function drawLandscape(canvas: Canvas, mood: Mood, horizon: number, random: () => number): void {
  const { width, height } = canvas;
  canvas.gradient(0, horizon, mood.skyTop, mood.skyHorizon);
  const unit = Math.min(width, height);
  canvas.disc(width * (0.15 + random() * 0.7), horizon * (0.2 + random() * 0.3), unit * 0.045, mood.sun);
  const phase = random() * Math.PI * 2;
  for (let x = 0; x < width; x += 1) {
    const lift = (Math.sin(x / (width * 0.18) + phase) * 0.5 + Math.sin(x / (width * 0.07) + phase * 2) * 0.2 + 0.8);
    const top = horizon - lift * unit * 0.06;
    for (let y = Math.round(top); y < horizon; y += 1) canvas.span(y, x, x + 1, mood.hills);
  }
  canvas.gradient(horizon, height, mood.groundFar, mood.ground);
}

interface Mass {
  x: number;
  width: number;
  height: number;
  depth: number;
  color: Rgb;
  gable: boolean;
}

function planMasses(canvas: Canvas, random: () => number): Mass[] {
  const { width, height } = canvas;
  const count = 1 + Math.floor(random() * 3);
  const masses: Mass[] = [];
  let cursor = width * (0.12 + random() * 0.1);
  for (let i = 0; i < count && cursor < width * 0.85; i += 1) {
    const massWidth = width * (0.16 + random() * 0.22);
    const tall = random() < 0.35;
    masses.push({
      x: cursor,
      width: massWidth,
      height: height * (tall ? 0.35 + random() * 0.2 : 0.14 + random() * 0.14),
      depth: massWidth * (0.25 + random() * 0.2),
      color: FACADES[Math.floor(random() * FACADES.length)] ?? FACADES[0],
      gable: !tall && random() < 0.4,
    });
    cursor += massWidth * (0.75 + random() * 0.5);
  }
  return masses;
}

function drawShadow(canvas: Canvas, mass: Mass, base: number, mood: Mood): void {
  const reach = mass.height * 0.35;
  canvas.polygon(
    [
      [mass.x, base],
      [mass.x + mass.width, base],
      [mass.x + mass.width + reach, base + reach * 0.25],
      [mass.x + reach, base + reach * 0.25],
    ],
    shade(mood.ground, 0.6),
  );
}

function drawWindows(canvas: Canvas, x: number, top: number, w: number, h: number, mood: Mood, random: () => number): void {
  const floors = Math.max(1, Math.round(h / (canvas.height * 0.045)));
  const bays = Math.max(1, Math.round(w / (canvas.width * 0.035)));
  const cellW = w / bays;
  const cellH = h / floors;
  for (let floor = 0; floor < floors; floor += 1) {
    for (let bay = 0; bay < bays; bay += 1) {
      const lit = mood.night ? random() < 0.6 : random() < 0.15;
      const glass: Rgb = lit ? mood.windowLit : shade(mood.skyHorizon, 0.55);
      canvas.rect(x + bay * cellW + cellW * 0.2, top + floor * cellH + cellH * 0.2, cellW * 0.6, cellH * 0.55, glass);
    }
  }
}

function drawMass(canvas: Canvas, mass: Mass, base: number, mood: Mood, random: () => number): void {
  const top = base - mass.height;
  const lift = mass.depth * 0.45;
  const light = mood.night ? 0.45 : 1;
  // Side face first (receding to the right), then the lit front face over it.
  canvas.polygon(
    [[mass.x + mass.width, top], [mass.x + mass.width + mass.depth, top - lift], [mass.x + mass.width + mass.depth, base - lift], [mass.x + mass.width, base]],
    shade(mass.color, 0.68 * light),
  );
  if (mass.gable) {
    const ridge = top - mass.height * 0.35;
    canvas.polygon([[mass.x, top], [mass.x + mass.width / 2, ridge], [mass.x + mass.width / 2 + mass.depth, ridge - lift], [mass.x + mass.width + mass.depth, top - lift], [mass.x + mass.width, top]], shade(mass.color, 0.5 * light));
    canvas.polygon([[mass.x, top], [mass.x + mass.width / 2, ridge], [mass.x + mass.width, top]], shade(mass.color, 0.9 * light));
  } else {
    canvas.polygon([[mass.x, top], [mass.x + mass.depth, top - lift], [mass.x + mass.width + mass.depth, top - lift], [mass.x + mass.width, top]], shade(mass.color, 0.82 * light));
  }
  canvas.rect(mass.x, top, mass.width, mass.height, shade(mass.color, light));
  drawWindows(canvas, mass.x + mass.width * 0.06, top + mass.height * 0.06, mass.width * 0.88, mass.height * 0.8, mood, random);
  const doorW = mass.width * 0.1;
  canvas.rect(mass.x + mass.width / 2 - doorW / 2, base - mass.height * 0.16, doorW, mass.height * 0.16, shade(mass.color, 0.35));
}

function drawTree(canvas: Canvas, x: number, base: number, size: number, mood: Mood): void {
  const trunk: Rgb = mood.night ? [30, 25, 20] : [95, 70, 50];
  const leaves: Rgb = mood === MOODS.snow ? [120, 140, 130] : shade([70, 120, 60], mood.night ? 0.4 : 1);
  canvas.rect(x - size * 0.06, base - size * 0.5, size * 0.12, size * 0.5, trunk);
  canvas.disc(x, base - size * 0.75, size * 0.38, leaves);
  canvas.disc(x - size * 0.18, base - size * 0.6, size * 0.26, shade(leaves, 0.85));
}

/** Renders the scene for one view as raw RGBA. */
export function renderPreviewScene(request: ViewRequest): { pixels: Uint8Array; width: number; height: number } {
  const { width, height } = outputSize(request.aspectRatio, request.resolution);
  const random = prng(hashText(request.prompt) ^ Math.imul(request.seed, 0x9e3779b1));
  const canvas = new Canvas(width, height);
  const mood = pickMood(request.prompt, random);
  const horizon = height * (0.55 + random() * 0.1);
  drawLandscape(canvas, mood, horizon, random);
  const base = horizon + height * 0.12;
  const masses = planMasses(canvas, random);
  for (const mass of masses) drawShadow(canvas, mass, base, mood);
  for (const mass of masses) drawMass(canvas, mass, base, mood, random);
  canvas.rect(0, base, width, height * 0.015, mix(mood.ground, [150, 150, 150], 0.6));
  const unit = Math.min(width, height);
  const trees = 2 + Math.floor(random() * 4);
  for (let i = 0; i < trees; i += 1) {
    drawTree(canvas, width * random(), base + height * (0.03 + random() * 0.2), unit * (0.1 + random() * 0.08), mood);
  }
  return { pixels: canvas.pixels, width, height };
}

export const previewEngine: ImageEngine = {
  name: 'preview',
  parallelViews: false,
  async generateView(request: ViewRequest): Promise<ViewResult> {
    const scene = renderPreviewScene(request);
    return { ok: true, image: { kind: 'rgba', ...scene } };
  },
};
