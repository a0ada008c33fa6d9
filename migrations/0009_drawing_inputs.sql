ALTER TABLE `generations` ADD `input_type` text;--> statement-breakpoint
ALTER TABLE `generations` ADD `fidelity` integer;