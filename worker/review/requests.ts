/** Path and body schemas of the review routes (docs/api.md "Review links, comments and approvals"). */
import { z } from 'zod';
import {
  MAX_VIEWS,
  REVIEW_COMMENT_MAX_CHARS,
  REVIEW_LINK_MAX_DAYS,
  REVIEW_LINK_MIN_DAYS,
  REVIEWER_NAME_MAX_CHARS,
} from '#shared/limits';
import { reviewRequestMessages } from '#shared/messages';
import { hasVisibleLetter, normaliseCommentBody, normaliseReviewerName } from '#shared/review-rules';
import { REVIEW_DECISIONS } from '#shared/review-types';
import { AppError } from '../platform/errors';

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

/**
 * Names and comments arrive as typed and leave normalised (shared/review-rules.ts); what is left
 * is judged by reviewerNameOf and commentBodyOf, whose refusals say what to do. The raw caps leave
 * room for invisible characters that will be stripped, and bound the work.
 */
const reviewerName = z.string().max(REVIEWER_NAME_MAX_CHARS * 4).transform(normaliseReviewerName);
const commentBody = z.string().max(REVIEW_COMMENT_MAX_CHARS * 2).transform(normaliseCommentBody);
const coordinate = z.number().min(0).max(1);

/** A normalised name that may be kept: a 400 naming `name` when it has no letter or is too long. */
export function reviewerNameOf(name: string): string {
  if (!hasVisibleLetter(name)) throw new AppError('invalid_request', reviewRequestMessages.nameNeedsLetter, { field: 'name' });
  if (name.length > REVIEWER_NAME_MAX_CHARS) throw new AppError('invalid_request', reviewRequestMessages.nameTooLong, { field: 'name' });
  return name;
}

/** A normalised comment that may be kept: a 400 naming `body` when it has no letter or is too long. */
export function commentBodyOf(body: string): string {
  if (!hasVisibleLetter(body)) throw new AppError('invalid_request', reviewRequestMessages.commentNeedsLetter, { field: 'body' });
  if (body.length > REVIEW_COMMENT_MAX_CHARS) throw new AppError('invalid_request', reviewRequestMessages.commentTooLong, { field: 'body' });
  return body;
}

/** A pin is both coordinates or neither (a comment on the whole image). */
export const commentSchema = z
  .object({
    generationId: id,
    imageIndex: z.number().int().min(0).max(MAX_VIEWS - 1).default(0),
    body: commentBody,
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

/** A later page of comments: the cursor the previous page gave. */
export const pageQuerySchema = z.object({ cursor: z.string().max(512).optional() });
/** The owner's reply in a comment's thread. */
export const replySchema = z.object({ body: z.string().trim().min(1).max(REVIEW_COMMENT_MAX_CHARS) });
