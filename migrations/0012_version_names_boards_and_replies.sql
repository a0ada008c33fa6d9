CREATE TABLE `review_replies` (
	`id` text PRIMARY KEY NOT NULL,
	`comment_id` text NOT NULL,
	`project_id` text NOT NULL,
	`user_id` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`comment_id`) REFERENCES `review_comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `review_replies_comment_idx` ON `review_replies` (`comment_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `review_replies_project_idx` ON `review_replies` (`project_id`);--> statement-breakpoint
CREATE TABLE `project_boards` (
	`project_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`board` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `project_boards_user_updated_idx` ON `project_boards` (`user_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `version_names` (
	`project_id` text NOT NULL,
	`tree` integer NOT NULL,
	`number` integer NOT NULL,
	`generation_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`project_id`, `tree`, `number`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "version_names_place_check" CHECK("version_names"."tree" >= 0 and "version_names"."number" >= 1)
);
--> statement-breakpoint
CREATE INDEX `version_names_generation_idx` ON `version_names` (`generation_id`);--> statement-breakpoint
ALTER TABLE `generations` ADD `version_tree` integer;--> statement-breakpoint
ALTER TABLE `generations` ADD `version_number` integer;--> statement-breakpoint
-- Names for the generations already in projects (docs/decisions/0087-version-names.md): the trees
-- of each project lettered by their roots' age, each version numbered by age in its tree, as the
-- review page labelled them until now.
WITH RECURSIVE `walk`(`id`, `project_id`, `root_id`) AS (
	SELECT `g`.`id`, `g`.`project_id`, `g`.`id` FROM `generations` AS `g`
	WHERE `g`.`project_id` IS NOT NULL AND NOT EXISTS (
		SELECT 1 FROM `generations` AS `p` WHERE `p`.`id` = `g`.`parent_id` AND `p`.`project_id` = `g`.`project_id` AND `p`.`id` <> `g`.`id`)
	UNION
	SELECT `c`.`id`, `c`.`project_id`, `w`.`root_id` FROM `generations` AS `c`
	JOIN `walk` AS `w` ON `c`.`parent_id` = `w`.`id` AND `c`.`project_id` = `w`.`project_id` AND `c`.`id` <> `w`.`id`
),
`trees` AS (
	SELECT `r`.`id` AS `root_id`, ROW_NUMBER() OVER (PARTITION BY `r`.`project_id` ORDER BY `r`.`created_at`, `r`.`id`) - 1 AS `tree`
	FROM `generations` AS `r` WHERE `r`.`id` IN (SELECT `root_id` FROM `walk` WHERE `id` = `root_id`)
),
`named` AS (
	SELECT `w`.`id`, `t`.`tree`, ROW_NUMBER() OVER (PARTITION BY `w`.`root_id` ORDER BY `g`.`created_at`, `g`.`id`) AS `number`
	FROM `walk` AS `w` JOIN `trees` AS `t` ON `t`.`root_id` = `w`.`root_id` JOIN `generations` AS `g` ON `g`.`id` = `w`.`id`
)
UPDATE `generations` SET `version_tree` = `named`.`tree`, `version_number` = `named`.`number`
FROM `named` WHERE `generations`.`id` = `named`.`id`;
--> statement-breakpoint
INSERT INTO `version_names` (`project_id`, `tree`, `number`, `generation_id`)
SELECT `project_id`, `version_tree`, `version_number`, `id` FROM `generations`
WHERE `project_id` IS NOT NULL AND `version_tree` IS NOT NULL;
