import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import {
  GENERATION_FAILURE_REASONS,
  GENERATION_JOB_STATUSES,
  JOB_KINDS,
  type StoredEdit,
  type StoredImage,
  type StoredJobParams,
} from '#shared/generation-types';
import { INPUT_TYPES, type FidelityStep } from '#shared/drawing-inputs';
import { LEDGER_REASONS } from '#shared/credit-types';
import { PLANS } from '#shared/plans';
import { JOB_STATES, type StoredJobView } from '#shared/job-types';
import type { ProjectBrief } from '#shared/project-types';
import type { UpscaleInfo } from '#shared/print';
import { GALLERY_PERMUTATION_MULTIPLIERS, galleryPermutationSql } from './gallery-permutations';

/** Milliseconds since the epoch, set by SQLite when the row is written. */
export const createdAt = () =>
  integer('created_at', { mode: 'number' })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    credits: integer('credits').notNull().default(0),
    plan: text('plan', { enum: ['free', 'pro', 'enterprise'] }).notNull().default('free'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    check('users_plan_check', sql`${t.plan} in ('free', 'pro', 'enterprise')`),
    check('users_credits_check', sql`${t.credits} >= 0`),
  ],
);

/**
 * A team workspace (docs/decisions/0096-workspaces.md): a practice's own credit pool and plan, the
 * money boundary of everything made in it. Its members and invitations are in workspace-schema.ts.
 * Deleting one sets `deleted_at`: it is then 404 to everyone, its rows and images kept.
 */
export const workspaces = sqliteTable(
  'workspaces',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** R2 key of its logo, under workspaces/{id}/; null for none. */
    logoKey: text('logo_key'),
    credits: integer('credits').notNull().default(0),
    plan: text('plan', { enum: PLANS }).notNull().default('free'),
    createdAt: createdAt(),
    deletedAt: integer('deleted_at'),
  },
  (t) => [
    check('workspaces_plan_check', sql`${t.plan} in ('free', 'pro', 'enterprise')`),
    check('workspaces_credits_check', sql`${t.credits} >= 0`),
  ],
);

/** The workspace a row belongs to; null: its user's personal space. */
const workspaceId = () => text('workspace_id').references(() => workspaces.id);

/**
 * A design project: a named group of the owner's generations, with the design brief every
 * generation made in it carries into its prompt. `brief_version` counts the brief's changes, so a
 * generation records which brief made it.
 */
export const projects = sqliteTable(
  'projects',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    brief: text('brief', { mode: 'json' }).$type<ProjectBrief>().notNull().default(sql`'{}'`),
    briefVersion: integer('brief_version').notNull().default(1),
    /** The generation whose first image goes along as a reference for Concept; null for none. */
    heroGenerationId: text('hero_generation_id'),
    createdAt: createdAt(),
    /** Last change to the project or a generation made in it: the list's "most recently used" order. */
    updatedAt: integer('updated_at').notNull(),
    /** A workspace's project is every member's; `user_id` is who created it. */
    workspaceId: workspaceId(),
  },
  (t) => [
    index('projects_user_updated_idx').on(t.userId, t.updatedAt),
    index('projects_workspace_updated_idx').on(t.workspaceId, t.updatedAt).where(sql`${t.workspaceId} is not null`),
  ],
);

export const generations = sqliteTable(
  'generations',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prompt: text('prompt').notNull(),
    model: text('model', { enum: ['Fast', 'Standard', 'Ultra', 'Concept'] })
      .notNull()
      .default('Standard'),
    visibility: text('visibility', { enum: ['private', 'public'] })
      .notNull()
      .default('private'),
    aspectRatio: text('aspect_ratio').notNull().default('1:1'),
    resolution: text('resolution', { enum: ['1K', '2K', '4K'] }).notNull().default('1K'),
    generationType: text('generation_type', { enum: ['text-to-image', 'image-to-image'] })
      .notNull()
      .default('text-to-image'),
    engine: text('engine', { enum: ['gemini', 'preview'] }).notNull(),
    /** Stored images in view order: R2 keys of original and thumbnail, size, placeholder, seed. */
    images: text('images', { mode: 'json' }).$type<StoredImage[]>().notNull().default(sql`'[]'`),
    /** R2 keys of the reference images the generation was made from. */
    referenceImages: text('reference_images', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    imageCount: integer('image_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    creditsCharged: integer('credits_charged').notNull().default(0),
    /** A random key fixed at creation; the gallery's seeded shuffle orders by it. */
    shuffleKey: integer('shuffle_key').notNull(),
    createdAt: createdAt(),
    /** The project it belongs to; null outside any. Deleting a project keeps its generations. */
    projectId: text('project_id').references(() => projects.id, { onDelete: 'set null' }),
    /** The generation it was refined, varied or re-rendered from; null for a root. */
    parentId: text('parent_id'),
    /** The project's brief version it was made with, and the words that brief added to its prompt. */
    briefVersion: integer('brief_version'),
    briefAddition: text('brief_addition'),
    /** Set when the owner stars it as its view's current version. */
    starredAt: integer('starred_at'),
    /** How it was made: from a prompt, or as a region edit of its parent (docs/decisions/0084-region-edit.md). */
    kind: text('kind', { enum: JOB_KINDS }).notNull().default('generate'),
    /** A region edit's source image, mask and feather; null for every other kind. */
    edit: text('edit', { mode: 'json' }).$type<StoredEdit>(),
    /**
     * What its first reference image was (sketch, model, photo, drawing) and the Precise ↔
     * Creative step it was rendered at; null when the request named no input type.
     */
    inputType: text('input_type', { enum: INPUT_TYPES }),
    fidelity: integer('fidelity').$type<FidelityStep>(),
    /** An upscale's source image (docs/decisions/0089-print-resolution.md); null for every other kind. */
    upscale: text('upscale', { mode: 'json' }).$type<UpscaleInfo>(),
    /**
     * Its name in its project (docs/decisions/0087-version-names.md): the tree (0 is A) and the
     * number in it, issued once from version_names when it joins the project; null outside any.
     */
    versionTree: integer('version_tree'),
    versionNumber: integer('version_number'),
    /** Made in (and paid from) this workspace; `user_id` is the member who made it. */
    workspaceId: workspaceId(),
  },
  (t) => [
    index('generations_user_created_idx').on(t.userId, t.createdAt),
    index('generations_workspace_created_idx').on(t.workspaceId, t.createdAt).where(sql`${t.workspaceId} is not null`),
    index('generations_project_idx').on(t.projectId, t.createdAt).where(sql`${t.projectId} is not null`),
    index('generations_parent_idx').on(t.parentId).where(sql`${t.parentId} is not null`),
    index('generations_public_shuffle_idx')
      .on(t.shuffleKey)
      .where(sql`${t.visibility} = 'public' and ${t.imageCount} > 0`),
    // One index per gallery permutation (worker/db/gallery-permutations.ts): a seed picks one, so every
    // page of a seeded shuffle is an index range scan, never a sort of the whole table.
    ...GALLERY_PERMUTATION_MULTIPLIERS.map((multiplier, k) =>
      index(`generations_public_perm${k}_idx`)
        .on(sql.raw(galleryPermutationSql('shuffle_key', multiplier)))
        .where(sql`${t.visibility} = 'public' and ${t.imageCount} > 0`),
    ),
    check('generations_visibility_check', sql`${t.visibility} in ('private', 'public')`),
    check(
      'generations_model_check',
      sql`${t.model} in ('Fast', 'Standard', 'Ultra', 'Concept')`,
    ),
    check('generations_like_count_check', sql`${t.likeCount} >= 0`),
  ],
);

/**
 * A generation's charge and its outcome, one record from the moment credits are taken: written
 * `pending` in the same batch as the charge, then `done` in the batch that saves the generation
 * or `failed` in the batch that refunds it. The row outlives a deleted generation (`deleted_at`
 * set), so a delivered generation can never again look like a charge whose work never finished.
 */
export const generationJobs = sqliteTable(
  'generation_jobs',
  {
    /** The generation's own id. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: GENERATION_JOB_STATUSES }).notNull().default('pending'),
    /** Credits taken (0 for enterprise). */
    cost: integer('cost').notNull(),
    failureReason: text('failure_reason', { enum: GENERATION_FAILURE_REASONS }),
    createdAt: createdAt(),
    finishedAt: integer('finished_at'),
    deletedAt: integer('deleted_at'),
    /**
     * Where the work stands as the studio shows it (docs/decisions/0036): `status` above is the
     * money's side and keeps its meaning; a cancelled job is `failed` there (refunded).
     */
    state: text('state', { enum: JOB_STATES }).notNull().default('queued'),
    /** One entry a view, in view order. */
    views: text('views', { mode: 'json' }).$type<StoredJobView[]>().notNull().default(sql`'[]'`),
    /** The request as the job keeps it; null for jobs made before jobs ran on the Workflow. */
    params: text('params', { mode: 'json' }).$type<StoredJobParams>(),
    /** The client's Idempotency-Key: one job per (user, key) (docs/decisions/0037). */
    idempotencyKey: text('idempotency_key'),
    /**
     * SHA-256 (hex) of the route and the canonical form of the validated body that opened the job:
     * a key reused with another request is refused (docs/decisions/0083). Null before it was kept.
     */
    requestHash: text('request_hash'),
    /** The balance right after the charge, then after the refund: what the generate answer reports. */
    creditsLeft: integer('credits_left'),
    /** The workspace whose pool paid; its refund goes back there (docs/decisions/0096-workspaces.md). */
    workspaceId: workspaceId(),
  },
  (t) => [
    index('generation_jobs_user_idx').on(t.userId, t.createdAt),
    index('generation_jobs_workspace_idx').on(t.workspaceId, t.createdAt).where(sql`${t.workspaceId} is not null`),
    index('generation_jobs_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index('generation_jobs_active_idx').on(t.userId).where(sql`${t.state} in ('queued', 'running')`),
    uniqueIndex('generation_jobs_user_idempotency_unique')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check('generation_jobs_status_check', sql`${t.status} in ('pending', 'done', 'failed')`),
    check('generation_jobs_state_check', sql`${t.state} in ('queued', 'running', 'done', 'failed', 'cancelled')`),
    check('generation_jobs_cost_check', sql`${t.cost} >= 0`),
  ],
);

export const liked = sqliteTable(
  'liked',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    generationId: text('generation_id')
      .notNull()
      .references(() => generations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('liked_user_generation_unique').on(t.userId, t.generationId),
    index('liked_user_created_idx').on(t.userId, t.createdAt),
    index('liked_generation_idx').on(t.generationId),
  ],
);

/** A Razorpay order (or a local test-mode order) and what became of it. */
export const payments = sqliteTable(
  'payments',
  {
    orderId: text('order_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credits: integer('credits').notNull(),
    /** In paise. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('INR'),
    mode: text('mode', { enum: ['live', 'test'] }).notNull(),
    status: text('status', { enum: ['created', 'paid', 'failed'] }).notNull().default('created'),
    paymentId: text('payment_id'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    paidAt: integer('paid_at'),
    /** A purchase for this workspace's pool (its owner bought it: `user_id`). */
    workspaceId: workspaceId(),
  },
  (t) => [
    uniqueIndex('payments_payment_id_unique').on(t.paymentId),
    index('payments_workspace_created_idx').on(t.workspaceId, t.createdAt).where(sql`${t.workspaceId} is not null`),
    index('payments_user_created_idx').on(t.userId, t.createdAt),
    check('payments_status_check', sql`${t.status} in ('created', 'paid', 'failed')`),
    check('payments_credits_check', sql`${t.credits} between 1 and 100`),
  ],
);

/** Every webhook event seen, by Razorpay's event id, so a redelivery is recognised. */
export const paymentEvents = sqliteTable(
  'payment_events',
  {
    eventId: text('event_id').primaryKey(),
    event: text('event').notNull(),
    orderId: text('order_id'),
    paymentId: text('payment_id'),
    receivedAt: createdAt(),
  },
  (t) => [index('payment_events_order_idx').on(t.orderId)],
);

/**
 * Every change of a balance, written in the same batch as the change: the balance always
 * equals the sum of its rows. Unique keys make a purchase grant, a generation charge and its
 * refund happen at most once.
 */
export const creditLedger = sqliteTable(
  'credit_ledger',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason', { enum: LEDGER_REASONS }).notNull(),
    generationId: text('generation_id'),
    /** The payment a purchase granted; null on every other row (a purchase refund names its refund). */
    paymentId: text('payment_id'),
    note: text('note'),
    createdAt: createdAt(),
    /** The Razorpay refund a `purchase_refund` row took credits back for (docs/decisions/0092). */
    refundId: text('refund_id'),
    /**
     * The workspace pool the row moved; null: the user's own balance. On a workspace's row `user_id`
     * names the member who spent (or the owner who bought).
     */
    workspaceId: workspaceId(),
  },
  (t) => [
    index('credit_ledger_user_idx').on(t.userId, t.createdAt),
    index('credit_ledger_workspace_idx').on(t.workspaceId, t.createdAt).where(sql`${t.workspaceId} is not null`),
    // A member's charges of a month: the cap is checked against them inside the charge's own statement.
    index('credit_ledger_workspace_member_idx')
      .on(t.workspaceId, t.userId, t.createdAt)
      .where(sql`${t.workspaceId} is not null and ${t.reason} = 'generation'`),
    uniqueIndex('credit_ledger_payment_unique')
      .on(t.paymentId)
      .where(sql`${t.paymentId} is not null`),
    uniqueIndex('credit_ledger_generation_reason_unique')
      .on(t.generationId, t.reason)
      .where(sql`${t.generationId} is not null`),
    uniqueIndex('credit_ledger_refund_unique')
      .on(t.refundId)
      .where(sql`${t.refundId} is not null`),
    check(
      'credit_ledger_reason_check',
      sql`${t.reason} in ('signup', 'generation', 'refund', 'purchase', 'operator', 'purchase_refund')`,
    ),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type GenerationRow = typeof generations.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type GenerationJobRow = typeof generationJobs.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;
export type WorkspaceRow = typeof workspaces.$inferSelect;
