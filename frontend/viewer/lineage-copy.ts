/** The viewer's lineage texts (docs/decisions/0070-studio-in-a-project.md). */
export const lineageCopy = {
  button: 'Lineage',
  rootToThis: 'Lineage: the first version to this one',
  thisImage: 'This image',
  version: (prompt: string) => `Version: ${prompt}`,
  laterVersions: 'Made from this one',
  isRoot: 'This is the first version.',
  loading: 'Loading the lineage…',
  failed: 'The lineage could not be loaded.',
} as const;
