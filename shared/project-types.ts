/**
 * Projects and their design brief as every client sees them (docs/api.md "Projects, lineage and
 * compare"). A project is a forest of version trees (shared/generations-types.ts).
 */
import type { CardImage } from './gallery-types';
import type { VersionedItem } from './generations-types';

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
  /** The team workspace it belongs to (docs/decisions/0096-workspaces.md); null in the personal space. */
  workspaceId: string | null;
}

/** A card of the Projects list (GET /api/projects). */
export interface ProjectSummary extends Project {
  generationCount: number;
  /** The hero's first image, else the newest generation's; null for an empty project. */
  cover: CardImage | null;
}

export interface ProjectPage {
  items: ProjectSummary[];
  nextCursor: string | null;
}

/** GET /api/projects/:id: the project and every generation in it, oldest first. */
export interface ProjectDetail extends Project {
  generations: VersionedItem[];
}
