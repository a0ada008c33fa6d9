/**
 * The input bar's trap guards as pure functions (docs/decisions/0048-reference-traps.md): what a
 * reference thumbnail says about itself, when a generation needs the user's confirmation, and when
 * the prompt counter shows.
 */
import { MAX_INPUT_IMAGES, PROMPT_MAX_CHARS } from '#shared/limits';
import type { ModelId, Resolution } from '#shared/models';
import { generationCost } from '#shared/print';
import { isUnlimited, type Plan } from '#shared/plans';
import { inputCopy } from './input-copy';
import type { ReferenceItem } from './references';

type ThumbState = 'uploading' | 'ready' | 'refused' | 'unused';

export interface ThumbBadge {
  state: ThumbState;
  text: string;
  /** The refusal reason or the note of an unused image; null when there is nothing to explain. */
  detail: string | null;
}

/**
 * The badge of an input image at `position` among all input images (selected ones first). Images
 * past MAX_INPUT_IMAGES are never sent to the engine, whatever their upload state.
 */
export function thumbBadge(ref: Pick<ReferenceItem, 'status' | 'reason'> | null, position: number): ThumbBadge {
  if (ref?.status === 'failed') return { state: 'refused', text: inputCopy.refused, detail: ref.reason ?? null };
  if (position >= MAX_INPUT_IMAGES) return { state: 'unused', text: inputCopy.notUsed, detail: inputCopy.notUsedWhy };
  if (ref?.status === 'uploading') return { state: 'uploading', text: inputCopy.uploading, detail: null };
  return { state: 'ready', text: inputCopy.ready, detail: null };
}

/** The chosen references that cannot be used: a generation would run without them. */
export function refusedReferences<T extends Pick<ReferenceItem, 'status'>>(references: T[]): T[] {
  return references.filter((ref) => ref.status === 'failed');
}

/** What a generation is asked for: its tier, resolution and views decide its price. */
export interface GenerationChoice {
  model: ModelId;
  resolution: Resolution;
  views: number;
}

/** Credits a generation would take from this plan (none on an unlimited plan). */
export function chargeFor(plan: Plan, choice: GenerationChoice): number {
  return isUnlimited(plan) ? 0 : generationCost(choice.model, choice.resolution, choice.views);
}

/**
 * A generation needs a confirmation when it would spend credits and a reference the user chose
 * is refused: otherwise it would silently run and charge without it.
 */
export function needsReferenceConfirm(references: Pick<ReferenceItem, 'status'>[], plan: Plan, choice: GenerationChoice): boolean {
  return chargeFor(plan, choice) > 0 && refusedReferences(references).length > 0;
}

/** The counter appears from this share of the limit on. */
const COUNTER_FROM = 0.8;

export interface PromptCounter {
  text: string;
  /** How many characters past the limit (0 when within). */
  over: number;
}

/** The prompt counter near the 2000-character cut; null while the prompt is comfortably short. */
export function promptCounter(length: number): PromptCounter | null {
  if (length < PROMPT_MAX_CHARS * COUNTER_FROM) return null;
  return { text: inputCopy.counter(length), over: Math.max(0, length - PROMPT_MAX_CHARS) };
}

export interface PromptBoxSize {
  height: number;
  /** Past the maximum the box keeps its height and scrolls. */
  scrolls: boolean;
}

/**
 * The prompt box's height for text `contentHeight` px tall (its scrollHeight at height auto): the
 * text's own, up to `maxHeight`; past that the box stops growing and scrolls.
 */
export function promptBoxSize(contentHeight: number, maxHeight: number): PromptBoxSize {
  if (!(maxHeight > 0)) return { height: contentHeight, scrolls: false };
  return { height: Math.min(contentHeight, maxHeight), scrolls: contentHeight > maxHeight };
}

/**
 * Whether the studio focuses its prompt on load: not on touch-only screens (the on-screen keyboard
 * would cover the page), and not when the user is already typing in another field.
 */
export function shouldFocusPromptOnLoad(touchOnly: boolean, active: Pick<Element, 'tagName'> | null): boolean {
  if (touchOnly) return false;
  return !['INPUT', 'TEXTAREA', 'SELECT'].includes(active?.tagName ?? 'BODY');
}
