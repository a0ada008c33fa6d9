import { REVIEW_COMMENT_MAX_CHARS, REVIEWER_NAME_MAX_CHARS } from '../limits';

/** What a review link's holder and its owner are told when a post or a link is refused (docs/decisions/0082). */
export const reviewRequestMessages = {
  nameNeedsLetter: 'Please enter your name, with at least one letter.',
  nameTooLong: `A name is at most ${REVIEWER_NAME_MAX_CHARS} characters.`,
  commentNeedsLetter: 'Please write your comment in words: it needs at least one letter.',
  commentTooLong: `A comment is at most ${REVIEW_COMMENT_MAX_CHARS} characters.`,
  nameRateLimited: 'Too many comments and decisions under this name in a minute. Please wait a minute and try again.',
  linkCommentsFull: (limit: number) =>
    `This review link has reached its limit of ${limit} comments. Please ask the person who shared it for a new link.`,
  projectCommentsFull: (limit: number) =>
    `This project has reached its limit of ${limit} comments, so no more can be added.`,
  linkDecisionsFull: (limit: number) =>
    `This review link has reached its limit of ${limit} decisions. Please ask the person who shared it for a new link.`,
  projectDecisionsFull: (limit: number) =>
    `This project has reached its limit of ${limit} decisions, so no more can be added.`,
  commentRepliesFull: (limit: number) => `This comment has reached its limit of ${limit} replies, so no more can be added.`,
  tooManyActiveLinks: (limit: number) =>
    `This project already has ${limit} working review links. Please revoke one you no longer need and try again.`,
  tooManyLinksToday: (limit: number) => `You have created ${limit} review links in the last 24 hours. Please try again tomorrow.`,
} as const;
