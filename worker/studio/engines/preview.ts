/**
 * The offline engine (docs/decisions/0020): a procedural architectural scene that follows the
 * prompt — interior or exterior, building type, setting, materials, objects, time of day, season
 * and camera (scene-reading.ts) — and takes the palette and horizon of its reference images
 * (preview-inputs.ts). A batch's seed picks one of the prompt's designs and each view's index
 * its camera (preview-shots.ts), so the four views show one scene. A refinement recognises the
 * composition of the image it refines (preview-recognition.ts) and draws it again with what the
 * new text changes. Every choice draws from a random source named for it, seeded by the design,
 * so the same request gives the same bytes and a change moves nothing it does not name.
 */
import { outputSize } from '#shared/models';
import { noteRaster } from '../../platform/raster-meter';
import { Canvas } from './canvas';
import { renderExterior } from './preview-exterior';
import { readInputs, type InputLook } from './preview-inputs';
import { renderInterior } from './preview-interior';
import { CANDIDATE_RESOLUTION, type Composition, recognise } from './preview-recognition';
import { hashText, settle, type Scene } from './preview-scene';
import { SHOTS_PER_BATCH, shotFor } from './preview-shots';
import { historyTexts, readTexts, withBrief, type SceneReading } from './scene-reading';
import type { ImageEngine, ViewRequest, ViewResult } from './types';
import { previewEditRegion } from './preview-edit';
import { renderOverDrawing } from './preview-drawing';
import { fromBase64 } from '../../platform/base64';

/** How many designs one prompt has: a batch's seed picks one. */
export const DESIGNS_PER_PROMPT = 16;

interface Words {
  reading: SceneReading;
  text: string;
}

/** What a batch view shows: its batch's design (the seed less the view's index) and its own camera. */
export function batchComposition(request: Pick<ViewRequest, 'seed' | 'view'>): Composition {
  const view = request.view ?? 0;
  const batchSeed = (((request.seed - view) % 2 ** 31) + 2 ** 31) % 2 ** 31;
  return { design: batchSeed % DESIGNS_PER_PROMPT, shot: view };
}

/** The design seed depends on what is built, not on the exact words, so a refinement's words keep it. */
function designSeed(reading: SceneReading, design: number): number {
  return hashText(`${reading.space ?? 'exterior'}|${reading.building ?? 'block'}`) ^ Math.imul(design + 1, 0x9e3779b1);
}

function paint(canvas: Canvas, { reading, text }: Words, composition: Composition, look: InputLook | null): void {
  const shot = shotFor(reading.camera, reading.space === 'interior', composition.shot);
  const scene = settle({ reading, text, shot, designSeed: designSeed(reading, composition.design), look });
  if (scene.interior) renderInterior(canvas, scene);
  else renderExterior(canvas, scene);
}

/** The scene a batch view describes, for a painter that draws it its own way (preview-drawing.ts). */
function sceneOf(request: ViewRequest): Scene {
  const words = wordsOf([...historyTexts(request.history), request.prompt], request.brief);
  const composition = batchComposition(request);
  const shot = shotFor(words.reading.camera, words.reading.space === 'interior', composition.shot);
  return settle({ ...words, shot, designSeed: designSeed(words.reading, composition.design), look: null });
}

/** The words' reading, with the project brief filling only what they leave unread (withBrief). */
function wordsOf(texts: readonly string[], brief: string | undefined): Words {
  return { reading: withBrief(readTexts(texts), brief), text: texts.join(' ').toLowerCase() };
}

/** The last recognition and what it was asked: every view of a refinement asks the same. */
let lastRecognition: { key: string; result: ReturnType<typeof recognise> } | null = null;

function keyOf(texts: readonly string[], brief: string | undefined, look: InputLook): string {
  let hash = 0x811c9dc5;
  for (const byte of look.sample) hash = Math.imul(hash ^ byte, 0x01000193);
  return `${texts.join('\u0000')}|${brief ?? ''}|${look.aspect}|${hash >>> 0}`;
}

/**
 * Which composition of the earlier prompts the input image shows, drawn at the input's shape;
 * `recognised` is null when the engine did not draw it.
 */
export function recogniseSource(request: Pick<ViewRequest, 'history' | 'brief'>, look: InputLook): ReturnType<typeof recognise> {
  const texts = historyTexts(request.history);
  if (texts.length === 0) return { nearest: null, recognised: null };
  const key = keyOf(texts, request.brief, look);
  if (lastRecognition?.key === key) return lastRecognition.result;
  const words = wordsOf(texts, request.brief);
  const candidates: Composition[] = [];
  for (let design = 0; design < DESIGNS_PER_PROMPT; design += 1) for (let shot = 0; shot < SHOTS_PER_BATCH; shot += 1) candidates.push({ design, shot });
  const [width, height] = look.aspect >= 1 ? [1024, Math.round(1024 / look.aspect)] : [Math.round(1024 * look.aspect), 1024];
  const result = recognise(look, candidates, (composition) => {
    const canvas = new Canvas(width, height, CANDIDATE_RESOLUTION);
    paint(canvas, words, composition, null);
    return { pixels: canvas.pixels, width: canvas.pixelWidth, height: canvas.pixelHeight };
  });
  lastRecognition = { key, result };
  return result;
}

export interface PreviewInputs {
  /** The palette and horizon of reference images. */
  look?: InputLook | null;
  /** The composition of the image being refined: kept, each view turning the camera from it. */
  source?: Composition | null;
}

/** Renders the scene for one view as raw RGBA. */
export function renderPreviewScene(request: ViewRequest, inputs: PreviewInputs = {}): { pixels: Uint8Array; width: number; height: number } {
  const { width, height } = outputSize(request.aspectRatio, request.resolution);
  const canvas = new Canvas(width, height);
  noteRaster('render', width, height, 'preview engine');
  const batch = batchComposition(request);
  const composition = inputs.source ? { design: inputs.source.design, shot: inputs.source.shot + batch.shot } : batch;
  paint(canvas, wordsOf([...historyTexts(request.history), request.prompt], request.brief), composition, inputs.source ? null : (inputs.look ?? null));
  return { pixels: canvas.pixels, width, height };
}

export const previewEngine: ImageEngine = {
  name: 'preview',
  parallelViews: false,
  async generateView(request: ViewRequest): Promise<ViewResult> {
    // The architect's own sketch, model view or drawing: the scene is painted over its lines.
    const drawn = renderOverDrawing(request, sceneOf);
    if (drawn) return { ok: true, image: { kind: 'rgba', ...drawn } };
    const look = request.images.length > 0 ? readInputs(request.images) : null;
    const source = look && request.history.length > 0 ? recogniseSource(request, look).recognised?.composition : null;
    const { pixels, width, height } = renderPreviewScene(request, { look, source });
    return { ok: true, image: { kind: 'rgba', pixels, width, height } };
  },
  async editRegion(request) {
    return previewEditRegion(request);
  },
  /**
   * Answers with the source as it is, as a model that adds no detail would: the job resamples it to
   * the size asked (docs/decisions/0089-print-resolution.md). Offline there is nothing to invent
   * detail with that would keep a design that may not be the preview's own (an edit, a Gemini image).
   */
  async upscale(request) {
    return { ok: true, image: { kind: 'encoded', bytes: fromBase64(request.image.data), mimeType: request.image.mimeType } };
  },
};
