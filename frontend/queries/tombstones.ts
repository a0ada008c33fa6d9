/**
 * Generations this session deleted. A deleted generation's job is still listed by GET /api/jobs,
 * and a history read that began before the delete landed still lists the generation: the jobs
 * list and the studio's history ignore them, so nothing brings a deleted batch back
 * (docs/decisions/0052-studio-on-generation-jobs.md).
 */
const deleted = new Set<string>();

export function markDeleted(id: string): void {
  deleted.add(id);
}

/** The delete was refused: the generation is there after all. */
export function unmarkDeleted(id: string): void {
  deleted.delete(id);
}

export function isDeleted(id: string): boolean {
  return deleted.has(id);
}
