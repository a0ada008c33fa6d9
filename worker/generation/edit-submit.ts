/**
 * POST /api/generations/:id/images/:index/edits behind the route (docs/decisions/0084-region-edit.md):
 * the source is the caller's own (else 404), the instruction and the mask are checked (else 400),
 * then the job opens with its charge in one batch, as a generation's does
 * (worker/generation/submit.ts): the same Idempotency-Key finds the job it made, and nothing is
 * charged for a refusal. The instruction is not put to the architecture classifier: it names a
 * change to an image already made ("remove the car"), which that classifier would refuse.
 */
import { and, eq } from 'drizzle-orm';
import type { StoredImage, StoredJobParams } from '#shared/generation-types';
import { generalMessages, generationRequestMessages, jobMessages, regionEditMessages, studioMessages } from '#shared/messages';
import { CONCEPT_RATIOS, MODELS, detectAspectRatio, type AspectRatio, type ModelId, type ModelLabel } from '#shared/models';
import { isUnlimited } from '#shared/plans';
import { EDIT_INSTRUCTION_MAX_CHARS, type RegionEditBody } from '#shared/region-edit';
import type { Database } from '../db/client';
import { generations } from '../db/schema';
import { ACTIVE_JOBS_RETRY_AFTER_SECONDS, MAX_ACTIVE_JOBS_PER_USER } from '../platform/limits';
import type { PublicUser } from '../platform/context';
import { fromBase64, toBase64 } from '../platform/base64';
import { random31 } from '../platform/crypto';
import { AppError, isUniqueViolation } from '../platform/errors';
import { mediaKeys, parseMediaKey } from '../media';
import { featherFor, maskPng, readMask, sanitisePrompt } from '../studio';
import { startGenerationJob } from './charges';
import { storeJobInput } from './input';
import { activeJobCount } from './queries';
import { jobOfKey, type GenerationDeps, type SubmitOptions } from './submit';

export interface EditTarget {
  generationId: string;
  index: number;
}

interface Source {
  id: string;
  projectId: string | null;
  model: ModelId;
  aspectRatio: AspectRatio;
  resolution: '1K' | '2K';
  image: StoredImage;
}

function invalid(message: string, field: string): AppError {
  return new AppError('invalid_request', message, { field });
}

function modelOf(label: ModelLabel): ModelId {
  return (Object.keys(MODELS) as ModelId[]).find((id) => MODELS[id].label === label) ?? 'standard';
}

/** The caller's own generation and image to edit; anything else is the 404 of a missing one. */
async function findSource(db: Database, userId: string, target: EditTarget): Promise<Source> {
  const row = await db
    .select({ id: generations.id, projectId: generations.projectId, model: generations.model, aspectRatio: generations.aspectRatio, resolution: generations.resolution, images: generations.images })
    .from(generations)
    .where(and(eq(generations.id, target.generationId), eq(generations.userId, userId)))
    .get();
  const image = row?.images[target.index];
  if (!row || !image) throw new AppError('not_found', generalMessages.notFound);
  const listed = (CONCEPT_RATIOS as readonly string[]).includes(row.aspectRatio);
  return {
    id: row.id,
    projectId: row.projectId,
    model: modelOf(row.model),
    aspectRatio: listed ? (row.aspectRatio as AspectRatio) : detectAspectRatio(image.width, image.height),
    resolution: row.resolution,
    image,
  };
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

function editParams(source: Source, target: EditTarget, extra: Pick<StoredJobParams, 'prompt' | 'model' | 'engine' | 'userPlan' | 'inputKey'>): StoredJobParams {
  const { width, height } = source.image;
  return {
    kind: 'edit',
    ...extra,
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
    edit: { sourceId: source.id, sourceIndex: target.index, featherPx: featherFor(width, height), width, height },
  };
}

/**
 * Validates, then opens the edit job and takes one view's price of the chosen model in one
 * batch. `created` false: the Idempotency-Key named a job that exists already; nothing was charged.
 */
export async function submitEdit(
  deps: GenerationDeps,
  user: PublicUser,
  target: EditTarget,
  body: RegionEditBody,
  options: SubmitOptions,
): Promise<{ generationId: string; created: boolean }> {
  const { idempotencyKey, requestHash = null } = options;
  const known = await jobOfKey(deps.db, user.id, options);
  if (known) return known;
  const source = await findSource(deps.db, user.id, target);
  const prompt = cleanInstruction(body.instruction);
  const mask = await checkedMask(deps.media, user.id, body.mask, source.image);
  const model = body.model ?? source.model;
  const cost = isUnlimited(user.plan) ? 0 : MODELS[model].credits;
  const notEnoughCredits = () => new AppError('insufficient_credits', studioMessages.notEnoughCredits(cost, MODELS[model].label));
  if (user.credits < cost) throw notEnoughCredits();
  const generationId = crypto.randomUUID();
  const inputKey = await storeJobInput(deps.media, mediaKeys.jobInput(user.id, generationId), {
    images: [],
    history: [],
    mask: { mimeType: 'image/png', data: toBase64(mask) },
  });
  const params = editParams(source, target, { prompt, model, engine: deps.imageEngine.name, userPlan: user.plan, inputKey });
  let balance: number | null;
  try {
    balance = await startGenerationJob(deps.db, { userId: user.id, generationId, cost, params, idempotencyKey, requestHash });
  } catch (error) {
    // Two requests racing with one key: the unique index rolled this one's charge back.
    if (inputKey) await deps.media.delete(inputKey);
    const winner = isUniqueViolation(error) ? await jobOfKey(deps.db, user.id, options) : null;
    if (!winner) throw error;
    return winner;
  }
  if (balance === null) {
    if (inputKey) await deps.media.delete(inputKey);
    if ((await activeJobCount(deps.db, user.id)) < MAX_ACTIVE_JOBS_PER_USER) throw notEnoughCredits();
    throw new AppError('too_many_jobs', jobMessages.tooManyJobs(MAX_ACTIVE_JOBS_PER_USER), {
      headers: { 'Retry-After': String(ACTIVE_JOBS_RETRY_AFTER_SECONDS) },
    });
  }
  if (cost > 0) await deps.notifyProfile?.(user.id, { credits: balance, plan: user.plan });
  return { generationId, created: true };
}
