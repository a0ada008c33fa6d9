/**
 * The owner's view of a generation: a dashboard card plus where it sits in its project and its
 * version tree (shared/generations-types.ts VersionedItem). The dashboard, the project page, the
 * lineage and the compare screen all read this one shape.
 */
import { sql } from 'drizzle-orm';
import type { JobKind, StoredEdit } from '#shared/generation-types';
import { DEFAULT_FIDELITY, type FidelityStep, type InputType } from '#shared/drawing-inputs';
import type { GenerationItem, VersionedItem } from '#shared/generations-types';
import type { UpscaleInfo } from '#shared/print';
import type { EditInfo } from '#shared/region-edit';
import type { VersionRef } from '#shared/version-names';
import { QUALIFIED_CARD_COLUMNS, toCardRow, toGalleryItem, type CardRow, type RawCardRow } from '../gallery';
import { mediaUrl, signedMediaUrl } from '../media';

export interface RawVersionedRow extends RawCardRow {
  project_id: string | null;
  parent_id: string | null;
  starred_at: number | null;
  brief_version: number | null;
  brief_addition: string | null;
  kind: JobKind;
  edit: string | null;
  input_type: InputType | null;
  fidelity: FidelityStep | null;
  upscale: string | null;
  version_tree: number | null;
  version_number: number | null;
  parent_version_tree: number | null;
  parent_version_number: number | null;
  workspace_id: string | null;
  author_email: string | null;
}

export interface VersionedRow extends CardRow {
  projectId: string | null;
  parentId: string | null;
  starred: boolean;
  briefVersion: number | null;
  briefAddition: string | null;
  kind: JobKind;
  edit: StoredEdit | null;
  inputType: InputType | null;
  fidelity: FidelityStep | null;
  upscale: UpscaleInfo | null;
  version: VersionRef | null;
  parentVersion: VersionRef | null;
  /** The workspace it was made in; null in a personal space. */
  workspaceId: string | null;
  /** Who made it (its `user_id`'s email). */
  authorEmail: string | null;
}

/** A stored name, when both its parts are there. */
export function versionRef(tree: number | null, number: number | null): VersionRef | null {
  return tree === null || number === null ? null : { tree, number };
}

/**
 * The select list of RawVersionedRow over `generations` (qualified, so joins may use it), with
 * whether the viewer likes it, the parent's version name when the parent is in the same project,
 * and who made it.
 */
export function versionedColumns(viewerId: string) {
  const parent = (column: string) => sql`(select parent.${sql.raw(column)} from generations as parent
    where parent.id = generations.parent_id and parent.project_id = generations.project_id)`;
  return sql`${sql.raw(QUALIFIED_CARD_COLUMNS)}, generations.project_id, generations.parent_id,
    generations.starred_at, generations.brief_version, generations.brief_addition, generations.kind, generations.edit, generations.upscale,
    generations.input_type, generations.fidelity,
    generations.version_tree, generations.version_number,
    ${parent('version_tree')} as parent_version_tree, ${parent('version_number')} as parent_version_number,
    generations.workspace_id, (select author.email from users as author where author.id = generations.user_id) as author_email,
    exists (select 1 from liked where liked.user_id = ${viewerId} and liked.generation_id = generations.id) as liked`;
}

export function toVersionedRow(row: RawVersionedRow): VersionedRow {
  return {
    ...toCardRow(row),
    projectId: row.project_id,
    parentId: row.parent_id,
    starred: row.starred_at !== null,
    briefVersion: row.brief_version,
    briefAddition: row.brief_addition,
    kind: row.kind,
    edit: row.edit === null ? null : (JSON.parse(row.edit) as StoredEdit),
    inputType: row.input_type,
    fidelity: row.fidelity,
    upscale: row.upscale === null ? null : (JSON.parse(row.upscale) as UpscaleInfo),
    version: versionRef(row.version_tree, row.version_number),
    parentVersion: versionRef(row.parent_version_tree, row.parent_version_number),
    workspaceId: row.workspace_id,
    authorEmail: row.author_email,
  };
}

/** A region edit's source, feather and mask URL (public with the generation, else signed). */
async function editInfo(secret: string, row: VersionedRow, nowMs: number): Promise<EditInfo | null> {
  if (!row.edit) return null;
  const { sourceId, sourceIndex, maskKey, featherPx } = row.edit;
  return { sourceId, sourceIndex, featherPx, maskUrl: await mediaUrl(secret, maskKey, row.visibility, nowMs) };
}

/**
 * A dashboard card: a gallery card plus the (always private, so signed) reference images. Every
 * member of its workspace sees what its maker does (its geometry scores included).
 */
async function toGenerationItem(secret: string, row: VersionedRow, viewerId: string, nowMs: number): Promise<GenerationItem> {
  const [item, referenceImages] = await Promise.all([
    toGalleryItem(secret, row, viewerId, nowMs, row.workspaceId !== null),
    Promise.all(row.referenceImages.map((key) => signedMediaUrl(secret, key, nowMs))),
  ]);
  return { ...item, referenceImages };
}

export async function toVersionedItem(secret: string, row: VersionedRow, viewerId: string, nowMs = Date.now()): Promise<VersionedItem> {
  const [item, edit] = await Promise.all([toGenerationItem(secret, row, viewerId, nowMs), editInfo(secret, row, nowMs)]);
  return {
    ...item,
    projectId: row.projectId,
    parentId: row.parentId,
    starred: row.starred,
    briefVersion: row.briefVersion,
    briefAddition: row.briefAddition,
    kind: row.kind,
    edit,
    ...(row.inputType ? { inputType: row.inputType, fidelity: row.fidelity ?? DEFAULT_FIDELITY[row.inputType] } : {}),
    upscale: row.upscale,
    version: row.version,
    parentVersion: row.parentVersion,
    ...(row.workspaceId !== null ? { author: { id: row.userId, email: row.authorEmail ?? '' } } : {}),
  };
}

export async function toVersionedItems(secret: string, rows: VersionedRow[], viewerId: string): Promise<VersionedItem[]> {
  const nowMs = Date.now();
  return Promise.all(rows.map((row) => toVersionedItem(secret, row, viewerId, nowMs)));
}
