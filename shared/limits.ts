/** Every number the product's rules depend on; docs/decisions/ says why each one holds. */

export const STARTING_CREDITS = 12;

export const CREDIT_PRICE_INR = 699;
export const MIN_CREDITS_PER_PURCHASE = 1;
export const MAX_CREDITS_PER_PURCHASE = 100;
export const RECOMMENDED_CREDITS = 12;

export const MIN_VIEWS = 1;
export const MAX_VIEWS = 4;
export const INITIAL_VIEWS = 4;
export const MAX_INPUT_IMAGES = 3;
export const PROMPT_MAX_CHARS = 2000;
export const PROMPT_MIN_CHARS = 3;
export const HISTORY_MAX_BATCHES = 50;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const PASSWORD_MIN_LENGTH = 8;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
export const PBKDF2_ITERATIONS = 100_000;
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;

export const SIGNED_URL_TTL_SECONDS = 7200;
export const THUMBNAIL_MAX_SIDE = 512;
export const CONCEPT_MAX_SIDE = 2048;
export const CROP_TOLERANCE = 0.02;

export const GALLERY_PAGE_SIZE = 40;

export const VALIDATION_CACHE_TTL_MS = 24 * 60 * 60 * 1000;
export const VALIDATION_CACHE_MAX_ENTRIES = 1000;

export const RETRY_DELAYS_MS = [1000, 2000] as const;

/**
 * How long one call to a provider may take before it is abandoned. A timed-out attempt is
 * retried like a dropped connection (RETRY_DELAYS_MS), and a view whose attempts all time out is
 * a failed view. Image models render for tens of seconds — Gemini's Pro image model at 2K,
 * thinking first, is the slowest — so an attempt gets about four times a slow render; the text
 * helpers answer 512 tokens in a few seconds; Razorpay's Orders API answers in well under one.
 * Worst case for a view: three attempts plus the 1 s and 2 s waits (3 min 3 s at 1K).
 */
export const PROVIDER_TIMEOUTS_MS = {
  image: { '1K': 60_000, '2K': 120_000 },
  text: 20_000,
  razorpayOrder: 10_000,
} as const;

export const WATERMARK = {
  opacity: 0.63,
  widthFraction: 0.045,
  marginPx: 20,
  jpegQuality: 95,
} as const;

// Generation pipeline.
/** The Concept model's output token cap (docs/decisions/0020-image-engines.md). */
export const CONCEPT_MAX_OUTPUT_TOKENS = 8192;
/** Output token cap of the text helpers (validation, enhancement). */
export const TEXT_MAX_OUTPUT_TOKENS = 512;
export const VALIDATION_TEMPERATURE = 0.3;
export const ENHANCE_TEMPERATURE = 0.7;
/** Over the cache's size the oldest fifth is dropped. */
export const VALIDATION_CACHE_EVICT_FRACTION = 0.2;
/** ThumbHash encodes images of at most 100 × 100 px. */
export const PLACEHOLDER_MAX_SIDE = 100;
/**
 * JPEG quality of thumbnails (every full image uses WATERMARK.jpegQuality:
 * docs/decisions/0013-thumbnails-and-placeholders.md).
 */
export const THUMBNAIL_JPEG_QUALITY = 80;
/**
 * A reference path counts as an upload when shorter than this
 * (docs/decisions/0030-generation-request-rules.md).
 */
export const REFERENCE_PATH_MAX_CHARS = 500;
/**
 * Signed URLs expire on a 10-minute grid, so a page rebuilt within the same slot gets the same
 * URL and the browser cache keeps working; the lifetime stays between 6600 and 7200 s.
 */
export const SIGNED_URL_STEP_SECONDS = 600;
/**
 * Public media never changes under its key, but its owner may make it private at any time: shared
 * caches keep it at most an hour, then revalidate (a cheap 304 through the ETag while public).
 */
export const PUBLIC_MEDIA_MAX_AGE_SECONDS = 3600;
/** Conversation history kept for a refinement: enough context, bounded request size. */
export const MAX_HISTORY_TURNS = 20;
/** A base64 inline image in a request body: the upload limit, in base64 characters. */
export const MAX_INLINE_IMAGE_CHARS = Math.ceil((MAX_UPLOAD_BYTES * 4) / 3) + 4;
/** How long a browser may keep an owner's private media read with a Bearer token. */
export const OWNER_MEDIA_MAX_AGE_SECONDS = 3600;

// Gallery, dashboard and likes (docs/decisions/0033-gallery-and-dashboard-screens.md).
/** The most cards one page of the gallery, the dashboard or the likes may ask for. */
export const MAX_PAGE_SIZE = 100;
/** Search shorter than a trigram cannot use the FTS5 trigram index and scans instead. */
export const TRIGRAM_MIN_CHARS = 3;
/** The longest gallery search accepted (a prompt is at most PROMPT_MAX_CHARS anyway). */
export const GALLERY_QUERY_MAX_CHARS = 200;

/**
 * A generation job still pending this long after it started was interrupted (its Worker stopped
 * before finishing it): the sweeper closes and refunds it. Far above any real generation's time.
 */
export const ORPHAN_CHARGE_AGE_MS = 30 * 60 * 1000;
/** Orphans refunded per sweep; the next sweep takes the rest. */
export const ORPHAN_SWEEP_BATCH = 50;

// Abuse limits (docs/decisions/0004, 0003).
/**
 * Failed sign-ins behind one address across all accounts within LOGIN_FAILURE_WINDOW_SECONDS.
 * Ten times the per-account limit: an office, campus or carrier NAT where a few dozen people
 * mistype now and then stays far below it, while one address spraying guesses across accounts
 * gets at most 100 tries per 15 minutes (400 an hour) instead of 10 per account it names.
 */
export const LOGIN_ADDRESS_FAILURE_LIMIT = 100;
/**
 * Sign-ups per client address per minute (the SIGNUP_LIMITER binding in wrangler.toml carries
 * the same number; the binding's period is 10 or 60 s only).
 */
export const SIGNUPS_PER_ADDRESS_PER_MINUTE = 5;
/**
 * How long a just-rotated refresh token still yields its successor instead of revoking the
 * session: a retry after a lost answer or two tabs refreshing at once arrive within seconds.
 */
export const REFRESH_REUSE_WINDOW_SECONDS = 30;
/** How long the Worker waits for Turnstile's siteverify before refusing the sign-up. */
export const TURNSTILE_TIMEOUT_MS = 5_000;
/** Orders still open after this long are closed by the cron (a late payment still grants). */
export const OPEN_ORDER_TTL_SECONDS = 24 * 60 * 60;
/** An open order younger than this, for the same credits, is handed out again instead of a new one. */
export const ORDER_REUSE_SECONDS = 60 * 60;

// Request, image and socket limits. Each number says what it protects.
/** Body cap of every JSON route that has no larger one: a sign-in or a webhook is a few KB. */
export const SMALL_BODY_MAX_BYTES = 64 * 1024;
/** Room for the multipart envelope around an upload of MAX_UPLOAD_BYTES. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** Base64 bytes of the conversation history a refinement may send (about six 2K JPEG turns). */
export const MAX_HISTORY_BYTES = 8 * 1024 * 1024;
/** Parts of one history turn (a prompt and an image or two; the studio sends at most two). */
export const MAX_HISTORY_PARTS_PER_TURN = 8;
/** Body cap of POST /api/generate: the inline images that are used, the history, and the rest. */
export const GENERATE_BODY_MAX_BYTES = MAX_INPUT_IMAGES * (MAX_INLINE_IMAGE_CHARS + 100) + MAX_HISTORY_BYTES + SMALL_BODY_MAX_BYTES;
/** Body cap of POST /api/uploads. */
export const UPLOAD_BODY_MAX_BYTES = MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES;
/** The window of every Rate Limiting binding in wrangler.toml, and the 429's Retry-After. */
export const RATE_LIMIT_PERIOD_SECONDS = 60;
/**
 * The most pixels an image may have to be decoded (uploads, inline images, provider output),
 * read from its header before any decode. photon decodes to RGBA (4 bytes a pixel) and a JPEG
 * passes through RGB first, so a decode peaks near 7 bytes a pixel: 16.8 MP (4096 × 4096, the
 * largest image a Gemini image model returns; a 12 MP phone photo fits) peaks near 117 MB, just
 * under the isolate's 128 MB. 40 MP would need about 280 MB and could never decode in production.
 */
export const MAX_IMAGE_PIXELS = 4096 * 4096;
/** Long side of a stored reference: it is downscaled once, at upload (the Concept output's size). */
export const REFERENCE_MAX_SIDE = 2048;
/** A reference within REFERENCE_MAX_SIDE but heavier than this is re-encoded too. */
export const REFERENCE_KEEP_MAX_BYTES = 2 * 1024 * 1024;
export const REFERENCE_JPEG_QUALITY = 90;
/** Reference uploads one user may store per UTC day, and their stored bytes (after downscaling). */
export const MAX_UPLOADS_PER_DAY = 100;
export const MAX_UPLOAD_BYTES_PER_DAY = 200 * 1024 * 1024;
/** An uploaded reference no generation uses is removed by the cron once it is this old. */
export const UNUSED_REFERENCE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Live sockets one user may hold (tabs and devices); a new one closes the oldest over this. */
export const MAX_LIVE_SOCKETS_PER_USER = 20;
/** How long a live-updates ticket (POST /api/realtime/ticket) may wait to be used, once. */
export const REALTIME_TICKET_TTL_SECONDS = 30;
/** Unused tickets one user may hold; issuing more drops the oldest. */
export const MAX_OPEN_TICKETS_PER_USER = 20;
/** R2 listing pages (1,000 keys each) one cleanup run reads; the next run goes on from the start. */
export const REFERENCE_CLEANUP_MAX_PAGES = 5;

// Generation jobs (docs/decisions/0036-generation-jobs-on-workflows.md).
/**
 * Unfinished jobs (queued or running) one user may hold, enterprise included: a fourth waits
 * for one to end. A studio submits one job at a time; three covers a second tab and a device.
 */
export const MAX_ACTIVE_JOBS_PER_USER = 3;
/** Retry-After of the fair-share 429: a 1K view takes about ten seconds, so one job ends soon. */
export const ACTIVE_JOBS_RETRY_AFTER_SECONDS = 15;
/** An Idempotency-Key header is 1 to this many visible ASCII characters (docs/decisions/0037). */
export const IDEMPOTENCY_KEY_MAX_CHARS = 200;
/** Ended jobs GET /api/jobs lists after the unfinished ones. */
export const RECENT_JOBS_LISTED = 10;
/** How often a request waiting for its job (no `Prefer: respond-async`) looks at it. */
export const JOB_WAIT_POLL_MS = { first: 50, max: 500 } as const;
/**
 * The Workflow's retry rule for one view, RETRY_DELAYS_MS expressed as a step's retries:
 * 2 retries, 1 s then 2 s (docs/decisions item 25).
 */
export const VIEW_STEP_RETRIES = { limit: RETRY_DELAYS_MS.length, delay: RETRY_DELAYS_MS[0], backoff: 'exponential' } as const;
/**
 * The job's bookkeeping steps (begin; record or refund, then tell) only touch D1 and R2: every
 * write is conditional and safe to repeat, so they retry more, from 1 s.
 */
export const RECORD_STEP_RETRIES = { limit: 5, delay: 1000, backoff: 'exponential' } as const;
/** A thought signature sent back with a history part (Gemini 3 signatures are a few KB). */
export const MAX_THOUGHT_SIGNATURE_CHARS = 64 * 1024;
/**
 * Test-only: with PREVIEW_HOLDS on, the offline preview engine holds each view of a prompt
 * carrying these words until a test releases it (docs/decisions/0053).
 */
export const SLOW_PREVIEW_MARKER = '(slow preview)';

/** A project's name (api.md: 1–120 characters). */
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
/** Comment and approval posts a minute, per review link and per client address (wrangler.toml REVIEW_LIMITER). */
export const REVIEW_POSTS_PER_MINUTE = 30;
/** How long a reviewer's browser may keep an image read through a review link. */
export const REVIEW_MEDIA_MAX_AGE_SECONDS = 3600;
/** A compare shows two to four images. */
export const COMPARE_MIN_ITEMS = 2;
export const COMPARE_MAX_ITEMS = 4;
/** Rows one page of GET /api/me/ledger holds (docs/decisions/0060-credit-ledger-read.md). */
export const LEDGER_PAGE_SIZE = 50;
/** How deep a lineage walk follows parents or children: far past any real version tree, a stop for a corrupt one. */
export const LINEAGE_MAX_DEPTH = 500;
