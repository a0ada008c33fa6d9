/** Every number the product's rules depend on; docs/decisions/ says why each one holds. */

export const STARTING_CREDITS = 12;

export const CREDIT_PRICE_INR = 699;
export const MIN_CREDITS_PER_PURCHASE = 1;
export const MAX_CREDITS_PER_PURCHASE = 100;
export const RECOMMENDED_CREDITS = 12;
/** Billing details printed on receipts (docs/decisions/0092-receipts-and-refunds.md). */
export const BILLING_NAME_MAX_CHARS = 120;
export const BILLING_ADDRESS_MAX_CHARS = 300;

export const MIN_VIEWS = 1;
export const MAX_VIEWS = 4;
export const INITIAL_VIEWS = 4;
export const MAX_INPUT_IMAGES = 3;
export const PROMPT_MAX_CHARS = 2000;
export const HISTORY_MAX_BATCHES = 50;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const GALLERY_PAGE_SIZE = 40;

/** A password reset link works once, for this long (docs/api.md "Auth and profile"; the page and the email say so). */
export const PASSWORD_RESET_TTL_MINUTES = 30;

/**
 * Test-only: with PREVIEW_HOLDS on, the offline preview engine holds each view of a prompt
 * carrying these words until a test releases it (docs/decisions/0053).
 */
export const SLOW_PREVIEW_MARKER = '(slow preview)';

/** A project's name (docs/api.md "Projects, lineage and compare": 1–120 characters). */
export const PROJECT_NAME_MAX_CHARS = 120;
/** Each field of a project's design brief. */
export const BRIEF_FIELD_MAX_CHARS = 500;
/** A review link lives 1–90 days, 14 unless the owner says otherwise. */
export const REVIEW_LINK_MIN_DAYS = 1;
export const REVIEW_LINK_MAX_DAYS = 90;
export const REVIEW_LINK_DEFAULT_DAYS = 14;
/** A reviewer's comment and display name. */
export const REVIEW_COMMENT_MAX_CHARS = 2000;
export const REVIEWER_NAME_MAX_CHARS = 80;
/** A compare shows two to four images. */
export const COMPARE_MIN_ITEMS = 2;
export const COMPARE_MAX_ITEMS = 4;

/** A workspace's name (a practice's), as a project's. */
export const WORKSPACE_NAME_MAX_CHARS = 120;
/** An invitation link works once, for this many days (docs/decisions/0096-workspaces.md). */
export const INVITATION_TTL_DAYS = 7;
/** The largest monthly spend cap an owner or admin may set on one member, in credits. */
export const MONTHLY_CAP_MAX = 1_000_000;
/** A workspace's logo: PNG, JPEG or WebP (by its bytes, on the Worker) up to this many bytes. */
export const WORKSPACE_LOGO_MAX_BYTES = 1024 * 1024;
export const WORKSPACE_LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
