/**
 * Caps on what one account or one review link's holder can multiply (docs/decisions/0082): every
 * count the Worker checks before it writes another row, in one place. Each is checked in the same
 * statement as the write it guards, so parallel requests cannot slip past it. The app shows none of
 * these numbers itself; a refusal's message names the cap.
 */

/**
 * Password reset emails one account is sent an hour, however often its address is typed into
 * "Forgot password" (PASSWORD_RESET_LIMITER counts the requests themselves): nobody can bury an
 * inbox in reset emails.
 */
export const MAX_RESET_EMAILS_PER_HOUR = 3;

/** Projects one account holds: far past a practice's live work; deleting one frees its place. */
export const MAX_PROJECTS_PER_USER = 1000;

/** Review links of one project that work at once (neither revoked nor expired). */
export const MAX_ACTIVE_REVIEW_LINKS_PER_PROJECT = 20;
/** Review links one account creates in 24 hours: creating and revoking in a loop stops here. */
export const MAX_REVIEW_LINKS_PER_USER_PER_DAY = 100;

/** Comments through one link, and on one project through all its links. */
export const MAX_REVIEW_COMMENTS_PER_LINK = 500;
export const MAX_REVIEW_COMMENTS_PER_PROJECT = 2000;
/**
 * The owner's replies under one comment: a page of comments carries its replies
 * (docs/decisions/0087-version-names.md), so this bounds what a page weighs.
 */
export const MAX_REVIEW_REPLIES_PER_COMMENT = 50;
/** Decisions kept through one link, and on one project (every decision is kept as history). */
export const MAX_REVIEW_DECISIONS_PER_LINK = 500;
export const MAX_REVIEW_DECISIONS_PER_PROJECT = 2000;

/**
 * Comment and decision posts a minute under one name on one link (wrangler.toml
 * REVIEW_NAME_LIMITER carries the same number): a flood under one name, however many addresses it
 * comes from, holds back only that name.
 */
export const REVIEW_POSTS_PER_NAME_PER_MINUTE = 10;

/** Comments one page of a thread or of the owner's feedback holds, oldest first. */
export const REVIEW_COMMENTS_PAGE_SIZE = 100;

/**
 * Without downloads, a reviewer gets only the rungs of the rendition ladder below the original's
 * width and at most this wide: enough for a 1440 px screen's review column, never the original.
 */
export const REVIEW_PREVIEW_MAX_WIDTH = 1024;

/** Workspaces one account owns (docs/decisions/0096-workspaces.md): more practices than anyone runs. */
export const MAX_WORKSPACES_OWNED_PER_USER = 20;
/** Members of one workspace plus its open invitations: a practice's whole staff, with room. */
export const MAX_WORKSPACE_SEATS = 200;
/** Projects one workspace holds, as one account does (MAX_PROJECTS_PER_USER). */
export const MAX_PROJECTS_PER_WORKSPACE = 1000;
