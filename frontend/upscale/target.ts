/**
 * What "Upscale ×2" acts on and whether it may (docs/decisions/0090-print-ui.md): one image of one
 * of the caller's generations, the size and price shared/print.ts quotes for it, and the reason it
 * is refused before anything is sent — already at the long-side limit, a 4K result on the free
 * plan, or not enough credits — and how an upscale pairs with its source.
 */
import type { VersionedItem } from '#shared/generations-types';
import { printMessages } from '#shared/messages/print';
import { isPaidPlan, isUnlimited, type Plan } from '#shared/plans';
import { UPSCALE_MAX_LONG_SIDE, upscaleQuote, type UpscaleInfo } from '#shared/print';
import { compareHref } from '../compare/compare-url';
import { upscaleCopy } from './copy';

export interface UpscaleTarget {
  generationId: string;
  imageIndex: number;
  /** The source's pixel size: the result is twice it, up to the limit. */
  width: number;
  height: number;
}

/** What an entry point knows of a generation (a VersionedItem, a studio batch, a board image's). */
export interface UpscalableGeneration {
  id: string;
  images: readonly { width: number; height: number }[];
}

/** The target for an image of known size, or null when its size is unknown. */
export function upscaleTarget(generationId: string, imageIndex: number, size: { width: number; height: number } | undefined): UpscaleTarget | null {
  if (!size || size.width <= 0 || size.height <= 0) return null;
  return { generationId, imageIndex, width: size.width, height: size.height };
}

/** The target for the generation's image at `imageIndex` (its place in `images`), or null when there is none. */
export function upscaleTargetOf(generation: UpscalableGeneration, imageIndex = 0): UpscaleTarget | null {
  return upscaleTarget(generation.id, imageIndex, generation.images[imageIndex]);
}

export interface UpscaleOffer {
  enabled: boolean;
  /** Why it cannot be pressed, shown beside it. */
  reason: string | null;
  /** The result's size; null at the limit. */
  size: { width: number; height: number } | null;
  /** Credits the press costs; null on an unlimited plan, or when there is nothing to quote. */
  cost: number | null;
}

/** Whether the user may upscale the image now, what it makes and what it costs them. */
export function upscaleOffer(target: Pick<UpscaleTarget, 'width' | 'height'>, plan: Plan | undefined, credits: number): UpscaleOffer {
  const quote = upscaleQuote(target.width, target.height);
  if (!quote) return { enabled: false, reason: printMessages.upscaleAtLimit(UPSCALE_MAX_LONG_SIDE), size: null, cost: null };
  const size = { width: quote.width, height: quote.height };
  const unlimited = plan !== undefined && isUnlimited(plan);
  const cost = unlimited ? null : quote.credits;
  if (quote.paidPlansOnly && !(plan !== undefined && isPaidPlan(plan))) return { enabled: false, reason: upscaleCopy.needsPaidPlan, size, cost };
  if (!unlimited && credits < quote.credits) return { enabled: false, reason: upscaleCopy.needsCredits(quote.credits), size, cost };
  return { enabled: true, reason: null, size, cost };
}

/** What the pairing needs of a generation (a VersionedItem). */
export type MaybeUpscale = Pick<VersionedItem, 'id' | 'kind' | 'upscale'>;

/** The source of a generation made by an upscale, or null for every other kind. */
export function upscaleInfoOf(generation: MaybeUpscale): UpscaleInfo | null {
  return generation.kind === 'upscale' && generation.upscale ? generation.upscale : null;
}

/** The compare address of an upscale beside its source (before left, after right), or null. */
export function upscaleCompareHref(generation: MaybeUpscale): string | null {
  const source = upscaleInfoOf(generation);
  if (!source) return null;
  return compareHref([
    { generationId: source.sourceId, imageIndex: source.sourceIndex },
    { generationId: generation.id, imageIndex: 0 },
  ]);
}
