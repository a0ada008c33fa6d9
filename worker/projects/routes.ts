import { Hono } from 'hono';
import { requireUser } from '../auth';
import type { AppContext, AppEnv } from '../platform/context';
import { callerSpace, spaceQuerySchema } from '../platform/space';
import { validate } from '../platform/validation';
import { notifyGenerations, notifyProjects } from '../platform/notify';
import { createProjectSchema, projectIdSchema, projectPageQuerySchema, updateProjectSchema } from './requests';
import { archiveResponse } from '../downloads';
import { changeProject, createProject, deleteProject, getProject, listProjects, projectDownload, type ProjectDeps } from './service';

function projectDeps(c: AppContext): ProjectDeps {
  return {
    db: c.var.db,
    signingSecret: c.env.MEDIA_SIGNING_SECRET,
    notifyProjects: (space) => notifyProjects(c.env, space),
    notifyGenerations: (space) => notifyGenerations(c.env, space),
  };
}

/**
 * The projects of the caller's space (docs/api.md "Projects, lineage and compare"; `workspaceId`
 * for a workspace's, docs/api.md "Workspaces (teams)"); anything of another space is 404.
 */
export const projectRoutes = new Hono<AppEnv>()
  .use(requireUser())
  .post('/', validate('query', spaceQuerySchema), validate('json', createProjectSchema), async (c) => {
    const { workspaceId, ...body } = c.req.valid('json');
    const space = await callerSpace(c, c.req.valid('query')?.workspaceId, 'view', workspaceId);
    return c.json(await createProject(projectDeps(c), space, body), 201);
  })
  .get('/', validate('query', projectPageQuerySchema), async (c) => {
    const { workspaceId, ...page } = c.req.valid('query');
    const projects = await listProjects(projectDeps(c), await callerSpace(c, workspaceId), page);
    c.header('Cache-Control', 'private, no-store');
    return c.json(projects, 200);
  })
  .get('/:id', validate('param', projectIdSchema), validate('query', spaceQuerySchema), async (c) => {
    const space = await callerSpace(c, c.req.valid('query')?.workspaceId);
    const project = await getProject(projectDeps(c), space, c.req.valid('param').id);
    c.header('Cache-Control', 'private, no-store');
    return c.json(project, 200);
  })
  .get('/:id/download', validate('param', projectIdSchema), validate('query', spaceQuerySchema), async (c) => {
    const space = await callerSpace(c, c.req.valid('query')?.workspaceId);
    const archive = await projectDownload(projectDeps(c), space, c.req.valid('param').id);
    return archiveResponse(c, archive);
  })
  .patch('/:id', validate('param', projectIdSchema), validate('query', spaceQuerySchema), validate('json', updateProjectSchema), async (c) => {
    const space = await callerSpace(c, c.req.valid('query')?.workspaceId);
    const project = await changeProject(projectDeps(c), space, c.req.valid('param').id, c.req.valid('json'));
    return c.json(project, 200);
  })
  .delete('/:id', validate('param', projectIdSchema), validate('query', spaceQuerySchema), async (c) => {
    const space = await callerSpace(c, c.req.valid('query')?.workspaceId);
    await deleteProject(projectDeps(c), space, c.req.valid('param').id);
    return c.body(null, 204);
  });
