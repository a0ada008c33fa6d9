/**
 * The offline engine (docs/decisions/0020): a procedural architectural scene that follows the
 * prompt — interior or exterior, building type, setting, material, time of day, season and camera
 * (scene-reading.ts) — and takes the palette and horizon of its input images (preview-inputs.ts).
 * A refinement keeps the original prompt's scene and applies what the new text changes.
 * Everything comes from PRNGs seeded by prompt and seed, so the same request gives the same bytes:
 * one for the layout (which the original prompt and the seed fix) and one for the details.
 */
import { outputSize } from '#shared/models';
import { Canvas, mix, shade } from './canvas';
import { readInputs, type InputLook } from './preview-inputs';
import { readConversation } from './scene-reading';
import type { ImageEngine, ViewRequest, ViewResult } from './types';
import { hashText, lit, prng, type Random, type Scene, settle } from './preview-scene';
import { drawBackground, drawForeground, drawGround, drawMistBehind, drawSky, drawWeather } from './preview-landscape';
import { drawBridge, drawMass, drawTreehouse, planMasses, viewFor } from './preview-buildings';
import { renderInterior } from './preview-interior';
import { renderOverDrawing } from './preview-drawing';

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
    const eye = scene.camera === 'aerial' ? 0.2 : scene.camera === 'worm' ? 0.9 : scene.camera === 'one-point' ? 0.5 : 0.56 + layout() * 0.1;
    const horizon = height * (scene.camera === 'eye' && scene.horizon !== null ? scene.horizon : eye);
    base = scene.camera === 'aerial' ? height * 0.72 : scene.camera === 'worm' ? height * 0.97 : Math.min(height * 0.92, horizon + height * 0.12);
    drawSky(canvas, scene, horizon, detail);
    drawBackground(canvas, scene, horizon, layout, detail);
    drawGround(canvas, scene, horizon, base);
    drawMistBehind(canvas, scene, horizon);
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
    // The architect's own sketch, model view or drawing: the scene is painted over its lines.
    const drawn = renderOverDrawing(request);
    if (drawn) return { ok: true, image: { kind: 'rgba', ...drawn } };
    const look = request.images.length > 0 ? readInputs(request.images) : null;
    const scene = renderPreviewScene(request, look);
    return { ok: true, image: { kind: 'rgba', ...scene } };
  },
};
