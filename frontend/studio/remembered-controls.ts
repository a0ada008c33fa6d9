/**
 * The studio remembers each user's last model, ratio, views and resolution in this browser
 * (localStorage, one key per user: docs/decisions/0091-studio-polish.md), so the next visit starts
 * where the last one ended. What is read back is checked against today's catalogue: a model that
 * no longer exists, or a ratio or resolution the model no longer offers, falls back as a model
 * change would.
 */
import { MAX_VIEWS, MIN_VIEWS } from '#shared/limits';
import { isModelId, normaliseAspectRatio, normaliseResolution } from '#shared/models';
import type { Controls } from './rules';

const KEY_PREFIX = 'parti.studio.controls.';

export function rememberedControlsKey(userId: string): string {
  return `${KEY_PREFIX}${userId}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The stored text as controls; null when there is none or it cannot be read as ours. */
export function parseRememberedControls(text: string | null): Controls | null {
  if (!text) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(stored) || typeof stored.model !== 'string' || !isModelId(stored.model)) return null;
  const model = stored.model;
  const views = typeof stored.views === 'number' && Number.isInteger(stored.views) ? Math.min(MAX_VIEWS, Math.max(MIN_VIEWS, stored.views)) : null;
  if (views === null) return null;
  return {
    model,
    aspectRatio: normaliseAspectRatio(model, typeof stored.aspectRatio === 'string' ? stored.aspectRatio : undefined),
    resolution: normaliseResolution(model, typeof stored.resolution === 'string' ? stored.resolution : undefined),
    views,
  };
}

export function serialiseControls({ model, aspectRatio, resolution, views }: Controls): string {
  return JSON.stringify({ model, aspectRatio, resolution, views });
}

/** The controls this browser remembers for the user, or null; storage that cannot be read counts as none. */
export function readRememberedControls(userId: string, storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): Controls | null {
  try {
    return parseRememberedControls(storage?.getItem(rememberedControlsKey(userId)) ?? null);
  } catch {
    // Storage may be switched off (a private window, a blocked site): the studio just starts fresh.
    return null;
  }
}

export function rememberControls(userId: string, controls: Controls, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(rememberedControlsKey(userId), serialiseControls(controls));
  } catch {
    // Full or switched off: the choice holds for this visit only.
  }
}
