/**
 * A job's input images and conversation history, kept in R2 while it runs: Workflow parameters
 * and step results must stay small (docs/decisions/0036), and a history may hold megabytes.
 * Uploaded references are read and checked once, when the request is accepted, and copied here.
 */
import type { HistoryTurn, InlineImage } from '../studio';

export interface JobInput {
  images: InlineImage[];
  history: HistoryTurn[];
  /** An edit's mask, as kept with its result: a PNG, white where edited (docs/decisions/0084-region-edit.md). */
  mask?: InlineImage;
}

const EMPTY: JobInput = { images: [], history: [] };

/** Stores the input under `key` when there is any; returns the key, or null for a text-only job. */
export async function storeJobInput(media: R2Bucket, key: string, input: JobInput): Promise<string | null> {
  if (input.images.length === 0 && input.history.length === 0 && !input.mask) return null;
  await media.put(key, JSON.stringify(input), { httpMetadata: { contentType: 'application/json' } });
  return key;
}

export async function loadJobInput(media: R2Bucket, key: string | null): Promise<JobInput> {
  if (!key) return EMPTY;
  const object = await media.get(key);
  if (!object) throw new Error(`job input ${key} is missing`);
  return object.json<JobInput>();
}
