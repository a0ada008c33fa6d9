/**
 * POST /api/generations/:id/images/:index/edits behind the route (docs/decisions/0084-region-edit.md):
 * the source is the caller's space's (else 404), the instruction and the mask are checked (else 400),
 * then the job opens with its charge in one batch, as a generation's does
 * (worker/generation/submit.ts): the same Idempotency-Key finds the job it made, and nothing is
 * charged for a refusal. The instruction is not put to the architecture classifier: it names a
 * change to an image already made ("remove the car"), which that classifier would refuse.
 */
import type { StoredImage, StoredJobParams } from '#shared/generation-types';
import { generationRequestMessages, regionEditMessages } from '#shared/messages';
import { MODELS, PRINT_RESOLUTION } from '#shared/models';
import { isUnlimited } from '#shared/plans';
import { resolutionClassOf } from '#shared/print';
import { EDIT_INSTRUCTION_MAX_CHARS, type RegionEditBody } from '#shared/region-edit';
import type { Space } from '../platform/space';
import { fromBase64, toBase64 } from '../platform/base64';
import { random31 } from '../platform/crypto';
import { AppError } from '../platform/errors';
import { mediaKeys, parseMediaKey } from '../media';
import { featherFor, maskPng, readMask, sanitisePrompt } from '../studio';
import { storeJobInput } from './input';
import { findSourceImage, type ImageTarget, type SourceImage } from './source-image';
import { jobOfKey, notEnoughCredits, openChargedJob, requireRoomToPay, type GenerationDeps, type SubmitOptions } from './submit';

function invalid(message: string, field: string): AppError {
  return new AppError('invalid_request', message, { field });
}

/** The instruction as every prompt is cleaned (white space collapsed, trimmed), within its limit. */
function cleanInstruction(instruction: string): string {
  const clean = sanitisePrompt(instruction);
  if (!clean) throw invalid(regionEditMessages.emptyInstruction, 'instruction');
  if (clean.length > EDIT_INSTRUCTION_MAX_CHARS) throw invalid(regionEditMessages.instructionTooLong(EDIT_INSTRUCTION_MAX_CHARS), 'instruction');
  return clean;
}

/** The mask's bytes: an upload (or result) of the caller's own by its key, or base64 (a data: prefix allowed). */
async function maskBytes(media: R2Bucket, userId: string, mask: string): Promise<Uint8Array> {
  if (/^(references|generations)\//.test(mask)) {
    if (parseMediaKey(mask)?.userId !== userId) throw new AppError('forbidden', generationRequestMessages.mediaForbidden, { field: 'mask' });
    const object = await media.get(mask);
    if (!object) throw invalid(generationRequestMessages.referenceNotFound, 'mask');
    return new Uint8Array(await object.arrayBuffer());
  }
  try {
    return fromBase64(mask.replace(/^data:image\/[a-z+.-]+;base64,/i, ''));
  } catch {
    throw invalid(regionEditMessages.maskUnreadable, 'mask');
  }
}

/** The mask as kept: checked against the source's size and made into the stored PNG (white: edited). */
async function checkedMask(media: R2Bucket, userId: string, mask: string, image: StoredImage): Promise<Uint8Array> {
  const reading = readMask(await maskBytes(media, userId, mask), image);
  if (reading.ok) return maskPng(reading.bits, reading.width, reading.height);
  if (reading.problem === 'wrong_size') throw invalid(regionEditMessages.maskWrongSize(image.width, image.height), 'mask');
  if (reading.problem === 'empty') throw invalid(regionEditMessages.maskEmpty, 'mask');
  throw invalid(regionEditMessages.maskUnreadable, 'mask');
}

function editParams(source: SourceImage, target: ImageTarget, space: Space, extra: Pick<StoredJobParams, 'prompt' | 'model' | 'engine' | 'userPlan' | 'inputKey'>): StoredJobParams {
  const { width, height } = source.image;
  return {
    kind: 'edit',
    ...extra,
    workspaceId: space.workspaceId,
    aspectRatio: source.aspectRatio,
    resolution: source.resolution,
    generationType: 'image-to-image',
    numberOfViews: 1,
    referenceImages: [],
    seed: random31(),
    // The result joins its source's project; a brief's words are not added to an edit's instruction.
    projectId: source.projectId,
    parentId: source.id,
    briefAddition: null,
    briefVersion: null,
    edit: { sourceId: source.id, sourceIndex: target.index, featherPx: featherFor(width, height), width, height, ...(source.userId === space.userId ? {} : { sourceUserId: source.userId }) },
  };
}

/**
 * Validates, then opens the edit job and takes one view's price of the chosen model in one
 * batch. `created` false: the Idempotency-Key named a job that exists already; nothing was charged.
 */
export async function submitEdit(
  deps: GenerationDeps,
  space: Space,
  target: ImageTarget,
  body: RegionEditBody,
  options: SubmitOptions,
): Promise<{ generationId: string; created: boolean }> {
  const known = await jobOfKey(deps.db, space.userId, options);
  if (known) return known;
  const source = await findSourceImage(deps.db, space, target);
  if (resolutionClassOf(source.image.width, source.image.height) === PRINT_RESOLUTION) throw new AppError('invalid_request', regionEditMessages.sourceTooLarge);
  const prompt = cleanInstruction(body.instruction);
  const mask = await checkedMask(deps.media, space.userId, body.mask, source.image);
  const model = body.model ?? source.model;
  const cost = isUnlimited(space.plan) ? 0 : MODELS[model].credits;
  const refusal = () => notEnoughCredits(space, cost, model);
  await requireRoomToPay(deps.db, space, cost, refusal);
  const generationId = crypto.randomUUID();
  const inputKey = await storeJobInput(deps.media, mediaKeys.jobInput(space.userId, generationId), {
    images: [],
    history: [],
    mask: { mimeType: 'image/png', data: toBase64(mask) },
  });
  const params = editParams(source, target, space, { prompt, model, engine: deps.imageEngine.name, userPlan: space.plan, inputKey });
  return openChargedJob(deps, space, { generationId, cost, params, inputKey }, options, refusal);
}
