/** Path and body schemas of the review routes (api.md "Review links, comments and approvals"). */
import { z } from 'zod';
import {
  MAX_VIEWS,
  REVIEW_COMMENT_MAX_CHARS,
  REVIEW_LINK_MAX_DAYS,
  REVIEW_LINK_MIN_DAYS,
  REVIEWER_NAME_MAX_CHARS,
} from '#shared/limits';
import { REVIEW_DECISIONS } from '#shared/review-types';

const id = z.string().min(1).max(64);

export const idParamSchema = z.object({ id });
export const tokenParamSchema = z.object({ token: z.string().min(1).max(128) });

export const imageParamSchema = z.object({
  token: z.string().min(1).max(128),
  generationId: id,
  index: z.coerce.number().int().min(0).max(MAX_VIEWS - 1),
  variant: z.string().min(1).max(16),
});

export const createLinkSchema = z.object({
  expiresInDays: z.number().int().min(REVIEW_LINK_MIN_DAYS).max(REVIEW_LINK_MAX_DAYS).optional(),
  allowDownload: z.boolean().optional(),
});

const reviewerName = z.string().trim().min(1).max(REVIEWER_NAME_MAX_CHARS);
const coordinate = z.number().min(0).max(1);

/** A pin is both coordinates or neither (a comment on the whole image). */
export const commentSchema = z
  .object({
    generationId: id,
    imageIndex: z.number().int().min(0).max(MAX_VIEWS - 1).default(0),
    body: z.string().trim().min(1).max(REVIEW_COMMENT_MAX_CHARS),
    name: reviewerName,
    x: coordinate.optional(),
    y: coordinate.optional(),
  })
  .refine((value) => (value.x === undefined) === (value.y === undefined), {
    message: 'x and y go together: both for a pin, neither for the whole image',
    path: ['x'],
  });

export const approvalSchema = z.object({
  generationId: id,
  status: z.enum(REVIEW_DECISIONS),
  name: reviewerName,
});

export const resolveSchema = z.object({ resolved: z.boolean() });

/** The owner's reply in a comment's thread. */
export const replySchema = z.object({ body: z.string().trim().min(1).max(REVIEW_COMMENT_MAX_CHARS) });
