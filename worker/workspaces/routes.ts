import { Hono } from 'hono';
import { workspaceMessages } from '#shared/messages';
import { currentUser, requireUser } from '../auth';
import { emailSender } from '../email';
import { backgroundTasks, type AppContext, type AppEnv } from '../platform/context';
import { closeWorkspaceMember, notifyMembers } from '../platform/notify';
import { callerSpace, type WorkspaceSpace } from '../platform/space';
import { validate } from '../platform/validation';
import { accept, invite, previewInvitation, withdraw, type InvitationDeps } from './invitations';
import { removeLogo, setLogo } from './logo';
import {
  createWorkspaceSchema,
  invitationParamSchema,
  invitationSchema,
  logoFormSchema,
  memberParamSchema,
  memberPatchSchema,
  renameWorkspaceSchema,
  spendEntriesQuerySchema,
  spendQuerySchema,
  tokenParamSchema,
  workspaceParamSchema,
} from './requests';
import {
  changeMember,
  createWorkspace,
  deleteWorkspace,
  listWorkspaces,
  removeFromWorkspace,
  rename,
  workspaceDetail,
  type WorkspaceDeps,
} from './service';
import { spendCsv, spendEntriesPage, spendOf } from './spend';

function workspaceDeps(c: AppContext): WorkspaceDeps {
  return {
    db: c.var.db,
    media: c.env.MEDIA,
    signingSecret: c.env.MEDIA_SIGNING_SECRET,
    notifyMembers: (workspaceId) => notifyMembers(c.env, workspaceId),
    closeMemberSockets: (workspaceId, userId) => closeWorkspaceMember(c.env, workspaceId, userId),
  };
}

function invitationDeps(c: AppContext): InvitationDeps {
  return { ...workspaceDeps(c), sendEmail: emailSender(c.env, c.var.db, c.req.url), appName: c.env.APP_NAME, inBackground: backgroundTasks(c) };
}

/** The caller's membership of the workspace in the path, read now: a 404 for anyone who is not a member. */
async function memberSpace(c: AppContext, workspaceId: string): Promise<WorkspaceSpace> {
  const space = await callerSpace(c, workspaceId);
  if (space.kind !== 'workspace') throw new Error('a workspace id resolved to the personal space');
  return space;
}

/**
 * Team workspaces (docs/api.md "Workspaces (teams)"): signed in, members only (anyone else gets the
 * same 404 as for a missing workspace), each action by role (shared/workspace-rules.ts).
 */
export const workspaceRoutes = new Hono<AppEnv>()
  .use(requireUser())
  .post('/', validate('json', createWorkspaceSchema), async (c) => {
    return c.json(await createWorkspace(workspaceDeps(c), currentUser(c).id, c.req.valid('json').name), 201);
  })
  .get('/', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await listWorkspaces(workspaceDeps(c), currentUser(c).id), 200);
  })
  .get('/:id', validate('param', workspaceParamSchema), async (c) => {
    const detail = await workspaceDetail(workspaceDeps(c), await memberSpace(c, c.req.valid('param').id));
    c.header('Cache-Control', 'private, no-store');
    return c.json(detail, 200);
  })
  .patch('/:id', validate('param', workspaceParamSchema), validate('json', renameWorkspaceSchema), async (c) => {
    const space = await memberSpace(c, c.req.valid('param').id);
    return c.json(await rename(workspaceDeps(c), space, c.req.valid('json').name), 200);
  })
  .delete('/:id', validate('param', workspaceParamSchema), async (c) => {
    await deleteWorkspace(workspaceDeps(c), await memberSpace(c, c.req.valid('param').id));
    return c.body(null, 204);
  })
  .put('/:id/logo', validate('param', workspaceParamSchema), validate('form', logoFormSchema, workspaceMessages.logoInvalid), async (c) => {
    const space = await memberSpace(c, c.req.valid('param').id);
    return c.json(await setLogo(workspaceDeps(c), space, c.req.valid('form').file), 200);
  })
  .delete('/:id/logo', validate('param', workspaceParamSchema), async (c) => {
    await removeLogo(workspaceDeps(c), await memberSpace(c, c.req.valid('param').id));
    return c.body(null, 204);
  })
  .post('/:id/invitations', validate('param', workspaceParamSchema), validate('json', invitationSchema), async (c) => {
    const space = await memberSpace(c, c.req.valid('param').id);
    const request = { ...c.req.valid('json'), origin: new URL(c.req.url).origin, inviterEmail: currentUser(c).email };
    c.header('Cache-Control', 'private, no-store');
    return c.json(await invite(invitationDeps(c), space, request), 201);
  })
  .delete('/:id/invitations/:invitationId', validate('param', invitationParamSchema), async (c) => {
    const { id, invitationId } = c.req.valid('param');
    await withdraw(workspaceDeps(c), await memberSpace(c, id), invitationId);
    return c.body(null, 204);
  })
  .patch('/:id/members/:userId', validate('param', memberParamSchema), validate('json', memberPatchSchema), async (c) => {
    const { id, userId } = c.req.valid('param');
    return c.json(await changeMember(workspaceDeps(c), await memberSpace(c, id), userId, c.req.valid('json')), 200);
  })
  .delete('/:id/members/:userId', validate('param', memberParamSchema), async (c) => {
    const { id, userId } = c.req.valid('param');
    await removeFromWorkspace(workspaceDeps(c), await memberSpace(c, id), userId);
    return c.body(null, 204);
  })
  .get('/:id/spend', validate('param', workspaceParamSchema), validate('query', spendQuerySchema), async (c) => {
    const spend = await spendOf(workspaceDeps(c), await memberSpace(c, c.req.valid('param').id), c.req.valid('query').month);
    c.header('Cache-Control', 'private, no-store');
    return c.json(spend, 200);
  })
  .get('/:id/spend/entries', validate('param', workspaceParamSchema), validate('query', spendEntriesQuerySchema), async (c) => {
    const page = await spendEntriesPage(workspaceDeps(c), await memberSpace(c, c.req.valid('param').id), c.req.valid('query'));
    c.header('Cache-Control', 'private, no-store');
    return c.json(page, 200);
  })
  .get('/:id/spend/csv', validate('param', workspaceParamSchema), validate('query', spendQuerySchema), async (c) => {
    const { fileName, body } = spendCsv(workspaceDeps(c), await memberSpace(c, c.req.valid('param').id), c.req.valid('query').month);
    return c.body(body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    });
  });

/** An invitation's link (docs/api.md "Workspaces (teams)"): signed in as the invited email, else the one 404. */
export const invitationRoutes = new Hono<AppEnv>()
  .use(requireUser())
  .get('/:token', validate('param', tokenParamSchema), async (c) => {
    const preview = await previewInvitation(workspaceDeps(c), c.req.valid('param').token, currentUser(c));
    c.header('Cache-Control', 'private, no-store');
    return c.json(preview, 200);
  })
  .post('/:token/accept', validate('param', tokenParamSchema), async (c) => {
    return c.json(await accept(workspaceDeps(c), c.req.valid('param').token, currentUser(c)), 200);
  });
