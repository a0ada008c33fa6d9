/**
 * The Worker's own limits: numbers only the Worker reads (the app's and the contract's are in
 * shared/limits.ts); docs/decisions/ says why each one holds.
 */
import { MAX_INPUT_IMAGES, MAX_UPLOAD_BYTES } from '#shared/limits';

export const PROMPT_MIN_CHARS = 3;

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

export const VALIDATION_CACHE_TTL_MS = 24 * 60 * 60 * 1000;
export const VALIDATION_CACHE_MAX_ENTRIES = 1000;

export const WATERMARK = {
  opacity: 0.63,
  widthFraction: 0.045,
  marginPx: 20,
  jpegQuality: 95,
} as const;

export const RETRY_DELAYS_MS = [1000, 2000] as const;

/**
 * How long one call to a provider may take before it is abandoned. A timed-out attempt is
 * retried like a dropped connection (RETRY_DELAYS_MS), and a view whose attempts all time out is
 * a failed view. Image models render for tens of seconds — Gemini's Pro image model at 2K,
 * thinking first, is the slowest — so an attempt gets about four times a slow render; the text
 * helpers answer 512 tokens in a few seconds; Razorpay's Orders API answers in well under one.
 * Worst case for a view: three attempts plus the 1 s and 2 s waits (3 min 3 s at 1K). A 4K render
 * takes longer again (docs/decisions/0089-print-resolution.md); its worst case, 9 min 3 s, stays
 * well inside ORPHAN_CHARGE_AGE_MS.
 */
export const PROVIDER_TIMEOUTS_MS = {
  image: { '1K': 60_000, '2K': 120_000, '4K': 180_000 },
  text: 20_000,
  razorpayOrder: 10_000,
  /** Asking Razorpay what became of an order whose checkout closed: it answers in well under a second. */
  razorpayOrderPayments: 5_000,
} as const;

// Generation pipeline.
/**
 * An upscale sends its source's master as it is up to this size (a preview's is a few hundred KB);
 * a larger one (a photographic 2K PNG is about 10 MB) goes as a JPEG at the delivered quality, to
 * stay well inside what Google takes inline in one request (docs/decisions/0089-print-resolution.md).
 */
export const UPSCALE_REFERENCE_MAX_BYTES = 7 * 1024 * 1024;
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
/** Base64 bytes of the conversation history a refinement may send (about six 2K JPEG turns). */
export const MAX_HISTORY_BYTES = 8 * 1024 * 1024;
/** Parts of one history turn (a prompt and an image or two; the studio sends at most two). */
export const MAX_HISTORY_PARTS_PER_TURN = 8;
/** Body cap of POST /api/generate: the inline images that are used, the history, and the rest. */
export const GENERATE_BODY_MAX_BYTES = MAX_INPUT_IMAGES * (MAX_INLINE_IMAGE_CHARS + 100) + MAX_HISTORY_BYTES + SMALL_BODY_MAX_BYTES;
/** Body cap of a region edit: its mask as base64 (an upload's size at most) and an instruction. */
export const EDIT_BODY_MAX_BYTES = MAX_INLINE_IMAGE_CHARS + SMALL_BODY_MAX_BYTES;
/** Room for the multipart envelope around an upload of MAX_UPLOAD_BYTES. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
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
/**
 * The longest a request waits for its job (docs/decisions/0083-bounded-waiters-and-closed-jobs.md).
 * Cloudflare's proxy ends a response that sends nothing for 100 s; past this bound the request
 * answers 202 with the job as it stands, and the client follows it (GET /api/jobs/:id or the live
 * connection). `Prefer: wait=N` asks for less, never more.
 */
export const JOB_WAIT_MAX_SECONDS = 90;
/**
 * Requests waiting on one job at once: the request that opened it and a retry or two after a lost
 * answer. Past it a request answers 202 with the job at once (0083); waiting costs the user's
 * Durable Object a pending call each, never work.
 */
export const MAX_WAITERS_PER_JOB = 3;
/** Requests waiting on all of one user's jobs at once: two for each job the user may run. */
export const MAX_WAITERS_PER_USER = 2 * MAX_ACTIVE_JOBS_PER_USER;
/**
 * The Workflow's retry rule for one view, RETRY_DELAYS_MS expressed as a step's retries:
 * 2 retries, 1 s then 2 s (docs/decisions/0022-engine-retries.md).
 */
export const VIEW_STEP_RETRIES = { limit: RETRY_DELAYS_MS.length, delay: RETRY_DELAYS_MS[0], backoff: 'exponential' } as const;
/**
 * The job's bookkeeping steps (begin; record or refund, then tell) only touch D1 and R2: every
 * write is conditional and safe to repeat, so they retry more, from 1 s.
 */
export const RECORD_STEP_RETRIES = { limit: 5, delay: 1000, backoff: 'exponential' } as const;
/** A thought signature sent back with a history part (Gemini 3 signatures are a few KB). */
export const MAX_THOUGHT_SIGNATURE_CHARS = 64 * 1024;
/** Comment and approval posts a minute per client address (wrangler.toml REVIEW_LIMITER; per name: worker/platform/caps.ts). */
export const REVIEW_POSTS_PER_MINUTE = 30;
/** Rows one page of GET /api/me/ledger holds (docs/decisions/0060-credit-ledger-read.md). */
export const LEDGER_PAGE_SIZE = 50;
/** Purchases per page of GET /api/payments/purchases: few people buy more than a handful a year. */
export const PURCHASES_PAGE_SIZE = 20;
/** How deep a lineage walk follows parents or children: far past any real version tree, a stop for a corrupt one. */
export const LINEAGE_MAX_DEPTH = 500;

// Region edits (docs/decisions/0084-region-edit.md).
/** Context sent around the mask's bounding box, each side: a quarter of the box's long side, at least 48 px. */
export const EDIT_CONTEXT_FRACTION = 0.25;
export const EDIT_CONTEXT_MIN_PX = 48;
/** Each side of the crop spans at least this share of the image's long side, so the model sees the light and style around a small mask. */
export const EDIT_MIN_CROP_FRACTION = 0.25;
/** The feather band is 1/128 of the image's long side (8 px at 1K, 16 px at 2K), at least 4 px and at most EDIT_FEATHER_MAX_PX. */
export const EDIT_FEATHER_FRACTION = 1 / 128;
export const EDIT_FEATHER_MIN_PX = 4;
/** Pixels between the feather band and the ring that registration and colour matching read: the model's seam never counts. */
export const EDIT_RING_GUARD_PX = 4;
/** Registration looks for shifts up to this share of the crop's long side, and for these scales. */
export const EDIT_REGISTRATION_SEARCH_FRACTION = 0.06;
export const EDIT_REGISTRATION_SCALES = [0.97, 0.975, 0.98, 0.985, 0.99, 0.995, 1, 1.005, 1.01, 1.015, 1.02, 1.025, 1.03] as const;
/** The least correlation of gradients in the ring at the registered position: below it the answer redrew its context. */
export const EDIT_REGISTRATION_MIN_SCORE = 0.5;
/** JPEG quality of the crop sent to the model (the answer is re-rendered anyway; only the master must be lossless). */
export const EDIT_CROP_JPEG_QUALITY = 92;
