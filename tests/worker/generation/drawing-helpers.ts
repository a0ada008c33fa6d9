/** Helpers for tests of renders from the architect's own drawing: uploads of our test inputs, seeds that drift or not. */
import { PhotonImage } from '@cf-wasm/photon';
import type { FidelityStep } from '#shared/drawing-inputs';
import type { UploadResponse } from '#shared/api-types';
import { previewDrifts } from '../../../worker/studio/engines/preview-drawing';
import { json } from '../helpers';
import { upload } from '../studio/helpers';
import { testInput } from '../studio/fidelity/inputs';

/** Uploads one of the generated test inputs (tests/worker/studio/fidelity/inputs.ts) as a PNG; returns its path. */
export async function uploadDrawing(token: string, name = 'sketch-1'): Promise<string> {
  const input = testInput(name);
  const image = new PhotonImage(input.pixels, input.width, input.height);
  const bytes = image.get_bytes();
  image.free();
  const response = await upload(token, bytes, `${name}.png`);
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return (await json<UploadResponse>(response)).path;
}

/**
 * The first seed from which `views` consecutive views (view i renders with seed + i) drift or not
 * on their first attempt, as `pattern` says, at `step` (worker/studio/engines/preview-drawing.ts).
 */
export function seedWhere(step: FidelityStep, pattern: boolean[]): number {
  for (let seed = 1; seed < 10_000; seed += 1) {
    if (pattern.every((drifts, i) => previewDrifts(seed + i, { type: 'sketch', fidelity: step }) === drifts)) return seed;
  }
  throw new Error('no such seed');
}
