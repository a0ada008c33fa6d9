/**
 * Generations this session deleted. A deleted generation's job is still listed by GET /api/jobs
 * and may come again over the socket; the jobs list ignores it, so the finished job never brings
 * the deleted batch back (docs/decisions/0052-studio-on-generation-jobs.md).
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
