import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { requireUser } from '../auth';
import { archiveResponse } from '../downloads';
import { serveMediaObject } from '../media';
import { backgroundTasks, type AppContext, type AppEnv } from '../platform/context';
import { validate } from '../platform/validation';
import { notifyReview } from '../platform/notify';
import { callerSpace, spaceField, spaceQuerySchema } from '../platform/space';
import { meterReviewerName, meterReviewPost } from './metering';
import {
  approvalSchema,
  commentBodyOf,
  commentSchema,
  createLinkSchema,
  idParamSchema,
  imageParamSchema,
  pageQuerySchema,
  replySchema,
  resolveSchema,
  reviewerNameOf,
  tokenParamSchema,
} from './requests';
import {
  addApproval,
  addComment,
  addReply,
  createLink,
  listLinks,
  projectFeedback,
  resolveComment,
  reviewComments,
  linkDownload,
  reviewImage,
  reviewPage,
  revoke,
  type ReviewDeps,
} from './service';

export function reviewDeps(c: AppContext): ReviewDeps {
  const inBackground = backgroundTasks(c);
  return {
    db: c.var.db,
    signingSecret: c.env.MEDIA_SIGNING_SECRET,
    notifyReview: (space, projectId) => inBackground(notifyReview(c.env, space, projectId)),
  };
}

const feedbackQuerySchema = pageQuerySchema.extend(spaceField);

/** The token is in the page's and the API's URLs: no answer under it hands it on as a referrer. */
const noReferrer = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.res.headers.set('Referrer-Policy', 'no-referrer');
  c.res.headers.set('X-Robots-Tag', 'noindex');
});

/**
 * The owner's links and feedback (signed in; the projects of the caller's space, `workspaceId` for
 * a workspace's by role: anything else gets the same 404).
 */
export const reviewOwnerRoutes = new Hono<AppEnv>()
  .post('/projects/:id/review-links', requireUser(), validate('param', idParamSchema), validate('query', spaceQuerySchema), validate('json', createLinkSchema), async (c) => {
    const origin = new URL(c.req.url).origin;
    const space = await callerSpace(c, c.req.valid('query')?.workspaceId);
    const link = await createLink(reviewDeps(c), space, c.req.valid('param').id, { ...c.req.valid('json'), origin });
    c.header('Cache-Control', 'private, no-store');
    return c.json(link, 201);
  })
  .get('/projects/:id/review-links', requireUser(), validate('param', idParamSchema), validate('query', spaceQuerySchema), async (c) => {
    const space = await callerSpace(c, c.req.valid('query')?.workspaceId);
    const links = await listLinks(reviewDeps(c), space, c.req.valid('param').id);
    c.header('Cache-Control', 'private, no-store');
    return c.json(links, 200);
  })
  .get('/projects/:id/feedback', requireUser(), validate('param', idParamSchema), validate('query', feedbackQuerySchema), async (c) => {
    const { workspaceId, cursor } = c.req.valid('query');
    const feedback = await projectFeedback(reviewDeps(c), await callerSpace(c, workspaceId), c.req.valid('param').id, cursor);
    c.header('Cache-Control', 'private, no-store');
    return c.json(feedback, 200);
  })
  .delete('/review-links/:id', requireUser(), validate('param', idParamSchema), validate('query', spaceQuerySchema), async (c) => {
    await revoke(reviewDeps(c), await callerSpace(c, c.req.valid('query')?.workspaceId), c.req.valid('param').id);
    return c.body(null, 204);
  })
  .patch('/review-comments/:id', requireUser(), validate('param', idParamSchema), validate('query', spaceQuerySchema), validate('json', resolveSchema), async (c) => {
    const space = await callerSpace(c, c.req.valid('query')?.workspaceId);
    const comment = await resolveComment(reviewDeps(c), space, c.req.valid('param').id, c.req.valid('json').resolved);
    return c.json(comment, 200);
  })
  .post('/review-comments/:id/replies', requireUser(), validate('param', idParamSchema), validate('query', spaceQuerySchema), validate('json', replySchema), async (c) => {
    const space = await callerSpace(c, c.req.valid('query')?.workspaceId);
    const reply = await addReply(reviewDeps(c), space, c.req.valid('param').id, c.req.valid('json').body);
    return c.json(reply, 201);
  });

/** A reviewer's routes: no sign-in, the token is the key. */
export const reviewerRoutes = new Hono<AppEnv>()
  .use('/*', noReferrer)
  .get('/:token', validate('param', tokenParamSchema), async (c) => {
    const page = await reviewPage(reviewDeps(c), c.req.valid('param').token);
    c.header('Cache-Control', 'private, no-store');
    return c.json(page, 200);
  })
  .get('/:token/comments', validate('param', tokenParamSchema), validate('query', pageQuerySchema), async (c) => {
    const page = await reviewComments(reviewDeps(c), c.req.valid('param').token, c.req.valid('query').cursor);
    c.header('Cache-Control', 'private, no-store');
    return c.json(page, 200);
  })
  .get('/:token/images/:generationId/:index/:variant', validate('param', imageParamSchema), async (c) => {
    const { token, ...request } = c.req.valid('param');
    const { key, cacheControl, fileName } = await reviewImage(reviewDeps(c), token, request);
    const response = await serveMediaObject(c, key, cacheControl);
    if (fileName) response.headers.set('Content-Disposition', `inline; filename="${fileName}"`);
    return response;
  })
  .get('/:token/download', validate('param', tokenParamSchema), async (c) => {
    const archive = await linkDownload(reviewDeps(c), c.req.valid('param').token);
    return archiveResponse(c, archive);
  })
  .post('/:token/comments', meterReviewPost, validate('param', tokenParamSchema), validate('json', commentSchema), async (c) => {
    const { token } = c.req.valid('param');
    const { x, y, name, body, ...rest } = c.req.valid('json');
    const post = { ...rest, name: reviewerNameOf(name), body: commentBodyOf(body), x: x ?? null, y: y ?? null };
    await meterReviewerName(c, token, post.name);
    const comment = await addComment(reviewDeps(c), token, post);
    return c.json(comment, 201);
  })
  .post('/:token/approvals', meterReviewPost, validate('param', tokenParamSchema), validate('json', approvalSchema), async (c) => {
    const { token } = c.req.valid('param');
    const { name, ...rest } = c.req.valid('json');
    const decision = { ...rest, name: reviewerNameOf(name) };
    await meterReviewerName(c, token, decision.name);
    const approval = await addApproval(reviewDeps(c), token, decision);
    return c.json(approval, 201);
  });
