/** Live updates over GET /api/realtime (docs/decisions/0019-live-updates-durable-object.md). */
export const realtimeMessages = {
  upgradeRequired: 'This address only accepts WebSocket connections.',
  invalidTicket: 'This live-updates ticket is not valid or has expired.',
  forbiddenOrigin: 'Live updates can only be opened from the studio.',
} as const;
