CREATE INDEX `generations_public_perm0_idx` ON `generations` ((((shuffle_key + 1) * 48271) % 2147483647)) WHERE "generations"."visibility" = 'public' and "generations"."image_count" > 0;--> statement-breakpoint
CREATE INDEX `generations_public_perm1_idx` ON `generations` ((((shuffle_key + 1) * 16807) % 2147483647)) WHERE "generations"."visibility" = 'public' and "generations"."image_count" > 0;--> statement-breakpoint
CREATE INDEX `generations_public_perm2_idx` ON `generations` ((((shuffle_key + 1) * 69621) % 2147483647)) WHERE "generations"."visibility" = 'public' and "generations"."image_count" > 0;--> statement-breakpoint
CREATE INDEX `generations_public_perm3_idx` ON `generations` ((((shuffle_key + 1) * 630360016) % 2147483647)) WHERE "generations"."visibility" = 'public' and "generations"."image_count" > 0;--> statement-breakpoint
CREATE INDEX `generations_public_perm4_idx` ON `generations` ((((shuffle_key + 1) * 742938285) % 2147483647)) WHERE "generations"."visibility" = 'public' and "generations"."image_count" > 0;--> statement-breakpoint
CREATE INDEX `generations_public_perm5_idx` ON `generations` ((((shuffle_key + 1) * 950706376) % 2147483647)) WHERE "generations"."visibility" = 'public' and "generations"."image_count" > 0;--> statement-breakpoint
CREATE INDEX `generations_public_perm6_idx` ON `generations` ((((shuffle_key + 1) * 1226874159) % 2147483647)) WHERE "generations"."visibility" = 'public' and "generations"."image_count" > 0;--> statement-breakpoint
CREATE INDEX `generations_public_perm7_idx` ON `generations` ((((shuffle_key + 1) * 397204094) % 2147483647)) WHERE "generations"."visibility" = 'public' and "generations"."image_count" > 0;--> statement-breakpoint
-- Gallery search (docs/decisions/0017-server-built-gallery.md): a case-insensitive substring of the
-- prompt. A trigram FTS5 index over the prompts answers it without reading every row; drizzle does
-- not model virtual tables or triggers, so they are written here by hand and kept in step by the
-- triggers.
CREATE VIRTUAL TABLE `generations_fts` USING fts5(prompt, content='generations', content_rowid='rowid', tokenize='trigram');--> statement-breakpoint
INSERT INTO `generations_fts`(rowid, prompt) SELECT rowid, prompt FROM `generations`;--> statement-breakpoint
CREATE TRIGGER `generations_fts_insert` AFTER INSERT ON `generations` BEGIN
  INSERT INTO `generations_fts`(rowid, prompt) VALUES (new.rowid, new.prompt);
END;--> statement-breakpoint
CREATE TRIGGER `generations_fts_delete` AFTER DELETE ON `generations` BEGIN
  INSERT INTO `generations_fts`(`generations_fts`, rowid, prompt) VALUES ('delete', old.rowid, old.prompt);
END;--> statement-breakpoint
CREATE TRIGGER `generations_fts_update` AFTER UPDATE OF prompt ON `generations` BEGIN
  INSERT INTO `generations_fts`(`generations_fts`, rowid, prompt) VALUES ('delete', old.rowid, old.prompt);
  INSERT INTO `generations_fts`(rowid, prompt) VALUES (new.rowid, new.prompt);
END;
