/**
 * The one view of an `edit` job (docs/decisions/0084-region-edit.md): the source's master decoded
 * once, the region re-rendered and composited into it (worker/studio/region-edit/), then stored as
 * any view is — master, JPEG (watermarked for a free plan), thumbnail, placeholder, renditions —
 * with the mask beside it. Every pixel farther than featherPx from the mask is the source's.
 */
import { fromBase64 } from '../platform/base64';
import { generationImage, loadMasterPixels, mediaKeys, storeView } from '../media';
import { applyRegionEdit, processImage, readMask } from '../studio';
import type { ViewContext, ViewOutcome } from './view-context';

export async function produceEditView(ctx: ViewContext, index: number, seed: number): Promise<ViewOutcome> {
  const { edit, mask } = ctx;
  if (!edit || !mask) {
    console.warn(`edit ${ctx.generationId} has no source or mask`);
    return { failure: 'processing' };
  }
  try {
    const maskBytes = fromBase64(mask.data);
    const reading = readMask(maskBytes, edit);
    if (!reading.ok) throw new Error(`the stored mask is ${reading.problem}`);
    // In a workspace the source may be a colleague's: its images are under their folder.
    const source = { userId: edit.sourceUserId ?? ctx.userId, generationId: edit.sourceId, index: edit.sourceIndex };
    const image = await generationImage(ctx.deps.db, source);
    if (!image) throw new Error(`source ${edit.sourceId}/${edit.sourceIndex} is gone`);
    const master = await loadMasterPixels(ctx.deps, source, image);
    if (master.width !== edit.width || master.height !== edit.height) throw new Error('the source master is not the mask’s size');
    const outcome = await applyRegionEdit(ctx.deps.imageEngine, {
      master,
      mask: reading.bits,
      instruction: ctx.plan.prompt,
      model: ctx.plan.model,
      seed,
      featherPx: edit.featherPx,
    });
    if (!outcome.ok) {
      console.warn(`edit ${ctx.generationId} failed: ${outcome.reason} (${outcome.detail})`);
      return { failure: outcome.reason, ...(outcome.retryable ? { retryable: true } : {}) };
    }
    const processed = await processImage({ kind: 'rgba', ...master }, { cropTo: null, watermark: ctx.watermark });
    const stored = await storeView(ctx.deps, { userId: ctx.userId, generationId: ctx.generationId, index, seed }, processed);
    await ctx.deps.media.put(mediaKeys.editMask(ctx.userId, ctx.generationId), maskBytes, { httpMetadata: { contentType: 'image/png' } });
    return { image: stored };
  } catch (error) {
    // What it stored before failing is deleted with the job's other objects when the job ends (run.ts).
    console.warn(`edit ${ctx.generationId} failed`, error);
    return { failure: 'processing' };
  }
}
