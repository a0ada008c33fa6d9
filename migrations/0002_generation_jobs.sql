CREATE TABLE `generation_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`cost` integer NOT NULL,
	`failure_reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`finished_at` integer,
	`deleted_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "generation_jobs_status_check" CHECK("generation_jobs"."status" in ('pending', 'done', 'failed')),
	CONSTRAINT "generation_jobs_cost_check" CHECK("generation_jobs"."cost" >= 0)
);
--> statement-breakpoint
CREATE INDEX `generation_jobs_user_idx` ON `generation_jobs` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `generation_jobs_pending_idx` ON `generation_jobs` (`created_at`) WHERE "generation_jobs"."status" = 'pending';--> statement-breakpoint
-- Backfill. Every saved generation is a delivered job.
INSERT INTO `generation_jobs` (`id`, `user_id`, `status`, `cost`, `created_at`, `finished_at`)
SELECT `id`, `user_id`, 'done', `credits_charged`, `created_at`, `created_at` FROM `generations`;--> statement-breakpoint
-- A charge with no generation row was either refunded (failed), or delivered and then deleted by
-- its owner, or left by a Worker that stopped: the old records cannot tell the last two apart.
-- Those are closed as delivered, because the old sweeper already refunded every true orphan
-- older than its 30-minute threshold, while refunding deleted generations is the leak this table ends.
INSERT INTO `generation_jobs` (`id`, `user_id`, `status`, `cost`, `created_at`, `finished_at`, `deleted_at`)
SELECT charge.`generation_id`, charge.`user_id`,
       CASE WHEN EXISTS (SELECT 1 FROM `credit_ledger` AS refund WHERE refund.`generation_id` = charge.`generation_id` AND refund.`reason` = 'refund') THEN 'failed' ELSE 'done' END,
       -charge.`delta`, charge.`created_at`, charge.`created_at`,
       CASE WHEN EXISTS (SELECT 1 FROM `credit_ledger` AS refund WHERE refund.`generation_id` = charge.`generation_id` AND refund.`reason` = 'refund') THEN NULL ELSE charge.`created_at` END
FROM `credit_ledger` AS charge
WHERE charge.`reason` = 'generation' AND charge.`generation_id` IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM `generations` WHERE `generations`.`id` = charge.`generation_id`);
