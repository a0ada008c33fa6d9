/**
 * What the mask editor opens on: one image of one of the caller's generations, its exact pixel
 * size (the mask's), the tier whose price the edit costs, and, from a client's pinned comment,
 * the pin and the comment's words. Built here from what every entry point already holds, so each
 * way in is one call.
 */
import type { CardImage } from '#shared/gallery-types';
import { modelCost } from '#shared/models';
import { isUnlimited, type Plan } from '#shared/plans';
import { EDIT_INSTRUCTION_MAX_CHARS } from '#shared/region-edit';

export interface EditTarget {
  generationId: string;
  imageIndex: number;
  /** What the editor paints over: the largest rendition (the original's size) or the original. */
  imageUrl: string;
  /** The source image's pixel size: the mask's size, whatever the screen. */
  width: number;
  height: number;
  /** The generation's prompt: the image's alternative text. */
  prompt: string;
  /** The tier's credits for one view: what the edit costs (the source's own tier renders it). */
  cost: number;
  /** Prefilled from a comment: the words… */
  instruction?: string;
  /** …and its pin, in 0–1 of the image: a soft circle is painted there. */
  pin?: { x: number; y: number };
}

/** What an entry point knows of a generation (a VersionedItem, a GalleryItem and a studio batch fit). */
export interface EditableGeneration {
  id: string;
  prompt: string;
  /** The tier's label ('Standard') or id ('standard'). */
  model: string;
  images: readonly Pick<CardImage, 'url' | 'width' | 'height' | 'renditions'>[];
}

/** The target for one image, or null when the generation has no such image (or no size to mask at). */
export function editTargetOf(generation: EditableGeneration, imageIndex = 0): EditTarget | null {
  const image = generation.images[imageIndex];
  if (!image || image.width <= 0 || image.height <= 0) return null;
  return {
    generationId: generation.id,
    imageIndex,
    imageUrl: image.renditions.at(-1)?.url ?? image.url,
    width: image.width,
    height: image.height,
    prompt: generation.prompt,
    cost: modelCost(generation.model.toLowerCase()),
  };
}

/** A client's pinned comment as an edit: the soft circle at its pin, its words as the instruction. */
export function pinnedEditTarget(
  generation: EditableGeneration,
  comment: { imageIndex: number; body: string; x: number | null; y: number | null },
): EditTarget | null {
  const target = editTargetOf(generation, comment.imageIndex);
  if (!target || comment.x === null || comment.y === null) return null;
  return { ...target, instruction: comment.body.trim().slice(0, EDIT_INSTRUCTION_MAX_CHARS), pin: { x: comment.x, y: comment.y } };
}

/** The cost the Send button shows: none for an unlimited plan. */
export function shownCost(target: Pick<EditTarget, 'cost'>, plan: Plan | undefined): number | null {
  return plan && isUnlimited(plan) ? null : target.cost;
}
