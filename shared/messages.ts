/**
 * Every user-facing text, word for word from the original product where it gives one
 * (docs/decisions/0027-texts-word-for-word.md), one module per area under shared/messages/. The
 * Worker reads them through this barrel; the app imports each area's module itself, so a route's
 * scripts carry only its own texts (docs/decisions/0078-react-on-the-server.md; eslint.config.js
 * refuses this barrel under frontend/).
 */
export * from './messages/account';
export * from './messages/auth';
export * from './messages/board';
export * from './messages/brand';
export * from './messages/credits';
export * from './messages/gallery';
export * from './messages/general';
export * from './messages/generation-request';
export * from './messages/jobs';
export * from './messages/payments';
export * from './messages/print';
export * from './messages/projects';
export * from './messages/prompt';
export * from './messages/realtime';
export * from './messages/receipts';
export * from './messages/region-edit';
export * from './messages/review-requests';
export * from './messages/studio';
export * from './messages/validation';
export * from './messages/viewer';
export * from './messages/workspaces';
