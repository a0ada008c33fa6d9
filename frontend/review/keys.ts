/** The review queries' keys: the reviewer's page and the owner's panels. */
export const reviewKeys = {
  page: (token: string) => ['review', 'page', token] as const,
  links: (projectId: string) => ['review', 'owner', projectId, 'links'] as const,
  feedback: (projectId: string) => ['review', 'owner', projectId, 'feedback'] as const,
  /** Every owner-side review query of a project (the live message invalidates them). */
  project: (projectId: string) => ['review', 'owner', projectId] as const,
};
