import { Hono } from 'hono';
import { currentUser, requireUser } from '../auth';
import type { AppContext, AppEnv } from '../platform/context';
import { validate } from '../platform/validation';
import { notifyGenerations, notifyProjects } from '../platform/notify';
import { pageQuerySchema } from '../gallery';
import { createProjectSchema, projectIdSchema, updateProjectSchema } from './requests';
import { archiveResponse } from '../downloads';
import { changeProject, createProject, deleteProject, getProject, listProjects, projectDownload, type ProjectDeps } from './service';

function projectDeps(c: AppContext): ProjectDeps {
  return {
    db: c.var.db,
    signingSecret: c.env.MEDIA_SIGNING_SECRET,
    notifyProjects: (userId) => notifyProjects(c.env, userId),
    notifyGenerations: (userId) => notifyGenerations(c.env, userId),
  };
}

/** The caller's projects (docs/api.md "Projects, lineage and compare"); owner only, anything else is 404. */
export const projectRoutes = new Hono<AppEnv>()
  .use(requireUser())
  .post('/', validate('json', createProjectSchema), async (c) => {
    const project = await createProject(projectDeps(c), currentUser(c).id, c.req.valid('json'));
    return c.json(project, 201);
  })
  .get('/', validate('query', pageQuerySchema), async (c) => {
    const page = await listProjects(projectDeps(c), currentUser(c).id, c.req.valid('query'));
    c.header('Cache-Control', 'private, no-store');
    return c.json(page, 200);
  })
  .get('/:id', validate('param', projectIdSchema), async (c) => {
    const project = await getProject(projectDeps(c), currentUser(c).id, c.req.valid('param').id);
    c.header('Cache-Control', 'private, no-store');
    return c.json(project, 200);
  })
  .get('/:id/download', validate('param', projectIdSchema), async (c) => {
    const archive = await projectDownload(projectDeps(c), currentUser(c).id, c.req.valid('param').id);
    return archiveResponse(c, archive);
  })
  .patch('/:id', validate('param', projectIdSchema), validate('json', updateProjectSchema), async (c) => {
    const project = await changeProject(projectDeps(c), currentUser(c).id, c.req.valid('param').id, c.req.valid('json'));
    return c.json(project, 200);
  })
  .delete('/:id', validate('param', projectIdSchema), async (c) => {
    await deleteProject(projectDeps(c), currentUser(c).id, c.req.valid('param').id);
    return c.body(null, 204);
  });
