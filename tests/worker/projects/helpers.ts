/** Helpers for the project tests: projects made through the API, generations placed in trees directly in D1. */
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import type { Project, ProjectBrief } from '#shared/project-types';
import { insertGeneration, type SeedGeneration } from '../gallery/gallery-helpers';
import { call, json } from '../helpers';

export async function createProject(token: string, name = 'Riverside library', brief?: ProjectBrief): Promise<Project> {
  const response = await call('/api/projects', { method: 'POST', token, body: { name, ...(brief ? { brief } : {}) } });
  expect(response.status).toBe(201);
  return json<Project>(response);
}

export interface PlacedGeneration extends SeedGeneration {
  projectId?: string | null;
  parentId?: string | null;
}

/** A generation row (see gallery-helpers) placed in a project and under a parent. */
export async function placeGeneration(options: PlacedGeneration): Promise<string> {
  const id = await insertGeneration(options);
  await env.DB.prepare('update generations set project_id = ?, parent_id = ? where id = ?')
    .bind(options.projectId ?? null, options.parentId ?? null, id)
    .run();
  return id;
}

export async function projectIdOf(generationId: string): Promise<string | null | undefined> {
  const row = await env.DB.prepare('select project_id from generations where id = ?').bind(generationId).first<{ project_id: string | null }>();
  return row?.project_id;
}

export async function errorField(response: Response): Promise<string | undefined> {
  return (await json<{ error: { field?: string } }>(response)).error.field;
}
