/** One key per cached list, and the keys of the mutations screens watch. */
export type DashboardTab = 'generations' | 'likes';

export const queryKeys = {
  /** Every gallery query (one per viewer, search text and shuffle seed; null: the shared order). */
  gallery: ['gallery'] as const,
  galleryPages: (viewerId: string | null, q: string, seed: number | null) => ['gallery', { viewerId, q, seed }] as const,
  /** Both dashboard lists of every owner. */
  dashboard: ['dashboard'] as const,
  dashboardList: (ownerId: string, tab: DashboardTab) => ['dashboard', ownerId, tab] as const,
  /** The studio's history of every user. */
  history: ['history'] as const,
  /** Every history of one user: all their generations, and each project's (the studio inside a project). */
  historyOf: (userId: string) => ['history', userId] as const,
  historyIn: (userId: string, projectId: string | null) => ['history', userId, projectId ?? 'all'] as const,
  /** The caller's unfinished and recent generation jobs (GET /api/jobs, kept current by the live connection). */
  jobs: ['jobs'] as const,
  jobsOf: (userId: string) => ['jobs', userId] as const,
  /** One of the caller's generations (GET /api/generations/:id): the compare page reads its items so. */
  generation: (ownerId: string, id: string) => ['generation', ownerId, id] as const,
  /** Every project query of every owner: the list and each project page. */
  projects: ['projects'] as const,
  projectList: (ownerId: string) => ['projects', ownerId, 'list'] as const,
  project: (ownerId: string, id: string) => ['projects', ownerId, 'project', id] as const,
  /** A view's fidelity map as a data URL; it changes only with the view's score (a re-render). */
  fidelityMap: (ownerId: string, generationId: string, index: number, score: number) => ['fidelity-map', ownerId, generationId, index, score] as const,
};

/** The roots of every list that may hold a generation (what the shared updaters walk). */
export const generationListRoots = [queryKeys.gallery[0], queryKeys.dashboard[0], queryKeys.history[0]] as const;

export const mutationKeys = {
  generate: ['generate'] as const,
  like: ['like'] as const,
  visibility: ['visibility'] as const,
  remove: ['delete'] as const,
};
