CREATE TABLE `projects` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`brief` text DEFAULT '{}' NOT NULL,
	`brief_version` integer DEFAULT 1 NOT NULL,
	`hero_generation_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `projects_user_updated_idx` ON `projects` (`user_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `review_approvals` (
	`id` text PRIMARY KEY NOT NULL,
	`link_id` text NOT NULL,
	`project_id` text NOT NULL,
	`generation_id` text NOT NULL,
	`status` text NOT NULL,
	`reviewer_name` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`link_id`) REFERENCES `review_links`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`generation_id`) REFERENCES `generations`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "review_approvals_status_check" CHECK("review_approvals"."status" in ('approved', 'changes_requested'))
);
--> statement-breakpoint
CREATE INDEX `review_approvals_project_idx` ON `review_approvals` (`project_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `review_approvals_generation_idx` ON `review_approvals` (`generation_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `review_comments` (
	`id` text PRIMARY KEY NOT NULL,
	`link_id` text NOT NULL,
	`project_id` text NOT NULL,
	`generation_id` text NOT NULL,
	`image_index` integer DEFAULT 0 NOT NULL,
	`body` text NOT NULL,
	`author_name` text NOT NULL,
	`x` real,
	`y` real,
	`resolved_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`link_id`) REFERENCES `review_links`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`generation_id`) REFERENCES `generations`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "review_comments_pin_check" CHECK(("review_comments"."x" is null and "review_comments"."y" is null) or ("review_comments"."x" between 0 and 1 and "review_comments"."y" between 0 and 1))
);
--> statement-breakpoint
CREATE INDEX `review_comments_project_idx` ON `review_comments` (`project_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `review_comments_link_idx` ON `review_comments` (`link_id`);--> statement-breakpoint
CREATE INDEX `review_comments_generation_idx` ON `review_comments` (`generation_id`);--> statement-breakpoint
CREATE TABLE `review_links` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`user_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`allow_download` integer DEFAULT false NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_links_token_hash_unique` ON `review_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `review_links_project_idx` ON `review_links` (`project_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `generations` ADD `project_id` text REFERENCES projects(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `generations` ADD `parent_id` text;--> statement-breakpoint
ALTER TABLE `generations` ADD `brief_version` integer;--> statement-breakpoint
ALTER TABLE `generations` ADD `brief_addition` text;--> statement-breakpoint
ALTER TABLE `generations` ADD `starred_at` integer;--> statement-breakpoint
CREATE INDEX `generations_project_idx` ON `generations` (`project_id`,`created_at`) WHERE "generations"."project_id" is not null;--> statement-breakpoint
CREATE INDEX `generations_parent_idx` ON `generations` (`parent_id`) WHERE "generations"."parent_id" is not null;