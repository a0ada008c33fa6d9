/**
 * The owner's own generations as every client sees them (GET /api/generations, one generation,
 * its lineage): the dashboard, the project page, the viewer and the compare screen read these.
 * Each generation may name the generation it came from (`parentId`): a project is a forest of
 * such version trees.
 */
import type { FidelityStep, InputType } from './drawing-inputs';
import type { GalleryItem } from './gallery-types';
import type { JobKind } from './generation-types';
import type { UpscaleInfo } from './print';
import type { EditInfo } from './region-edit';
import type { VersionRef } from './version-names';
import type { VersionAuthor } from './workspace-types';

/** A dashboard card (GET /api/generations, PATCH /api/generations/:id). */
export interface GenerationItem extends GalleryItem {
  /** URLs of the reference images the generation was made from (signed: they are private). */
  referenceImages: string[];
}

/** A generation as a node of a version tree: a dashboard card plus where it sits. */
export interface VersionedItem extends GenerationItem {
  projectId: string | null;
  parentId: string | null;
  /** Starred by the owner as its view's current version. */
  starred: boolean;
  /** The project's brief version it was made with; null when made outside a project. */
  briefVersion: number | null;
  /** The words the brief added to the prompt the engine received; null when none. */
  briefAddition: string | null;
  /**
   * How it was made: `edit` for a region edit of its parent, `upscale` for a ×2 upscale of one of
   * its images. The Worker always sends it (and `edit`, `upscale`); they are optional only so a
   * card the app builds from another list need not invent them.
   */
  kind?: JobKind;
  /** A region edit's source, mask and feather; null for every other kind. */
  edit?: EditInfo | null;
  /** What its first reference image was and the Precise ↔ Creative step, when the request named them. */
  inputType?: InputType;
  fidelity?: FidelityStep;
  /** An upscale's source image; null for every other kind. */
  upscale?: UpscaleInfo | null;
  /** Its name in its project (shared/version-names.ts); null outside any project. */
  version: VersionRef | null;
  /** The parent's name, when the parent is named in the same project. */
  parentVersion: VersionRef | null;
  /** Who made it: sent for a team workspace's versions (docs/decisions/0096-workspaces.md), absent in the personal space. */
  author?: VersionAuthor;
}

/** The dashboard's page: the owner's cards with where each sits in its project (one shape everywhere the owner sees them). */
export interface GenerationsPage {
  items: VersionedItem[];
  nextCursor: string | null;
}

/** GET /api/generations/:id/lineage: root first, then the generation's descendants (every depth, oldest first). */
export interface LineageResponse {
  ancestors: VersionedItem[];
  descendants: VersionedItem[];
}
