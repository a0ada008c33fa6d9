/** Generation jobs (docs/decisions/0036–0038). */
export const jobMessages = {
  tooManyJobs: (limit: number) =>
    `You already have ${limit} generations running. Please wait for one to finish and try again.`,
  cannotCancel: 'This generation has already started, so it can no longer be cancelled.',
  alreadyEnded: 'This generation has already finished.',
  invalidIdempotencyKey: 'The Idempotency-Key header must be 1 to 200 visible ASCII characters.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request. Send a new key for a new generation.',
  cancelled: 'The generation was cancelled.',
  couldNotStart: 'The generation could not be started.',
} as const;
