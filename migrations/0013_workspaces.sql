CREATE TABLE `workspaces` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`logo_key` text,
	`credits` integer DEFAULT 0 NOT NULL,
	`plan` text DEFAULT 'free' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`deleted_at` integer,
	CONSTRAINT "workspaces_plan_check" CHECK("workspaces"."plan" in ('free', 'pro', 'enterprise')),
	CONSTRAINT "workspaces_credits_check" CHECK("workspaces"."credits" >= 0)
);
--> statement-breakpoint
CREATE TABLE `workspace_invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`invited_by` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`used_by` text,
	`revoked_at` integer,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "workspace_invitations_role_check" CHECK("workspace_invitations"."role" in ('admin', 'member', 'viewer'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `workspace_invitations_token_hash_unique` ON `workspace_invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `workspace_invitations_workspace_idx` ON `workspace_invitations` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `workspace_members` (
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	`monthly_cap` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`removed_at` integer,
	PRIMARY KEY(`workspace_id`, `user_id`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "workspace_members_role_check" CHECK("workspace_members"."role" in ('owner', 'admin', 'member', 'viewer')),
	CONSTRAINT "workspace_members_cap_check" CHECK("workspace_members"."monthly_cap" is null or "workspace_members"."monthly_cap" >= 0)
);
--> statement-breakpoint
CREATE INDEX `workspace_members_user_idx` ON `workspace_members` (`user_id`) WHERE "workspace_members"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX `workspace_members_owner_unique` ON `workspace_members` (`workspace_id`) WHERE "workspace_members"."role" = 'owner';--> statement-breakpoint
ALTER TABLE `credit_ledger` ADD `workspace_id` text REFERENCES workspaces(id);--> statement-breakpoint
CREATE INDEX `credit_ledger_workspace_idx` ON `credit_ledger` (`workspace_id`,`created_at`) WHERE "credit_ledger"."workspace_id" is not null;--> statement-breakpoint
CREATE INDEX `credit_ledger_workspace_member_idx` ON `credit_ledger` (`workspace_id`,`user_id`,`created_at`) WHERE "credit_ledger"."workspace_id" is not null and "credit_ledger"."reason" = 'generation';--> statement-breakpoint
ALTER TABLE `generation_jobs` ADD `workspace_id` text REFERENCES workspaces(id);--> statement-breakpoint
CREATE INDEX `generation_jobs_workspace_idx` ON `generation_jobs` (`workspace_id`,`created_at`) WHERE "generation_jobs"."workspace_id" is not null;--> statement-breakpoint
ALTER TABLE `generations` ADD `workspace_id` text REFERENCES workspaces(id);--> statement-breakpoint
CREATE INDEX `generations_workspace_created_idx` ON `generations` (`workspace_id`,`created_at`) WHERE "generations"."workspace_id" is not null;--> statement-breakpoint
ALTER TABLE `payments` ADD `workspace_id` text REFERENCES workspaces(id);--> statement-breakpoint
CREATE INDEX `payments_workspace_created_idx` ON `payments` (`workspace_id`,`created_at`) WHERE "payments"."workspace_id" is not null;--> statement-breakpoint
ALTER TABLE `projects` ADD `workspace_id` text REFERENCES workspaces(id);--> statement-breakpoint
CREATE INDEX `projects_workspace_updated_idx` ON `projects` (`workspace_id`,`updated_at`) WHERE "projects"."workspace_id" is not null;