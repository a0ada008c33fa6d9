/**
 * The project screens' rules as pure functions (docs/decisions/0065-projects-screens.md): where
 * "Open in studio" and "Branch from here" lead, how the compare selection grows, when a brief
 * field shows its counter, and what a brief draft changes.
 */
import { BRIEF_FIELDS, type BriefField, type ProjectBrief } from '#shared/project-types';
import { BRIEF_FIELD_MAX_CHARS, COMPARE_MAX_ITEMS, COMPARE_MIN_ITEMS } from '#shared/limits';
import { sameBrief } from '#shared/brief';
import type { Plan } from '#shared/plans';
import { PRESET_GROUPS, type PresetGroup } from '#shared/presets';
import type { JobSnapshot } from '#shared/job-types';
import { studioPathFor } from '../app/routing';

/** The studio's query names for an open project and the image a refinement starts from (the studio reads them). */
export const STUDIO_PROJECT_PARAM = 'project';
export const STUDIO_PARENT_PARAM = 'parent';

/** The studio of the user's plan with the project open. */
export function studioHref(plan: Plan | undefined, projectId: string): string {
  return `${studioPathFor(plan)}?${new URLSearchParams({ [STUDIO_PROJECT_PARAM]: projectId }).toString()}`;
}

/** The studio with the project open and one image selected for refinement: `parent=<generationId>.<imageIndex>`. */
export function branchHref(plan: Plan | undefined, projectId: string, generationId: string, imageIndex = 0): string {
  const query = new URLSearchParams({ [STUDIO_PROJECT_PARAM]: projectId, [STUDIO_PARENT_PARAM]: `${generationId}.${imageIndex}` });
  return `${studioPathFor(plan)}?${query.toString()}`;
}

/** A job belongs to the project when it was made in it or from one of its versions (a region edit, a refinement). */
export function projectJobs(jobs: readonly JobSnapshot[], projectId: string, generationIds: ReadonlySet<string>): JobSnapshot[] {
  return jobs.filter((job) => job.projectId === projectId || (job.parentId !== undefined && generationIds.has(job.parentId)));
}

/**
 * Toggles an id in the compare selection: a chosen one leaves; a new one joins unless the
 * selection is full (the screen compares at most COMPARE_MAX_ITEMS).
 */
export function toggleCompare(selected: readonly string[], id: string): string[] {
  if (selected.includes(id)) return selected.filter((entry) => entry !== id);
  return selected.length >= COMPARE_MAX_ITEMS ? [...selected] : [...selected, id];
}

export function canCompare(selected: readonly string[]): boolean {
  return selected.length >= COMPARE_MIN_ITEMS && selected.length <= COMPARE_MAX_ITEMS;
}

/** A field's counter shows from this share of the cap on: early enough to plan, late enough to stay quiet. */
const COUNTER_FROM = 0.8;

/** The counter under a brief field, or null while the text is far from the cap. */
export function briefCounter(text: string, max = BRIEF_FIELD_MAX_CHARS): string | null {
  return text.length >= Math.floor(max * COUNTER_FROM) ? `${text.length} / ${max}` : null;
}

/** The brief a draft saves: trimmed fields, empty ones left out. */
export function briefFromDraft(draft: Record<BriefField, string>): ProjectBrief {
  const brief: ProjectBrief = {};
  for (const field of BRIEF_FIELDS) {
    const value = draft[field].trim();
    if (value) brief[field] = value;
  }
  return brief;
}

/**
 * What Save sends: every field, trimmed. The Worker merges a brief patch (an absent field stays as
 * it was), so a field the user emptied must be sent as '' to be cleared.
 */
export function briefPatch(draft: Record<BriefField, string>): Record<BriefField, string> {
  return Object.fromEntries(BRIEF_FIELDS.map((field) => [field, draft[field].trim()])) as Record<BriefField, string>;
}

/** The panel's editable copy of a brief: every field a string. */
export function draftFromBrief(brief: ProjectBrief): Record<BriefField, string> {
  return Object.fromEntries(BRIEF_FIELDS.map((field) => [field, brief[field] ?? ''])) as Record<BriefField, string>;
}

/** Whether saving the draft would change the brief (and so its version). */
export function briefChanged(saved: ProjectBrief, draft: Record<BriefField, string>): boolean {
  return !sameBrief(saved, briefFromDraft(draft));
}

/** The presets a brief field offers: the group of the same name (time of day, season, materials), if any. */
export function presetGroupFor(field: BriefField): PresetGroup | undefined {
  return PRESET_GROUPS.find((group) => group.id === field);
}

/** A project name as the Worker takes it: trimmed, 1–PROJECT_NAME_MAX_CHARS (the input's maxLength holds the cap). */
export function cleanName(name: string): string | null {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  return trimmed === '' ? null : trimmed;
}

/**
 * How much wider than its frame an image shows when it covers a frame of `frameAspect` (width over
 * height): a wider image is cropped at the sides, so its rendition must span more than the frame
 * (docs/decisions/0042-srcset-from-column-rules.md: never fewer pixels than shown).
 */
export function coverShare(image: { width: number; height: number }, frameAspect: number): number {
  const aspect = image.width / Math.max(1, image.height);
  return Math.max(1, aspect / frameAspect);
}

/** The Projects view's columns (projects.css .projects-grid mirrors them), in the dashboard's frame. */
export const PROJECT_COLUMNS = { default: 4, steps: [[1400, 3], [900, 2], [560, 1]] } as const;

/** The first covers load at once (about two rows at the widest); the rest when they near the viewport. */
export const PROJECT_EAGER_CARDS = 8;

/** Project covers are 4:3 frames; the tree's images too. */
export const COVER_ASPECT = 4 / 3;

/** A tree node's width in CSS px below and from 768 px (projects.css --node-w mirrors it). */
const TREE_NODE_WIDTH = { narrow: 168, wide: 216 } as const;

/** `sizes` for a tree node's image covering its 4:3 frame. */
export function treeImageSizes(share = 1): string {
  return `(max-width: 767px) ${Math.ceil(TREE_NODE_WIDTH.narrow * share)}px, ${Math.ceil(TREE_NODE_WIDTH.wide * share)}px`;
}
