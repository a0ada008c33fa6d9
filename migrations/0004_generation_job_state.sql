PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_generation_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`cost` integer NOT NULL,
	`failure_reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`finished_at` integer,
	`deleted_at` integer,
	`state` text DEFAULT 'queued' NOT NULL,
	`views` text DEFAULT '[]' NOT NULL,
	`params` text,
	`idempotency_key` text,
	`credits_left` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "generation_jobs_status_check" CHECK("__new_generation_jobs"."status" in ('pending', 'done', 'failed')),
	CONSTRAINT "generation_jobs_state_check" CHECK("__new_generation_jobs"."state" in ('queued', 'running', 'done', 'failed', 'cancelled')),
	CONSTRAINT "generation_jobs_cost_check" CHECK("__new_generation_jobs"."cost" >= 0)
);
--> statement-breakpoint
-- Jobs made before this migration ran inside one request: a pending one is running (or was
-- interrupted, which the sweeper closes), the others ended as their money says.
INSERT INTO `__new_generation_jobs`("id", "user_id", "status", "cost", "failure_reason", "created_at", "finished_at", "deleted_at", "state")
SELECT "id", "user_id", "status", "cost", "failure_reason", "created_at", "finished_at", "deleted_at",
       CASE "status" WHEN 'pending' THEN 'running' WHEN 'done' THEN 'done' ELSE 'failed' END
FROM `generation_jobs`;--> statement-breakpoint
DROP TABLE `generation_jobs`;--> statement-breakpoint
ALTER TABLE `__new_generation_jobs` RENAME TO `generation_jobs`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `generation_jobs_user_idx` ON `generation_jobs` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `generation_jobs_pending_idx` ON `generation_jobs` (`created_at`) WHERE "generation_jobs"."status" = 'pending';--> statement-breakpoint
CREATE INDEX `generation_jobs_active_idx` ON `generation_jobs` (`user_id`) WHERE "generation_jobs"."state" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX `generation_jobs_user_idempotency_unique` ON `generation_jobs` (`user_id`,`idempotency_key`) WHERE "generation_jobs"."idempotency_key" is not null;