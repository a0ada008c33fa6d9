ALTER TABLE `generations` ADD `kind` text DEFAULT 'generate' NOT NULL;--> statement-breakpoint
ALTER TABLE `generations` ADD `edit` text;