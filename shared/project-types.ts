/**
 * Projects, their design brief and version lineage as every client sees them
 * (api.md "Projects, lineage and compare"). A project is a forest of version trees: each
 * generation may name the generation it came from (`parentId`).
 */
import type { LibraryItem } from './gallery-types';

/** The brief's fields, in the order the panel shows them and the prompt carries them. */
export const BRIEF_FIELDS = ['summary', 'materials', 'palette', 'site', 'timeOfDay', 'season'] as const;
export type BriefField = (typeof BRIEF_FIELDS)[number];

/** A project's design brief: every field optional, each at most BRIEF_FIELD_MAX_CHARS. */
export type ProjectBrief = Partial<Record<BriefField, string>>;

export interface Project {
  id: string;
  name: string;
  brief: ProjectBrief;
  /** Starts at 1 and grows by one each time the brief changes. */
  briefVersion: number;
  /** The generation whose first image goes along as a reference for Concept. */
  heroGenerationId: string | null;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601: the last change to the project or a generation made in it. */
  updatedAt: string;
}

/** A card of the Projects list (GET /api/projects). */
export interface ProjectSummary extends Project {
  generationCount: number;
  /** The hero's first image, else the newest generation's; null for an empty project. */
  cover: LibraryItem['images'][number] | null;
}

export interface ProjectPage {
  items: ProjectSummary[];
  nextCursor: string | null;
}

/** A generation as a node of a version tree: a dashboard card plus where it sits. */
export interface VersionedItem extends LibraryItem {
  projectId: string | null;
  parentId: string | null;
  /** Starred by the owner as its view's current version. */
  starred: boolean;
  /** The project's brief version it was made with; null when made outside a project. */
  briefVersion: number | null;
  /** The words the brief added to the prompt the engine received; null when none. */
  briefAddition: string | null;
}

/** GET /api/projects/:id: the project and every generation in it, oldest first. */
export interface ProjectDetail extends Project {
  generations: VersionedItem[];
}

/** GET /api/generations/:id/lineage: root first, then the generation's descendants (every depth, oldest first). */
export interface LineageResponse {
  ancestors: VersionedItem[];
  descendants: VersionedItem[];
}
