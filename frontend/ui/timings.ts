/** How the app's screens pace themselves: UI timings and thresholds, not product rules. */

/** The client checks its token every 30 s and refreshes when under 90 s remain. */
export const TOKEN_CHECK_INTERVAL_MS = 30_000;

export const TOKEN_REFRESH_MARGIN_SECONDS = 90;

/** How long a copy-prompt check mark shows: gallery card, viewer, dashboard card. */
export const COPY_CHECK_MS = { studio: 1000, galleryCard: 1200, viewer: 2000, dashboardCard: 3000 } as const;

/** While the live connection is down and a generation job runs, the studio reads its jobs this often. */
export const JOBS_POLL_MS = 4000;

/** Notices and banners hide after this long. */
export const NOTICE_DURATION_MS = 5000;

/** The credit ring is full at this many credits (credits divided by 100, capped). */
export const CREDIT_RING_FULL = 100;

/** A swipe shorter than this does not move the viewer. */
export const SWIPE_THRESHOLD_PX = 50;

/** The armed delete confirm disarms after this long. */
export const DELETE_CONFIRM_MS = 3000;

/** Pause between the files of a multi-image download. */
export const DOWNLOAD_PAUSE_MS = 300;

/** An item unliked in the Likes tab leaves after this long. */
export const UNLIKED_REMOVE_DELAY_MS = 300;

/**
 * An open review page reads its payload again this often (and whenever its tab is shown again), so
 * a revoked or expired link says so without a reload and the owner's replies appear. The reviewer
 * has no live connection; one small GET a minute per open tab is the price.
 */
export const REVIEW_REVALIDATE_MS = 60_000;
