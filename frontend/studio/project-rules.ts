/**
 * The studio inside a project as pure rules (docs/decisions/0070-studio-in-a-project.md): the
 * open project lives in the address (`?project=<id>`), a branch from the project page names the
 * image to refine (`?parent=<generationId>.<imageIndex>`), and a refinement of a selected image
 * names that image's generation as its parent. Tested in tests/frontend/studio/project-rules.test.ts.
 */
import { STUDIO_PARENT_PARAM as PARENT_PARAM, STUDIO_PROJECT_PARAM as PROJECT_PARAM } from '../projects/rules';
import type { StudioImage } from './history';

export interface ParentRef {
  generationId: string;
  imageIndex: number;
}

/** The open project's id from the studio's query, or null. */
export function projectIdFrom(search: string): string | null {
  const id = new URLSearchParams(search).get(PROJECT_PARAM)?.trim();
  return id ? id : null;
}

/** `?parent=<generationId>.<imageIndex>` (the index defaults to 0); null when absent or malformed. */
export function parentFrom(search: string): ParentRef | null {
  const value = new URLSearchParams(search).get(PARENT_PARAM)?.trim();
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  const generationId = dot < 0 ? value : value.slice(0, dot);
  const index = dot < 0 ? '0' : value.slice(dot + 1);
  if (!generationId || !/^\d{1,2}$/.test(index)) return null;
  return { generationId, imageIndex: Number(index) };
}

/** The studio's query with another project open (null: none), and without a branch already taken. */
export function searchWithProject(search: string, projectId: string | null): string {
  const params = new URLSearchParams(search);
  params.delete(PARENT_PARAM);
  if (projectId) params.set(PROJECT_PARAM, projectId);
  else params.delete(PROJECT_PARAM);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The parent a generation names: the first selected image's generation, when it refines one. */
export function parentIdFor(isRefinement: boolean, selected: readonly Pick<StudioImage, 'batchId'>[]): string | null {
  return isRefinement ? (selected[0]?.batchId ?? null) : null;
}

/** How much of the brief's words the quiet line shows before it is expanded. */
const BRIEF_PREVIEW_CHARS = 72;

/** The collapsed brief line: the words up to a word break near the cut, with an ellipsis when cut. */
export function briefPreview(addition: string, max = BRIEF_PREVIEW_CHARS): string {
  const text = addition.trim().replace(/\s+/g, ' ');
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}
