/** The upscale's words: the action on an image, its refusals and its job (ours: the source documents predate upscales). */

const credits = (count: number) => `${count} ${count === 1 ? 'credit' : 'credits'}`;

export const upscaleCopy = {
  upscale: 'Upscale ×2',
  /** The action's visible text, with its price unless the plan is unlimited. */
  action: (cost: number | null) => (cost === null ? 'Upscale ×2' : `Upscale ×2 · ${credits(cost)}`),
  /** Its accessible name and tooltip: the size it makes, and the price. */
  actionLabel: (width: number, height: number, cost: number | null) =>
    `Upscale ×2 to ${width} × ${height} px${cost === null ? '' : ` · ${credits(cost)}`}`,
  /** The name where several images share one place: which image it acts on comes first. */
  actionLabelOf: (label: string, action: string) => `${label}: ${action}`,
  upscaling: 'Upscaling…',
  needsPaidPlan: 'Upscaling this image makes it 4K, which is available on paid plans.',
  needsCredits: (cost: number) => `Need ${credits(cost)} to upscale.`,
  queued: 'Upscale queued: the new version appears beside its source when it is ready.',
  failed: 'The upscale could not be started. Please try again.',
  mark: 'Upscaled ×2',
  treePrompt: (prompt: string) => `Upscale ×2: ${prompt}`,
} as const;
