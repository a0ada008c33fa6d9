ALTER TABLE `login_failures` ADD `address` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `login_failures_address_idx` ON `login_failures` (`address`,`failed_at`);