/**
 * Where an upscale's result is to be checked against its source with the geometry fidelity score
 * (the spec's decision 33: the share of the source's line pixels with an edge of the result within
 * 3 px, both at 1K). That score is being built in worker/generation/fidelity.ts, which was not on
 * main when upscales were (docs/decisions/0089-print-resolution.md), so this seam measures nothing
 * yet and says so. Wiring it: bring both images to 1K with the Images binding (the 4K result never
 * becomes a raster in the Worker), score them, and fail a result below the threshold as `retryable`
 * so the Workflow asks once more before the job refunds.
 */
export type UpscaleFidelity = { measured: false } | { measured: true; score: number; passes: boolean };

export interface UpscaleFidelityInputs {
  images: ImagesBinding;
  /** The source as sent to the engine, and the result at its exact size (PNG). */
  source: Uint8Array;
  result: Uint8Array;
}

export async function upscaleFidelity(_inputs: UpscaleFidelityInputs): Promise<UpscaleFidelity> {
  return { measured: false };
}
